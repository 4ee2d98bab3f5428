import * as z from "zod";
import { idField } from "./id-field";
import { fromCents, parseCents } from "~/utils/money";

// Checkout and card issuance: the /checkout query, the sandbox card form, and the JSON bodies
// of POST /api/create-payment-intent and /api/create-grocery-card.

export const INVALID_CHECKOUT =
  "Invalid checkout parameters. Please try again.";

/** A positive dollar amount with at most 2 decimals, normalized to "300.00". */
const dollars = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const cents = parseCents(value);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return fromCents(cents);
    });

const requestId = idField;

/** SPEC §5: amount a positive number and requestId present, else one message. */
export const checkoutParamsSchema = z.object({
  amount: dollars(INVALID_CHECKOUT),
  requestId: requestId(INVALID_CHECKOUT),
});

export const createPaymentIntentSchema = z.object({
  amount: dollars("Amount must be a positive dollar amount, like 300.00"),
  advanceRequestId: requestId(
    "advanceRequestId must be a request id",
  ).optional(),
});

export const createGroceryCardSchema = z.object({
  advanceRequestId: requestId("advanceRequestId is required"),
});

const EXPIRY = /^\s*(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})\s*$/;

/** The sandbox's card form. The CVC is checked for format here and then discarded. */
export const sandboxPaymentSchema = z.object({
  intent: z.literal("pay"),
  cardNumber: z
    .string({ error: "Enter your card number." })
    .trim()
    .regex(/^[\d\s-]+$/, {
      message: "Your card number is incorrect.",
      abort: true,
    })
    .refine((v) => {
      const n = v.replace(/[\s-]/g, "").length;
      return n >= 12 && n <= 19;
    }, "Your card number is incomplete."),
  expiry: z
    .string({ error: "Enter the expiry date (MM / YY)." })
    .regex(EXPIRY, "Enter the expiry date as MM / YY."),
  cvc: z
    .string({ error: "Enter the security code." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});

/** "12 / 29" → { expMonth: 12, expYear: 2029 }. */
export function parseExpiry(expiry: string): {
  expMonth: number;
  expYear: number;
} {
  const match = EXPIRY.exec(expiry);
  if (!match) return { expMonth: 0, expYear: 0 };
  const year = Number(match[2]);
  return {
    expMonth: Number(match[1]),
    expYear: year < 100 ? 2000 + year : year,
  };
}

/**
 * POST /api/sandbox/payments: the checkout form's payment as JSON (the sandbox's stand-in for
 * confirming the payment intent with Stripe.js), with the form's card fields and messages.
 */
export const sandboxApiPaymentSchema = z.object({
  advanceRequestId: requestId("advanceRequestId is required"),
  amount: dollars("Amount must be a positive dollar amount, like 300.00"),
  cardNumber: sandboxPaymentSchema.shape.cardNumber,
  expiry: sandboxPaymentSchema.shape.expiry,
  cvc: sandboxPaymentSchema.shape.cvc,
});
