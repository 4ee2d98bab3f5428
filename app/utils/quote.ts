import { addDays } from "date-fns";
import { annualPercentageRate, daysBetween, roundApr } from "./apr";
import { fromCents, toCents } from "./money";
import { PAY_BY_DAYS, PROCESSING_FEE_CENTS, TERMS_VERSION } from "./rules";
import type { PaySchedule } from "./pay-schedule";
import { deductionSchedule } from "./schedule";
import { feeCapCents, type FeeLimit } from "./state-rules";

// The cost of an advance before the employee commits (DESIGN §4 The money model (1)): the
// amount put on the grocery card, the fee, the total repaid, each deduction's date and amount,
// and the APR. One pure function: /request (server and browser),
// checkout and GET /api/advance-quote all show its figures.

/** Who pays an advance's processing fee (the company's setting, fixed on the advance). */
export type FeePayer = "EMPLOYEE" | "COMPANY";

export type Quote = {
  amountCents: number;
  /** What the employee pays at checkout: the fee, or 0 when the company pays it. */
  feeCents: number;
  /** The processing fee the company pays instead (0 when the employee pays it). */
  companyFeeCents: number;
  /** What the employee pays in all: the fee at checkout plus the deductions. */
  totalCents: number;
  /** The APR in percent, one decimal (Regulation Z appendix J, the fee paid up front). */
  apr: number;
  schedule: { date: Date; amountCents: number }[];
  termsVersion: string;
  /** The fee was lowered to the cap of the employee's work state: which state, what cap. */
  feeCap: { stateName: string; capCents: number } | null;
  /** Who pays the fee: the disclosure names the payer, whatever the fee's amount. */
  feePaidBy: FeePayer;
};

/**
 * The processing fee of an advance: never more than the advance, nor than the cap of the
 * employee's work state.
 */
export function feeFor(
  amountCents: number,
  limit: FeeLimit | null = null,
): number {
  const cap = feeCapCents(limit, amountCents);
  return Math.min(PROCESSING_FEE_CENTS, amountCents, cap ?? Infinity);
}

/**
 * A filed request's fee: the one stored when it was filed (its state's cap applied), or, for a
 * request filed before state rules, the flat fee capped at the amount.
 */
export function requestFeeCents(request: {
  amount: string;
  feeAmount: string | null;
}): number {
  return request.feeAmount !== null
    ? toCents(request.feeAmount)
    : feeFor(toCents(request.amount));
}

/**
 * The quote for `amountCents` over `periods`, as if the card were issued `now`: the schedule is
 * the one card issuance writes (utils/schedule). The fee is paid at checkout, on the day the
 * card is funded, so it is a prepaid finance charge: the amount financed is the advance minus
 * the fee, repaid by the deductions (decision 0074). When the company pays the fee the employee
 * pays nothing but the advance back: $0.00 fee, 0 % APR.
 */
export function quoteAdvance(
  amountCents: number,
  periods: number,
  paySchedule: PaySchedule | null,
  now: Date = new Date(),
  payer: FeePayer = "EMPLOYEE",
  limit: FeeLimit | null = null,
): Quote {
  const fullFeeCents = feeFor(amountCents, limit);
  const feeCents = payer === "COMPANY" ? 0 : fullFeeCents;
  const uncapped = feeFor(amountCents);
  const schedule = deductionSchedule(
    amountCents,
    periods,
    paySchedule,
    now,
  ).map((d) => ({ date: d.date, amountCents: d.amountCents }));
  const apr = annualPercentageRate(
    amountCents - feeCents,
    schedule.map((d) => ({
      amountCents: d.amountCents,
      days: Math.max(1, daysBetween(now, d.date)),
    })),
  );
  return {
    amountCents,
    feeCents,
    companyFeeCents: fullFeeCents - feeCents,
    totalCents: amountCents + feeCents,
    apr: roundApr(apr),
    schedule,
    termsVersion: TERMS_VERSION,
    feeCap:
      limit && fullFeeCents < uncapped
        ? { stateName: limit.stateName, capCents: fullFeeCents }
        : null,
    feePaidBy: payer,
  };
}

/** The quote as JSON (GET /api/advance-quote): money strings, ISO dates. */
export function quoteJson(quote: Quote) {
  return {
    amount: fromCents(quote.amountCents),
    fee: fromCents(quote.feeCents),
    feePaidBy: (quote.companyFeeCents > 0
      ? "COMPANY"
      : "EMPLOYEE") satisfies FeePayer,
    total: fromCents(quote.totalCents),
    apr: quote.apr,
    schedule: quote.schedule.map((d) => ({
      date: d.date.toISOString(),
      amount: fromCents(d.amountCents),
    })),
    termsVersion: quote.termsVersion,
    feeCappedBy: quote.feeCap?.stateName ?? null,
  };
}

/** The last day to pay for (and so keep) an approval: approval date + 7 days. */
export function payByDate(approvalDate: Date): Date {
  return addDays(approvalDate, PAY_BY_DAYS);
}

/** Which amount and periods a shown disclosure was for ("30000:1"): the form sends it back. */
export function quoteKey(amountCents: number, periods: number): string {
  return `${amountCents}:${periods}`;
}
