// The annual percentage rate of an advance, by the actuarial method of Regulation Z, 12 CFR
// 1026 appendix J. Pure, browser-safe: the
// request form computes it as the amount changes, the server for the page and the API.

import { intlLocale, type Language } from "./i18n";
import { DAY_MS } from "./pay-schedule";
const DAYS_PER_YEAR = 365;

export type AprPayment = { amountCents: number; days: number };

/**
 * The unit period in days (appendix J (b)(3)–(5)): for a single payment the term itself; for
 * several payments the most common interval between them (our schedules are every 15 days).
 */
export function unitPeriodDays(payments: AprPayment[]): number {
  if (payments.length === 1) return Math.max(1, payments[0].days);
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (let k = 1; k < payments.length; k++) {
    const gap = payments[k].days - payments[k - 1].days;
    const count = (counts.get(gap) ?? 0) + 1;
    counts.set(gap, count);
    if (count > bestCount || (count === bestCount && gap < best)) {
      best = gap;
      bestCount = count;
    }
  }
  return Math.max(1, best);
}

/** Present value of the payments at a rate per unit period (appendix J (b)(8) equation). */
function presentValue(payments: AprPayment[], unit: number, i: number): number {
  let total = 0;
  for (const p of payments) {
    // Time from the advance to the payment: full unit periods plus a fraction (in days).
    const t = Math.floor(p.days / unit);
    const f = (p.days - t * unit) / unit;
    total += p.amountCents / ((1 + f * i) * Math.pow(1 + i, t));
  }
  return total;
}

/**
 * The APR in percent (unrounded) for one advance of `amountFinancedCents` on day 0 repaid by
 * `payments` (days after the advance). 0 when there is no finance charge. The rate per unit
 * period is found by bisection to far better than appendix J's 1/8 of a percentage point,
 * then multiplied by the unit periods in a year (365 / unit days).
 */
export function annualPercentageRate(
  amountFinancedCents: number,
  payments: AprPayment[],
): number {
  const paid = payments.reduce((sum, p) => sum + p.amountCents, 0);
  if (payments.length === 0 || amountFinancedCents <= 0) return 0;
  if (paid <= amountFinancedCents) return 0;
  const unit = unitPeriodDays(payments);
  let low = 0;
  let high = 1;
  while (presentValue(payments, unit, high) > amountFinancedCents) high *= 2;
  for (let n = 0; n < 200; n++) {
    const mid = (low + high) / 2;
    if (presentValue(payments, unit, mid) > amountFinancedCents) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * (DAYS_PER_YEAR / unit) * 100;
}

/** "137.0%": one decimal, as the disclosure prints it (other languages through Intl). */
export function formatApr(percent: number, language: Language = "en"): string {
  const rounded = Math.round(percent * 10) / 10;
  if (language === "en") return `${rounded.toFixed(1)}%`;
  return new Intl.NumberFormat(intlLocale(language), {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rounded / 100);
}

/** The APR rounded to one decimal, as a number (the API's `apr`). */
export function roundApr(percent: number): number {
  return Math.round(percent * 10) / 10;
}

/** Whole days from `from` to `to`, by calendar day in UTC. */
export function daysBetween(from: Date, to: Date): number {
  const day = (d: Date) =>
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / DAY_MS;
  return Math.round(day(to) - day(from));
}
