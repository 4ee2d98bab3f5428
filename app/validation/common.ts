import * as z from "zod";

/** A required text field: trimmed, with the spec's message when empty. */
export function requiredText(message: string, max = 100) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** An optional text field: empty means absent. */
export function optionalText(max = 100) {
  return z
    .string()
    .trim()
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
