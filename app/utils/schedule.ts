import { PAY_PERIOD_DAYS } from "./dates";
import { splitCents } from "./money";
import {
  addDaysIso,
  dayStart,
  DEFAULT_PAY_FREQUENCY,
  isoDay,
  payDatesFrom,
  type PaySchedule,
} from "./pay-schedule";

export type ScheduledDeduction = { amountCents: number; date: Date };

/**
 * Without a company (an employee not linked yet): the next payroll is today plus 15 days (SPEC
 * §9), then every two weeks (the default schedule).
 */
function fallbackSchedule(now: Date = new Date()): PaySchedule {
  return {
    frequency: DEFAULT_PAY_FREQUENCY,
    nextPayDate: addDaysIso(isoDay(now), PAY_PERIOD_DAYS),
  };
}

/**
 * The payroll deductions of an advance whose card is issued `now` (DESIGN §4 the money model
 * (3)): the amount split over the repayment periods in cents, remainder cents on the earliest
 * (500 over 3 = 166.67, 166.67, 166.66), on the company's pay dates: the first on the first
 * pay date on or after the day of issue, one per pay date after that.
 */
export function deductionSchedule(
  amountCents: number,
  periods: number,
  schedule: PaySchedule | null,
  now: Date = new Date(),
): ScheduledDeduction[] {
  const pay = schedule ?? fallbackSchedule(now);
  // No pay date falls between today and the company's next pay date.
  const today = isoDay(now);
  const from = pay.nextPayDate > today ? pay.nextPayDate : today;
  const dates = payDatesFrom(pay, from, periods);
  return splitCents(amountCents, periods).map((amountCents, i) => ({
    amountCents,
    date: dayStart(dates[i]),
  }));
}
