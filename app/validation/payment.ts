import { z } from "zod";

// Bodies of the payment endpoints (POST /api/create-payment-intent, /api/create-grocery-card).
const positiveId = z.coerce
  .number({ error: "advanceRequestId must be a positive whole number" })
  .int("advanceRequestId must be a positive whole number")
  .positive("advanceRequestId must be a positive whole number");

export const createPaymentIntentSchema = z.object({
  amount: z.union([z.number(), z.string()], { error: "Amount is required" }),
  advanceRequestId: positiveId.optional(),
});

export const createGroceryCardSchema = z.object({
  advanceRequestId: positiveId,
});
