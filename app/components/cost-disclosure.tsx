import { Link } from "@remix-run/react";
import { formatApr } from "~/utils/apr";
import { formatDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import {
  APR_EXPLAINED,
  COMPANY_PAYS_TEXT,
  ONLY_COST_TEXT,
} from "~/utils/rules-texts";

// The cost of an advance before the employee commits (decision 0074): on /request and at
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
};

export function CostDisclosure({
  quote,
  title = "What this advance costs",
}: {
  quote: QuoteView;
  title?: string;
}) {
  const companyPays = quote.companyFeeCents > 0;
  const rows: [string, string, string][] = [
    ["card-amount", "Put on your grocery card", formatCents(quote.amountCents)],
    [
      "fee",
      companyPays
        ? "Processing fee (your company pays it)"
        : "Processing fee (paid at checkout)",
      formatCents(quote.feeCents),
    ],
    [
      "total",
      "Total you pay (the fee and the deductions)",
      formatCents(quote.totalCents),
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
          <dt>Annual percentage rate (APR)</dt>
          <dd className="font-medium tabular-nums" data-testid="apr">
            {formatApr(quote.apr)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-gray-700">{APR_EXPLAINED}</p>
      <h3 className="mt-3 font-semibold">Payroll deductions</h3>
      <ol className="mt-1 space-y-1" data-testid="deduction-schedule">
        {quote.schedule.map((d, i) => (
          <li key={i} className="flex justify-between gap-4">
            <span>{formatDate(d.date)}</span>
            <span className="tabular-nums">{formatCents(d.amountCents)}</span>
          </li>
        ))}
      </ol>
      <p className="mt-3" data-testid="only-cost">
        {companyPays ? COMPANY_PAYS_TEXT : ONLY_COST_TEXT}
      </p>
      <p className="mt-1 text-xs text-gray-700">
        Dates assume your card is issued today. Terms version{" "}
        {quote.termsVersion}:{" "}
        <Link to="/terms" className="text-brand-700 underline">
          read the terms
        </Link>
        .
      </p>
    </section>
  );
}
