import { LinkButton } from "~/components/ui/button";
import { useT } from "~/utils/i18n";

/** The sign-in page's second column: what the product offers. */
export function AuthAside() {
  const t = useT("auth");
  return (
    <aside className="flex flex-col justify-center bg-brand-800 p-10 text-white">
      <h2 className="text-3xl font-bold">{t("aside.heading")}</h2>
      <p className="mt-3 text-brand-50">{t("aside.intro")}</p>
      <ul className="mt-8 space-y-5">
        <li>
          <p className="font-semibold">{t("aside.instantTitle")}</p>
          <p className="text-sm text-brand-50">{t("aside.instantText")}</p>
        </li>
        <li>
          <p className="font-semibold">{t("aside.deductionsTitle")}</p>
          <p className="text-sm text-brand-50">{t("aside.deductionsText")}</p>
        </li>
        <li>
          <p className="font-semibold">{t("aside.employersTitle")}</p>
          <p className="text-sm text-brand-50">{t("aside.employersText")}</p>
        </li>
      </ul>
      <LinkButton
        to="/how-it-works"
        variant="secondary"
        className="mt-10 self-start"
      >
        {t("aside.learnMore")}
      </LinkButton>
    </aside>
  );
}
