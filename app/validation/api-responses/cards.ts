import * as z from "zod";
import { GROCERY_RESTRICTION } from "~/utils/rules";
import { dateTime, money, secretShownOnce } from "./common";

export const virtualCardSchema = z.object({
  id: z.number().int(),
  cardNumber: z
    .string()
    .describe("Masked: only the last four digits are ever stored"),
  status: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  amount: money,
  spendingLimits: z
    .string()
    .describe(
      `JSON text: {"restrictions": "${GROCERY_RESTRICTION}", "allowedCategories": [...], "limitCents": N}`,
    ),
  createdAt: dateTime,
});

/** A card as its owner lists it: with what its purchases spent and what is left. */
export const ownCardSchema = virtualCardSchema.extend({
  spentAmount: money.describe(
    "Approved, not released purchases on the card (card authorizations)",
  ),
  remainingBalance: money.describe("amount minus spentAmount"),
});

export const cardDecisionSchema = z.object({
  approved: z.boolean(),
  reason: z
    .string()
    .nullable()
    .describe("Why the purchase was declined; null when approved"),
  authorizationId: z.number().int().describe("The stored authorization"),
});

export const realTimeAuthorizationSchema = z
  .object({ approved: z.boolean() })
  .describe(
    "The answer to Stripe's issuing_authorization.request (with a Stripe-Version header)",
  );

export const issuedCardSchema = virtualCardSchema.extend({
  requestId: z.number().int(),
});

/** POST /api/sandbox/payments: the fee is authorized; the card is issued next. */
export const sandboxPaymentResultSchema = z.object({
  advanceRequestId: z.number().int(),
  status: z
    .literal("authorized")
    .describe(
      "The processing fee is held on the test card; POST /api/create-grocery-card captures it and issues the card",
    ),
});

export const clientSecretSchema = z.object({
  clientSecret: z
    .string()
    .nullable()
    .describe(
      "For Stripe.js; null in a replay (send the request again instead)",
    ),
  paymentIntentId: z.string(),
  advanceRequestId: z.number().int(),
  message: secretShownOnce,
});

export const webhookAckSchema = z.object({
  received: z.literal(true),
  type: z.string(),
  handled: z.boolean(),
  message: z.string().optional(),
});

export const cardDisplayKeyResponseSchema = z.object({
  issuingCard: z.string().describe("The Stripe Issuing card the key shows"),
  ephemeralKeySecret: z
    .string()
    .nullable()
    .describe(
      "For Stripe.js's Issuing Elements only; never stored or logged by this server (null in a replay)",
    ),
  expiresAt: dateTime,
  message: secretShownOnce,
});
