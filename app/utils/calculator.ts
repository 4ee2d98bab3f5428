import { addDays } from "date-fns";
import { isoDate } from "./dates";
import { quoteAdvance } from "./quote";
import {
  ADVANCE_STEP_DOLLARS,
  MAX_ADVANCE_CENTS,
  MIN_ADVANCE_CENTS,
  PROCESSING_FEE_CENTS,
} from "./rules";

export { PROCESSING_FEE_CENTS };

// The advance calculator of the marketing page (SPEC §2 Advance calculator, §5 calculator
// amount, §9 fee and repayment date; no risk rating for the consumer). Pure functions: the
// browser runs them as the user moves the slider, and the server runs the same ones for the GET
// form without JavaScript, so both always show the same summary.

/** The calculator's range is the advance range (SPEC §12). */
export const CALCULATOR_MIN = MIN_ADVANCE_CENTS / 100;
export const CALCULATOR_MAX = MAX_ADVANCE_CENTS / 100;
export const CALCULATOR_STEP = ADVANCE_STEP_DOLLARS;
export const CALCULATOR_INITIAL = 250;
/** Default repayment (next pay) date: today + 14 days (SPEC §9). */
const DEFAULT_PAY_DATE_DAYS = 14;

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * What the user typed, as dollars rounded to cents; null when it is not a plain decimal
 * number ("abc", "", "0x1F4", "1e3"), which the calculator ignores.
 */
export function readTypedAmount(
  text: string | null | undefined,
): number | null {
  const trimmed = (text ?? "").trim();
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100) / 100;
}

/** Clamps a number into the calculator range (typed 150 → 200, typed 650 → 500). */
export function clampAmount(value: number): number {
  return Math.min(CALCULATOR_MAX, Math.max(CALCULATOR_MIN, value));
}

/**
 * A typed value snapped into the range; non-numeric input is ignored (the current amount
 * stays).
 */
export function snapAmount(text: string | number, current: number): number {
  const value = typeof text === "number" ? text : readTypedAmount(text);
  if (value === null || !Number.isFinite(value)) return current;
  return clampAmount(Math.round(value * 100) / 100);
}

/** The value a step-10 range input shows for an amount (browsers round to the nearest step). */
export function sliderValue(amount: number): number {
  const steps = Math.round((amount - CALCULATOR_MIN) / CALCULATOR_STEP);
  return clampAmount(CALCULATOR_MIN + steps * CALCULATOR_STEP);
}

/** Today + 14 days as yyyy-MM-dd. */
export function defaultPayDate(today: string): string {
  return isoDate(
    addDays(parseIsoDate(today) ?? new Date(), DEFAULT_PAY_DATE_DAYS),
  );
}

/** A yyyy-MM-dd calendar date as local midnight, or null when it is not a real date. */
export function parseIsoDate(text: string | null | undefined): Date | null {
  const match = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!match) return null;
  // Built by hand rather than with date-fns `parse` and `format`, whose parsers and formatters
  // (with the locale) would add ~6 KB gzip to the marketing page's JavaScript; the round trip
  // below still rejects dates like 2025-02-30.
  const date = new Date(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
  );
  if (Number.isNaN(date.getTime()) || isoDate(date) !== text) return null;
  return date;
}

/**
 * The next pay date the user chose, when it is a real date from today on; anything else
 * (empty, malformed, in the past) falls back to the default.
 */
export function readPayDate(
  text: string | null | undefined,
  today: string,
): string {
  const date = parseIsoDate(text);
  if (!date || !text || text < today) return defaultPayDate(today);
  return text;
}

export type AdvanceSummary = {
  amountCents: number;
  /** What the employee pays apart, on their own card at checkout ($0.00 when the company does). */
  feeCents: number;
  /** What payroll repays: the advance, and only the advance. */
  repaymentCents: number;
  /** yyyy-MM-dd */
  repaymentDate: string;
  /** The APR in percent, one decimal, as /request and checkout compute it (utils/quote). */
  apr: number;
};

/**
 * The summary panel: advance, fee, what payroll repays, repayment date and APR, for one
 * deduction on the chosen pay date as seen `today` (yyyy-MM-dd). The figures are the quote's
 * (quoteAdvance, the one place /request, checkout and the API take them from). For a
 * signed-in employee whose company pays the fee, the fee is $0.00.
 */
export function calculateAdvance(
  amount: number,
  payDate: string,
  today: string,
  companyPaysFee = false,
): AdvanceSummary {
  const amountCents = Math.round(clampAmount(amount) * 100);
  const now = parseIsoDate(today) ?? new Date();
  const repaymentDate = payDate < today ? today : payDate;
  const quote = quoteAdvance(
    amountCents,
    1,
    // One pay date: the chosen one (a schedule anchored there pays on it first).
    { frequency: "BIWEEKLY", nextPayDate: repaymentDate },
    now,
    companyPaysFee ? "COMPANY" : "EMPLOYEE",
  );
  return {
    amountCents,
    feeCents: quote.feeCents,
    repaymentCents: quote.schedule.reduce((sum, d) => sum + d.amountCents, 0),
    repaymentDate: payDate,
    apr: quote.apr,
  };
}

/**
 * The calculator's state from the no-JavaScript GET form (?amount=…&slider=…&prev=…&payDate=…).
 * Without JavaScript the slider and the number box are not kept in step, so the form also
 * sends the amount it was rendered with (`prev`): whichever of the two inputs differs from it
 * is the one the user changed. A link with only ?amount= works too.
 */
export function readCalculatorQuery(
  params: URLSearchParams,
  today: string,
): { amount: number; payDate: string } {
  const prev = readTypedAmount(params.get("prev"));
  const typed = readTypedAmount(params.get("amount"));
  const slider = readTypedAmount(params.get("slider"));
  const base = prev === null ? CALCULATOR_INITIAL : clampAmount(prev);
  let amount = base;
  if (typed !== null && (prev === null || typed !== prev)) {
    amount = snapAmount(typed, base);
  } else if (slider !== null && slider !== sliderValue(base)) {
    amount = snapAmount(slider, base);
  }
  return { amount, payDate: readPayDate(params.get("payDate"), today) };
}
