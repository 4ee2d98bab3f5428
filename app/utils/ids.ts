// Record ids as they arrive from URLs, forms and JSON bodies.

/** Largest value of a PostgreSQL integer column: a bigger id can name no row. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id: a positive integer up to MAX_ID, as a number or as its decimal text (at most 10
 * digits, surrounding blanks ignored); anything else is null, which names no row (the caller
 * answers 404 or the field's message).
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}
