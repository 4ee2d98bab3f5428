import { LinkButton } from "~/components/ui/button";

/** The sign-in page's second column: what the product offers. */
export function AuthAside() {
  return (
    <aside className="flex flex-col justify-center bg-brand-800 p-10 text-white">
      <h2 className="text-3xl font-bold">Grocery money when you need it</h2>
      <p className="mt-3 text-brand-50">
        Small advances on your paycheck, spent only on groceries, repaid
        automatically.
      </p>
      <ul className="mt-8 space-y-5">
        <li>
          <p className="font-semibold">Instant access to funds</p>
          <p className="text-sm text-brand-50">
            Get approval within hours, not days.
          </p>
        </li>
        <li>
          <p className="font-semibold">Automatic payroll deductions</p>
          <p className="text-sm text-brand-50">
            Repay over 1 to 3 paychecks with no effort and no interest.
          </p>
        </li>
        <li>
          <p className="font-semibold">Easy management for employers</p>
          <p className="text-sm text-brand-50">
            Review and approve requests from a simple dashboard.
          </p>
        </li>
      </ul>
      <LinkButton
        to="/how-it-works"
        variant="secondary"
        className="mt-10 self-start"
      >
        Learn How It Works
      </LinkButton>
    </aside>
  );
}
