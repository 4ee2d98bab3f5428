import * as z from "zod";

/**
 * What a single line of text never holds: every Unicode control, format, line separator and
 * paragraph separator character (general categories Cc, Cf, Zl, Zp). That is C0 and C1 control
 * characters (CR, LF and tab among them), U+2028 and U+2029, the bidirectional embeddings,
 * overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), the
 * zero-width characters, the soft hyphen and the tag characters. A name with a line break could
 * pass for a header or for the product's own words in a plain-text e-mail; an override can make
 * a name read backwards; an invisible character can make two names look the same.
 */
export const NOT_SINGLE_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export function singleLineMessage(label: string): string {
  return `${label} cannot contain line breaks or control characters`;
}

/**
 * A single-line text field's string: refused, with a message naming the field, when it holds
 * any character of NOT_SINGLE_LINE (checked before trimming, so "Eve\r\n" is refused rather
 * than quietly cut), then trimmed.
 */
export function singleLine(label: string, message?: string) {
  return z
    .string(message ? { error: message } : undefined)
    .refine((value) => !NOT_SINGLE_LINE.test(value), {
      message: singleLineMessage(label),
      abort: true,
    })
    .trim();
}

/** A required single-line field: `<label> is required` when empty. */
export function requiredText(
  label: string,
  max = 100,
  message = `${label} is required`,
) {
  return singleLine(label, message)
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** An optional single-line field: empty means absent. */
export function optionalText(label: string, max = 100) {
  return singleLine(label)
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

export const emailField = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(254, "Invalid email address")
  .pipe(z.email("Invalid email address"));

export const passwordField = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters");
