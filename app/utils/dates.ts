import { intlLocale, type Language } from "./i18n";

/** The pay period is 15 days (SPEC §9). */
export const PAY_PERIOD_DAYS = 15;

// The date formats by hand (local time, like date-fns `format`): this module runs in the
// browser on most pages, and date-fns `format` with its locale is ~6 KB of gzip JavaScript
// (the client JavaScript budget). tests/unit/dates.test.ts checks them against date-fns.
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];
const pad = (n: number, width: number) => String(n).padStart(width, "0");

function localParts(value: Date | string) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return {
    year: pad(date.getFullYear(), 4),
    month: date.getMonth(),
    day: date.getDate(),
  };
}

/** What a missing date reads as. */
const NO_DATE: Record<Language, string> = { en: "N/A", es: "N/D" };

/** "N/A" in the language: a value that is not there (a date, a reason). */
export const notAvailable = (language: Language = "en") => NO_DATE[language];

const spanishDates = new Map<string, Intl.DateTimeFormat>();

/** A date in US Spanish through Intl ("24 nov 2026", with the time "24 nov 2026, 14:03"). */
function spanishDate(value: Date | string, withTime = false): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  const key = withTime ? "time" : "date";
  let format = spanishDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale("es"), {
      day: "numeric",
      month: "short",
      year: "numeric",
      ...(withTime
        ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
        : {}),
    });
    spanishDates.set(key, format);
  }
  return format.format(date);
}

/**
 * A date as people read it, the one format of each language: 'MMM d,
 * yyyy' in English ("Mar 5, 2026"), "5 mar 2026" in Spanish. Every page, e-mail and CSV label
 * that shows a date to a person goes through here; API JSON stays ISO.
 */
export function formatDate(
  value: Date | string | null | undefined,
  language: Language = "en",
): string {
  if (!value) return NO_DATE[language];
  if (language !== "en") return spanishDate(value);
  const { year, month, day } = localParts(value);
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** ISO date (yyyy-MM-dd) in local time. */
export function isoDate(value: Date): string {
  const { year, month, day } = localParts(value);
  return `${year}-${pad(month + 1, 2)}-${pad(day, 2)}`;
}

/** The date as formatDate, then the time (24 h, local) — e.g. "Mar 5, 2026 14:03". */
export function formatDateTime(
  value: Date | string | null | undefined,
  language: Language = "en",
): string {
  if (!value) return NO_DATE[language];
  if (language !== "en") return spanishDate(value, true);
  const date = new Date(value);
  return `${formatDate(date)} ${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}`;
}
