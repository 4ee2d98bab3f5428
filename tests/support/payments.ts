import { count, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { cardAuthorizations, sandboxPayments, virtualCards } from "#db/schema";
import { createPaymentIntent } from "~/models/advances/index.server";
import { db, queryRows } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { approvedAdvance } from "./data";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";

// Payments and cards: the app pointed at the fake Stripe or back at the sandbox, and what the
// payment provider's work left in the database (cards, sandbox payments, card data at rest).

export const WEBHOOK_SECRET = "whsec_test_grocery_advance";

const STRIPE_VARS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
] as const;

/** Points the app's Stripe adapter at the fake server. */
export function enableStripe(fake: FakeStripe) {
  process.env.STRIPE_SECRET_KEY = "sk_test_fake_grocery_advance";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_fake_grocery_advance";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_HOST = "127.0.0.1";
  process.env.STRIPE_API_PORT = String(fake.port);
  process.env.STRIPE_API_PROTOCOL = "http";
  resetEnvCache();
}

/** Back to the sandbox provider. */
export function disableStripe() {
  for (const name of STRIPE_VARS) delete process.env[name];
  resetEnvCache();
}

/**
 * For a test file: the fake Stripe server started before its tests with the app's adapter
 * pointed at it, stopped and back to the sandbox after. Call the returned function for it.
 */
export function useFakeStripe(): () => FakeStripe {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    enableStripe(fake);
  });
  afterAll(async () => {
    disableStripe();
    await fake?.stop();
  });
  return () => {
    if (!fake) throw new Error("The fake Stripe server starts in beforeAll.");
    return fake;
  };
}

// Only signs test payloads, as Stripe would; it never calls Stripe.
const signer = new Stripe("sk_test_signer_only");

/** The Stripe-Signature header Stripe would send with `payload` (signed with `secret`). */
export function stripeSignature(payload: string, secret = WEBHOOK_SECRET) {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

/**
 * An approved request whose fee the browser authorized at the fake Stripe: manual capture, so
 * the confirmation places a hold (requires_capture).
 */
export async function stripePaidAdvance(fake: FakeStripe, amount = "300.00") {
  const advance = await approvedAdvance(amount);
  const { paymentIntentId } = await createPaymentIntent(advance.user, {
    amount,
    advanceRequestId: advance.request.id,
  });
  fake.confirmIntent(paymentIntentId);
  return { ...advance, paymentIntentId };
}

export async function cardsOf(requestId: number) {
  return db()
    .select()
    .from(virtualCards)
    .where(eq(virtualCards.requestId, requestId));
}

/** A card's purchase authorizations, in order. */
export async function authorizationsOf(cardId: number) {
  return db()
    .select()
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.cardId, cardId))
    .orderBy(cardAuthorizations.id);
}

/** The sandbox provider's payments of a request. */
export async function sandboxPaymentsOf(requestId: number): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(sandboxPayments)
    .where(eq(sandboxPayments.requestId, requestId));
  return Number(row.n);
}

/** Every virtual_cards row as text, column by column (to look for card data at rest). */
export async function allCardRowsAsText(): Promise<Record<string, string>[]> {
  return queryRows<Record<string, string>>(
    db(),
    sql`select to_jsonb(c) as row from virtual_cards c`,
  ).then((rows) =>
    rows.map((r) => {
      const value = (r as unknown as { row: unknown }).row;
      const object = (
        typeof value === "string" ? JSON.parse(value) : value
      ) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(object).map(([k, v]) => [k, String(v)]),
      );
    }),
  );
}

/** A run of 13 to 19 digits, ignoring spaces and dashes between them: a card number. */
export const FULL_CARD_NUMBER = /(?:\d[ -]?){12,18}\d/;
