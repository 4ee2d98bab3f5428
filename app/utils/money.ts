// Money is integer cents in code, numeric(10,2) strings in the database and JSON ("300.00"),
// and "$1,234.56" on screens. Never floats for arithmetic.

import { intlLocale, type Language } from "./i18n";

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "300.5" → 30050. Throws on anything that is not a decimal with at most 2 places. */
export function toCents(value: string | number): number {
  // A number's shortest decimal text (300.1 for the float typed as 300.1) is exact enough to
  // tell whether it had more than 2 decimals; NaN and Infinity fail the pattern.
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a money amount: ${JSON.stringify(value)}`);
  const [, sign, whole, frac = ""] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new Error("Amount out of range");
  return sign ? -cents : cents;
}

/** Like toCents but null for anything that is not a valid amount. */
export function parseCents(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  try {
    return toCents(value);
  } catch {
    return null;
  }
}

/** 30050 → "300.50" (the database and JSON form). */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, "0");
  return `${sign}${whole}.${frac}`;
}

const usd = new Map<Language, Intl.NumberFormat>();

/** 123456 → "$1,234.56" (US dollars in US English and in US Spanish alike). */
export function formatCents(cents: number, language: Language = "en"): string {
  let format = usd.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    usd.set(language, format);
  }
  return format.format(cents / 100);
}

/** "1234.56" → "$1,234.56". */
export function formatMoney(
  value: string | number | null | undefined,
  language: Language = "en",
): string {
  if (value === null || value === undefined || value === "")
    return formatCents(0, language);
  return formatCents(toCents(value), language);
}

/** 0.125 → "12.5%" (at most one decimal), in the language's way. */
export function formatPercent(
  ratio: number,
  language: Language = "en",
): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(ratio);
}

/** 1234 → "1,234". */
export function formatCount(count: number, language: Language = "en"): string {
  return count.toLocaleString(intlLocale(language));
}

/** Split an amount over n parts in cents; the remainder cents go to the earliest parts. */
export function splitCents(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const remainder = total - base * parts;
  return Array.from(
    { length: parts },
    (_, i) => base + (i < remainder ? 1 : 0),
  );
}
