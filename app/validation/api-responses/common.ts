import * as z from "zod";

export const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Dollars with two decimals, e.g. "300.00"');
export const dateTime = z.string().describe("ISO 8601 date-time");
export const status = z.enum(["PENDING", "APPROVED", "DECLINED", "CANCELLED"]);

/**
 * What a replay of an answer that carried a secret says in its place: the secret fields are
 * null in every copy kept for an Idempotency-Key (the store never holds a secret).
 */
export const secretShownOnce = z
  .string()
  .optional()
  .describe(
    "Only in a replay (Idempotent-Replayed: true): why the secret fields are null there",
  );

export const messageSchema = z
  .object({ message: z.string() })
  .describe("An error (or a plain confirmation) with a human-readable message");

export const validationErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .describe("A refusal; `errors` names the invalid fields");
