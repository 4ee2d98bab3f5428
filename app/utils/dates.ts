import { addDays, format } from "date-fns";

/** The pay period is 15 days (SPEC §9). */
export const PAY_PERIOD_DAYS = 15;

/** 'MMM dd, yyyy' — e.g. "Mar 05, 2026". */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "N/A";
  return format(new Date(value), "MMM dd, yyyy");
}

/** 'MMM d, yyyy' — e.g. "Mar 5, 2026". */
export function formatDateShort(
  value: Date | string | null | undefined,
): string {
  if (!value) return "N/A";
  return format(new Date(value), "MMM d, yyyy");
}

export function nextPayroll(today: Date = new Date()): Date {
  return addDays(today, PAY_PERIOD_DAYS);
}

/** ISO date (yyyy-MM-dd) in local time. */
export function isoDate(value: Date): string {
  return format(value, "yyyy-MM-dd");
}
