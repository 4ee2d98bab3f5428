import * as z from "zod";
import { singleLine } from "./common";
import { idField } from "./id-field";
import { fromCents, parseCents } from "~/utils/money";

// The card page's forms and the JSON body of POST /api/sandbox/card-authorizations: a
// simulated purchase (the sandbox's stand-in for a card network), and freeze / unfreeze.

/** The merchant categories the "Simulate a purchase" form offers (Stripe's names). */
export const SIMULATED_CATEGORIES = [
  {
    value: "grocery_stores_supermarkets",
    label: "Grocery store or supermarket",
  },
  { value: "eating_places_restaurants", label: "Restaurant" },
  { value: "fast_food_restaurants", label: "Fast food restaurant" },
  { value: "drinking_places", label: "Bar or tavern" },
  { value: "package_stores_beer_wine_and_liquor", label: "Liquor store" },
  {
    value: "miscellaneous_food_stores",
    label: "Convenience or specialty food store",
  },
  { value: "service_stations", label: "Gas station" },
  // Allowed only at a listed superstore (models/cards/superstores.server).
  { value: "wholesale_clubs", label: "Wholesale club (5300)" },
  { value: "discount_stores", label: "Discount store (5310)" },
  { value: "department_stores", label: "Department store (5311)" },
] as const;

const AMOUNT_MESSAGE = "Enter an amount in dollars, like 50.00";

/** "50", "50.5", "50.00" or 50 → "50.00"; more than $0.00, at most 2 decimals. */
const purchaseAmount = z
  .union([z.string(), z.number()], { error: AMOUNT_MESSAGE })
  .transform((value, ctx) => {
    const cents = parseCents(typeof value === "string" ? value.trim() : value);
    if (cents === null || cents <= 0 || cents > 9_999_999_999) {
      ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return fromCents(cents);
  });

const merchantName = singleLine("Merchant name", "Enter the merchant's name")
  .min(1, "Enter the merchant's name")
  .max(100, "Must be at most 100 characters");

/** Any of Stripe's category names (lower case and underscores); only grocery ones pass. */
const merchantCategory = z
  .string({ error: "Choose the merchant's category" })
  .trim()
  .regex(/^[a-z0-9_]{1,80}$/, "Choose the merchant's category");

const cardId = idField("cardId must be a card id from GET /api/virtual-cards");

/** The "Simulate a purchase" form (the card comes from the page's URL). */
export const simulatePurchaseSchema = z.object({
  amount: purchaseAmount,
  merchantName,
  merchantCategory,
});

/** The sandbox's merchant refund test tool on the card page. */
export const simulateRefundSchema = z.object({
  amount: purchaseAmount,
  merchantName,
});

const CLOSE_CONFIRM_MESSAGE =
  "Please confirm that you want to close this card for good.";

/** Closing the card: a confirmation checkbox, so it works without JavaScript. */
export const closeCardSchema = z.object({
  confirm: z
    .string({ error: CLOSE_CONFIRM_MESSAGE })
    .refine((v) => v === "on" || v === "true", CLOSE_CONFIRM_MESSAGE),
});

/** POST /api/sandbox/card-authorizations. */
export const sandboxAuthorizationSchema = simulatePurchaseSchema.extend({
  cardId,
});

export type SimulatedPurchase = z.infer<typeof simulatePurchaseSchema>;

/**
 * POST /api/virtual-cards/{id}/ephemeral-key: the nonce Stripe.js made for the card
 * (`stripe.createEphemeralKeyNonce`), exchanged for an Issuing Elements key.
 */
export const cardDisplayKeySchema = z.object({
  nonce: z
    .string({ error: "A nonce from Stripe.js is required." })
    .trim()
    .min(1, "A nonce from Stripe.js is required.")
    .max(500, "A nonce from Stripe.js is at most 500 characters."),
});
