import * as z from "zod";
import { fromCents, parseCents } from "~/utils/money";
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  DEFAULT_REPAYMENT_PERIODS,
  DEFAULT_REQUEST_AMOUNT,
  MAX_ADVANCE_CENTS,
  MIN_ADVANCE_CENTS,
} from "~/utils/rules";
import { runWithFieldErrors } from "./refine";

// The advance request (SPEC §5 Advance request form, DESIGN §4 Requesting), shared by the
// /request form (browser and server) and POST /api/advance-requests.

const AMOUNT_REQUIRED = "Amount is required";
const AMOUNT_NOT_A_NUMBER = "Amount must be a number";
const AMOUNT_DECIMALS = "Amount can have at most 2 decimal places";
export const PERIODS_INVALID = "Repayment periods must be 1, 2 or 3";
export const TERMS_REQUIRED = "You must agree to the terms and conditions";
export const ROUTING_INVALID = "Routing number must be exactly 9 digits";
export const ACCOUNT_INVALID = "Account number must be 4 to 17 digits";
const REASON_TOO_LONG = "Reason must be at most 500 characters";

/** The amount's own rules, on its value in cents (null: not a decimal with ≤ 2 places). */
export function amountProblem(cents: number | null): string | null {
  if (cents === null) return AMOUNT_DECIMALS;
  if (cents < MIN_ADVANCE_CENTS) return AMOUNT_MIN;
  if (cents > MAX_ADVANCE_CENTS) return AMOUNT_MAX;
  return null;
}

const periodsField = z
  .number({ error: PERIODS_INVALID })
  .int(PERIODS_INVALID)
  .min(1, PERIODS_INVALID)
  .max(3, PERIODS_INVALID);

const reasonField = z
  .string({ error: "Reason must be text" })
  .trim()
  .max(500, REASON_TOO_LONG);

/**
 * The /request form. Conform turns the form's strings into numbers and booleans (an empty
 * amount becomes missing). The different-account fields are checked only when that option is
 * chosen, and are never stored or sent on.
 */
export const requestFormSchema = z
  .object({
    amount: z
      .number({
        error: (issue) =>
          issue.input === undefined ? AMOUNT_REQUIRED : AMOUNT_NOT_A_NUMBER,
      })
      .min(MIN_ADVANCE_CENTS / 100, AMOUNT_MIN)
      .max(MAX_ADVANCE_CENTS / 100, AMOUNT_MAX)
      .refine((value) => parseCents(value) !== null, AMOUNT_DECIMALS),
    reason: reasonField.optional(),
    repaymentPeriods: periodsField.default(1),
    terms: z
      .boolean({ error: TERMS_REQUIRED })
      .refine((value) => value, TERMS_REQUIRED),
    paymentMethod: z.enum(["existing", "new"]).default("existing"),
    accountType: z.enum(["checking", "savings"]).optional(),
    routingNumber: z.string().trim().optional(),
    accountNumber: z.string().trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.paymentMethod !== "new") return;
    if (!/^\d{9}$/.test(value.routingNumber ?? "")) {
      ctx.addIssue({
        code: "custom",
        path: ["routingNumber"],
        message: ROUTING_INVALID,
      });
    }
    if (!/^\d{4,17}$/.test(value.accountNumber ?? "")) {
      ctx.addIssue({
        code: "custom",
        path: ["accountNumber"],
        message: ACCOUNT_INVALID,
      });
    }
  }, runWithFieldErrors);

const EMPLOYEE_ID_INVALID = "employeeId must be a positive whole number";

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * POST /api/advance-requests (SPEC §7): employeeId (optional; must be the caller's own),
 * amount as a string ("300.00") or a number, reason or null, repaymentPeriods. The parsed
 * amount is the normalised string ("300.00"), so parsing its own output again is harmless.
 */
export const requestApiSchema = z.object({
  employeeId: z
    .union([z.number(), z.string()], { error: EMPLOYEE_ID_INVALID })
    .transform((value, ctx) => {
      const id = typeof value === "string" ? Number(value.trim()) : value;
      const valid =
        (typeof value === "number" || /^\s*\d+\s*$/.test(value)) &&
        Number.isSafeInteger(id) &&
        id > 0;
      if (!valid) {
        ctx.addIssue({ code: "custom", message: EMPLOYEE_ID_INVALID });
        return z.NEVER;
      }
      return id;
    })
    .nullable()
    .optional(),
  amount: z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? AMOUNT_REQUIRED
          : AMOUNT_NOT_A_NUMBER,
    })
    .transform((value, ctx) => {
      if (typeof value === "string" && value.trim() === "") {
        ctx.addIssue({ code: "custom", message: AMOUNT_REQUIRED });
        return z.NEVER;
      }
      if (typeof value === "string" && !NUMERIC_TEXT.test(value)) {
        ctx.addIssue({ code: "custom", message: AMOUNT_NOT_A_NUMBER });
        return z.NEVER;
      }
      const cents = parseCents(value);
      const problem = amountProblem(cents);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return fromCents(cents as number);
    }),
  reason: reasonField.nullable().optional(),
  repaymentPeriods: periodsField.optional().default(1),
});

const prefillSchema = z.object({
  amount: z.coerce
    .number()
    .min(MIN_ADVANCE_CENTS / 100)
    .max(MAX_ADVANCE_CENTS / 100)
    .refine((value) => parseCents(value) !== null)
    .catch(DEFAULT_REQUEST_AMOUNT),
  repaymentPeriods: z.coerce
    .number()
    .int()
    .min(1)
    .max(3)
    .catch(DEFAULT_REPAYMENT_PERIODS),
});

/**
 * The /request form's starting values from its query (`?amount=260&repaymentPeriods=2`, as the
 * advance calculator links). A value that is missing or that the form would refuse (not a
 * number, out of range, more than 2 decimals) gives the default instead: a link never
 * pre-fills an error, and never fails.
 */
export function readRequestPrefill(search: URLSearchParams): {
  amount: number;
  repaymentPeriods: number;
} {
  const text = (name: string) => {
    const value = search.get(name)?.trim();
    return value && /^\d+(\.\d+)?$/.test(value) ? value : undefined;
  };
  return prefillSchema.parse({
    amount: text("amount"),
    repaymentPeriods: text("repaymentPeriods"),
  });
}

/**
 * GET /api/advance-quote?amount=300&repaymentPeriods=1: the amount and periods of a quote,
 * with the request form's rules and messages.
 */
export const quoteQuerySchema = z.object({
  amount: requestApiSchema.shape.amount,
  repaymentPeriods: z.coerce
    .number({ error: PERIODS_INVALID })
    .pipe(periodsField)
    .optional()
    .default(1),
});
