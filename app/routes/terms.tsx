import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTitle } from "~/utils/meta";
import {
  ADVANCE_RANGE_TEXT,
  GROCERY_RESTRICTION,
  PAY_BY_DAYS,
  PROCESSING_FEE_TEXT,
  TERMS_DATE_TEXT,
  TERMS_VERSION,
} from "~/utils/rules";

// The terms of the advance program (decision 0075): public, versioned and dated. Checkout
// records on each advance the version accepted; a new version applies to later advances only.

export function loader() {
  return json({ version: TERMS_VERSION, date: TERMS_DATE_TEXT });
}

export default function TermsPage() {
  const { version, date } = useLoaderData<typeof loader>();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto max-w-2xl space-y-4 p-6 py-12 text-gray-900"
    >
      <h1 className="text-2xl font-bold">Grocery Advance terms</h1>
      <p className="text-sm text-gray-700" data-testid="terms-version">
        Version {version}, in effect from {date}.
      </p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          An advance is {ADVANCE_RANGE_TEXT} of your pay, requested from your
          employer. It is put on a virtual card that works only in grocery
          stores and supermarkets ({GROCERY_RESTRICTION}).
        </li>
        <li>
          The only cost is a flat processing fee of {PROCESSING_FEE_TEXT} per
          advance. There is no interest and there are no other charges. The fee
          is authorized on your own card at checkout and charged when your
          grocery card is issued; if the grocery card cannot be issued, the
          authorization is released and nothing is charged. The advance itself
          is never charged to your own card.
        </li>
        <li>
          Before you request and again at checkout we show the fee, the total
          you repay, each payroll deduction&apos;s date and amount, and the cost
          as an annual percentage rate (APR), worked out by the actuarial method
          of Regulation Z, appendix J.
        </li>
        <li>
          You repay the advance only by deductions from your pay, over the 1 to
          3 pay periods you chose, starting with the first pay date after your
          card is issued. We have no other way to collect it: what a paycheck
          cannot cover moves to the next pay date.
        </li>
        <li>
          After your employer approves, you have {PAY_BY_DAYS} days to pay the
          fee at checkout; after that the approval expires and nothing is owed.
          You may cancel a request until you pay.
        </li>
        <li>
          By paying at checkout you accept the version of these terms shown
          there; we record that version and the time on your advance. A later
          version applies only to advances you request after it is published.
        </li>
      </ol>
      <p className="text-sm">
        <Link to="/" className="text-brand-700 underline">
          Back to Grocery Advance
        </Link>
      </p>
    </main>
  );
}

export const meta = pageTitle("Terms");

export const ErrorBoundary = GeneralErrorBoundary;
