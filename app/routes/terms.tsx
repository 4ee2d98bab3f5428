import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  intlLocale,
  translatedTitle,
  useLanguage,
  useMessageText,
  useT,
} from "~/utils/i18n";
import { formatCents } from "~/utils/money";
import {
  GROCERY_RESTRICTION,
  MAX_ADVANCE_WHOLE,
  MIN_ADVANCE_WHOLE,
  PAY_BY_DAYS,
  PROCESSING_FEE_CENTS,
  TERMS_DATE_TEXT,
  TERMS_VERSION,
} from "~/utils/rules";
import { pageI18n } from "~/web/language.server";

// The terms of the advance program: public, versioned and dated. Checkout
// records on each advance the version accepted; a new version applies to later advances only.

export async function loader({ request }: LoaderFunctionArgs) {
  const { language, i18n } = await pageI18n(request, ["pages", "messages"]);
  // The version's date as it is written in running text: "November 25, 2026", in Spanish
  // "25 de noviembre de 2026".
  const date =
    language === "en"
      ? TERMS_DATE_TEXT
      : new Intl.DateTimeFormat(intlLocale(language), {
          dateStyle: "long",
          timeZone: "UTC",
        }).format(new Date(`${TERMS_VERSION}T12:00:00Z`));
  return json({ i18n, version: TERMS_VERSION, date });
}

export default function TermsPage() {
  const { version, date } = useLoaderData<typeof loader>();
  const t = useT("pages");
  const language = useLanguage();
  const text = useMessageText();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto max-w-2xl space-y-4 p-6 py-12 text-gray-900"
    >
      <h1 className="text-2xl font-bold">{t("terms.heading")}</h1>
      <p className="text-sm text-gray-700" data-testid="terms-version">
        {t("terms.version", { version, date })}
      </p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          {t("terms.items.advance", {
            range: t("range", {
              min: MIN_ADVANCE_WHOLE,
              max: MAX_ADVANCE_WHOLE,
            }),
            restriction: text(GROCERY_RESTRICTION),
          })}
        </li>
        <li>
          {t("terms.items.cost", {
            fee: formatCents(PROCESSING_FEE_CENTS, language),
          })}
        </li>
        <li>{t("terms.items.disclosure")}</li>
        <li>{t("terms.items.repayment")}</li>
        <li>{t("terms.items.expiry", { days: PAY_BY_DAYS })}</li>
        <li>{t("terms.items.versions")}</li>
      </ol>
      <p className="text-sm">
        <Link to="/" className="text-brand-700 underline">
          {t("terms.back")}
        </Link>
      </p>
    </main>
  );
}

export const meta = translatedTitle(
  "pages:terms.title",
  "common:descriptions.terms",
);

export const ErrorBoundary = GeneralErrorBoundary;
