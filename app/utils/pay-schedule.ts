// The company's pay schedule (DESIGN §4 Settings, the money model): how often it pays and its
// next pay date. Deductions fall on its pay dates; the employee's pay cycle ends on the next one.
// Pure and free of date libraries: the request form runs it in the browser (the JavaScript
// budget). Dates are ISO days ("2026-11-27") in local time, as the rest of the product's dates.

export type PayFrequency = "WEEKLY" | "BIWEEKLY" | "SEMIMONTHLY" | "MONTHLY";
export type PaySchedule = { frequency: PayFrequency; nextPayDate: string };

const PAY_FREQUENCY_LABELS: Record<PayFrequency, string> = {
  WEEKLY: "Weekly",
  BIWEEKLY: "Every two weeks",
  SEMIMONTHLY: "Twice a month (15th and last day)",
  MONTHLY: "Monthly (last day)",
};

export const PAY_FREQUENCY_VALUES = Object.keys(
  PAY_FREQUENCY_LABELS,
) as PayFrequency[];

/** The pay schedule every company starts on (DESIGN §4 Registration). */
export const DEFAULT_PAY_FREQUENCY: PayFrequency = "BIWEEKLY";

/** One day in milliseconds: the product's one definition. */
export const DAY_MS = 86_400_000;

/** A local-time day as a whole number of days (time zone safe: computed from UTC parts). */
function dayNumber(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function fromDayNumber(n: number): string {
  const date = new Date(n * DAY_MS);
  const y = String(date.getUTCFullYear()).padStart(4, "0");
  const m = String(date.getUTCMonth() + 1).padStart(2, "0");
  const d = String(date.getUTCDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** The local calendar day of a moment, as "yyyy-MM-dd". */
export function isoDay(value: Date): string {
  const y = String(value.getFullYear()).padStart(4, "0");
  const m = String(value.getMonth() + 1).padStart(2, "0");
  const d = String(value.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** The UTC calendar day of a moment, as "yyyy-MM-dd" (for figures kept by UTC month). */
export function utcDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** The start of a "yyyy-MM-dd" day in local time. */
export function dayStart(iso: string): Date {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y, m - 1, d);
}

export function addDaysIso(iso: string, days: number): string {
  return fromDayNumber(dayNumber(iso) + days);
}

function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Is `iso` a real "yyyy-MM-dd" day? */
export function isIsoDay(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const [y, m, d] = iso.split("-").map(Number);
  return m >= 1 && m <= 12 && d >= 1 && d <= lastDayOfMonth(y, m);
}

/** Is `iso` one of the schedule's pay days by the calendar (monthly and semi-monthly)? */
export function fitsFrequency(frequency: PayFrequency, iso: string): boolean {
  const [y, m, d] = iso.split("-").map(Number);
  const last = lastDayOfMonth(y, m);
  if (frequency === "MONTHLY") return d === last;
  if (frequency === "SEMIMONTHLY") return d === 15 || d === last;
  return true;
}

/**
 * The schedule's pay dates on or after `from` ("yyyy-MM-dd"), `count` of them. Weekly and
 * biweekly dates are the next pay date plus or minus whole periods; semi-monthly ones the 15th
 * and the last day of each month; monthly ones the last day.
 */
export function payDatesFrom(
  schedule: PaySchedule,
  from: string,
  count: number,
): string[] {
  const dates: string[] = [];
  if (schedule.frequency === "WEEKLY" || schedule.frequency === "BIWEEKLY") {
    const step = schedule.frequency === "WEEKLY" ? 7 : 14;
    const anchor = dayNumber(schedule.nextPayDate);
    const start = dayNumber(from);
    let n = anchor + Math.ceil((start - anchor) / step) * step;
    while (dates.length < count) {
      dates.push(fromDayNumber(n));
      n += step;
    }
    return dates;
  }
  let [y, m] = from.split("-").map(Number);
  while (dates.length < count) {
    const last = lastDayOfMonth(y, m);
    const days = schedule.frequency === "MONTHLY" ? [last] : [15, last];
    for (const d of days) {
      const iso = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
      if (iso >= from && dates.length < count) dates.push(iso);
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return dates;
}

/** The first pay date strictly after `day`: where a run dated `day` moves the next pay date. */
export function payDateAfter(schedule: PaySchedule, day: string): string {
  return payDatesFrom(schedule, addDaysIso(day, 1), 1)[0];
}

/** The last pay date strictly before `day`: where the pay period ending on `day` starts. */
export function payDateBefore(schedule: PaySchedule, day: string): string {
  if (schedule.frequency === "WEEKLY" || schedule.frequency === "BIWEEKLY") {
    const step = schedule.frequency === "WEEKLY" ? 7 : 14;
    const first = payDatesFrom(schedule, addDaysIso(day, -step), 1)[0];
    return first < day ? first : addDaysIso(first, -step);
  }
  // Calendar schedules: step back a month at most and take the last pay date before `day`.
  const [y, m] = day.split("-").map(Number);
  const start =
    m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`;
  const dates = payDatesFrom(schedule, start, 4).filter((d) => d < day);
  return dates[dates.length - 1];
}
