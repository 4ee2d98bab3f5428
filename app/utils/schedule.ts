import { addDays } from "date-fns";
import { PAY_PERIOD_DAYS } from "./dates";
import { splitCents } from "./money";

export type ScheduledDeduction = { amountCents: number; date: Date };

/**
 * The payroll deductions of an approved advance (DESIGN §4 Approving): the amount split over
 * the repayment periods in cents, remainder cents on the earliest (500 over 3 = 166.67,
 * 166.67, 166.66); the first on the employee's pay cycle end if it is still in the future,
 * else today + 15 days; then every 15 days.
 */
export function deductionSchedule(
  amountCents: number,
  periods: number,
  payCycleEndDate: Date | null,
  now: Date = new Date(),
): ScheduledDeduction[] {
  const first =
    payCycleEndDate && payCycleEndDate.getTime() > now.getTime()
      ? payCycleEndDate
      : addDays(now, PAY_PERIOD_DAYS);
  return splitCents(amountCents, periods).map((amountCents, i) => ({
    amountCents,
    date: addDays(first, PAY_PERIOD_DAYS * i),
  }));
}
