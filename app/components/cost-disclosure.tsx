import { Link } from "@remix-run/react";
import { formatApr } from "~/utils/apr";
import { formatDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { useLanguage, useT, withElements } from "~/utils/i18n";
import { PROCESSING_FEE_CENTS } from "~/utils/rules";

// The cost of an advance before the employee commits: on /request and at
// checkout, from the same quote (utils/quote). Server-rendered; the request form re-renders it
// in the browser as the amount or the periods change.

/** A quote as it travels from a loader to the page (dates as ISO strings). */
export type QuoteView = {
  amountCents: number;
  feeCents: number;
  companyFeeCents: number;
  totalCents: number;
  apr: number;
  schedule: { date: string | Date; amountCents: number }[];
  termsVersion: string;
  /** The employee's work state capped the fee: the disclosure says so. */
  feeCap?: { stateName: string; capCents: number } | null;
  /** Who pays the fee (a quote from before this field: the company when it pays a fee). */
  feePaidBy?: "EMPLOYEE" | "COMPANY";
};

export function CostDisclosure({
  quote,
  title,
}: {
  quote: QuoteView;
  title?: string;
}) {
  const t = useT("disclosure");
  const language = useLanguage();
  const money = (cents: number) => formatCents(cents, language);
  title ??= t("title");
  const companyPays =
    (quote.feePaidBy ??
      (quote.companyFeeCents > 0 ? "COMPANY" : "EMPLOYEE")) === "COMPANY";
  // Where the company pays, the fee line shows the fee it pays, and the total what the
  // employee pays: the deductions alone (never "paid at checkout $0.00").
  const rows: [string, string, string][] = [
    ["card-amount", t("cardAmount"), money(quote.amountCents)],
    companyPays
      ? ["fee", t("feeCompany"), money(quote.companyFeeCents)]
      : ["fee", t("feeCheckout"), money(quote.feeCents)],
    [
      "total",
      t(companyPays ? "totalCompanyPays" : "total"),
      money(quote.totalCents),
    ],
  ];
  return (
    <section
      aria-label={title}
      data-testid="cost-disclosure"
      className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-gray-900"
    >
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      <dl className="mt-2 space-y-1">
        {rows.map(([id, label, value]) => (
          <div key={id} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="font-medium tabular-nums" data-testid={id}>
              {value}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4">
          <dt>{t("apr")}</dt>
          <dd className="font-medium tabular-nums" data-testid="apr">
            {formatApr(quote.apr, language)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-gray-700">{t("aprExplained")}</p>
      <h3 className="mt-3 font-semibold">{t("deductions")}</h3>
      <ol className="mt-1 space-y-1" data-testid="deduction-schedule">
        {quote.schedule.map((d, i) => (
          <li key={i} className="flex justify-between gap-4">
            <span>{formatDate(d.date, language)}</span>
            <span className="tabular-nums">{money(d.amountCents)}</span>
          </li>
        ))}
      </ol>
      {quote.feeCap ? (
        <p className="mt-3" data-testid="fee-capped">
          {t("feeCapped", {
            state: quote.feeCap.stateName,
            fee: money(quote.feeCap.capCents),
          })}
        </p>
      ) : null}
      <p className="mt-3" data-testid="only-cost">
        {t(companyPays ? "companyPays" : "onlyCost", {
          fee: money(
            quote.feeCap ? quote.feeCap.capCents : PROCESSING_FEE_CENTS,
          ),
        })}
      </p>
      <p className="mt-1 text-xs text-gray-700">
        {withElements(t("terms", { version: quote.termsVersion }), {
          link: (
            <Link to="/terms" className="text-brand-700 underline">
              {t("readTerms")}
            </Link>
          ),
        })}
      </p>
    </section>
  );
}
