import crypto from "node:crypto";
import { and, eq, gte, inArray, notInArray, sql } from "drizzle-orm";
import { sandboxPayments } from "#db/schema";
import { db } from "~/utils/db.server";
import { badRequest, notFound } from "~/utils/errors";
import {
  PaymentDeclinedError,
  type PaymentIntentStatus,
  type PaymentProvider,
  type ProviderPaymentIntent,
  type SandboxCardInput,
} from "./provider.server";

// The in-process sandbox provider (DESIGN §7): deterministic, no network, its state in the
// `sandbox_payments` table so it survives restarts and is shared by app instances. It behaves
// like Stripe's test mode for the test cards below.

export const SUCCESS_CARD = "4242 4242 4242 4242";

const DECLINED = "Your card was declined.";

/** Stripe's test cards and what they do. */
const TEST_CARDS: Record<string, string | null> = {
  "4242424242424242": null,
  "5555555555554444": null,
  "4000000000000002": DECLINED,
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000000069": "Your card has expired.",
  "4000000000000127": "Your card's security code is incorrect.",
};

function normalizeCardNumber(number: string): string {
  return number.replace(/[\s-]/g, "");
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Why the sandbox refuses this card, or null when it pays. The CVC is only checked. */
export function sandboxDecline(
  card: SandboxCardInput,
  now: Date = new Date(),
): string | null {
  const digits = normalizeCardNumber(card.number);
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits))
    return "Your card number is incorrect.";
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    year * 12 + card.expMonth < now.getFullYear() * 12 + now.getMonth() + 1
  )
    return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc))
    return "Your card's security code is incomplete.";
  if (digits in TEST_CARDS) return TEST_CARDS[digits];
  return `${DECLINED} The sandbox accepts only test cards, such as ${SUCCESS_CARD}.`;
}

type Row = typeof sandboxPayments.$inferSelect;

function toIntent(row: Row): ProviderPaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    advanceRequestId: row.requestId,
    lastError: row.lastError,
    capturedCents: row.capturedCents,
  };
}

async function find(id: string): Promise<Row | undefined> {
  const [row] = await db()
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, id));
  return row;
}

/** The intent, or 404. */
async function found(id: string): Promise<Row> {
  const row = await find(id);
  if (!row) throw notFound("This payment could not be found.");
  return row;
}

/** The intent while it waits for a card: not yet confirmed. */
const unconfirmed = (id: string) =>
  and(
    eq(sandboxPayments.id, id),
    inArray(sandboxPayments.status, [
      "requires_payment_method",
      "requires_confirmation",
    ]),
  );

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  publishableKey: null,

  async createPaymentIntent({ advanceRequestId, amountCents }) {
    // One intent per request: its id is derived from the request, and a second (or
    // concurrent) call finds the row the first one wrote.
    const id = `pi_sandbox_${advanceRequestId}`;
    await db()
      .insert(sandboxPayments)
      .values({
        id,
        requestId: advanceRequestId,
        amountCents,
        clientSecret: `${id}_secret_${crypto.randomBytes(12).toString("hex")}`,
      })
      .onConflictDoNothing();
    // An older intent of the request never confirmed (made for the whole advance before
    // checkout charged only the fee) takes the new amount, like Stripe's update.
    await db()
      .update(sandboxPayments)
      .set({ amountCents, updatedAt: new Date() })
      .where(unconfirmed(id));
    const row = await find(id);
    if (!row) throw new Error(`sandbox intent ${id} vanished`);
    return toIntent(row);
  },

  async getPaymentIntent(id) {
    const row = await find(id);
    return row ? toIntent(row) : null;
  },

  async confirmPayment(id, card) {
    const row = await found(id);
    if (row.status === "succeeded" || row.status === "requires_capture")
      return toIntent(row);
    if (row.status === "canceled")
      throw badRequest("This payment was canceled.");
    const decline = sandboxDecline(card);
    const now = new Date();
    if (decline) {
      await db()
        .update(sandboxPayments)
        .set({ lastError: decline, updatedAt: now })
        .where(eq(sandboxPayments.id, id));
      throw new PaymentDeclinedError(decline);
    }
    // Manual capture, like Stripe's `capture_method: 'manual'`: confirming places a hold.
    await db()
      .update(sandboxPayments)
      .set({
        status: "requires_capture",
        authorizedCents: row.amountCents,
        lastError: null,
        updatedAt: now,
      })
      .where(unconfirmed(id));
    const done = await find(id);
    if (done?.status === "canceled")
      throw badRequest("This payment was canceled.");
    return toIntent(done!);
  },

  async capturePaymentIntent(id, amountCents) {
    const [captured] = await db()
      .update(sandboxPayments)
      .set({
        status: "succeeded",
        capturedCents: amountCents,
        releasedCents: sql`${sandboxPayments.authorizedCents} - ${amountCents}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sandboxPayments.id, id),
          eq(sandboxPayments.status, "requires_capture"),
          gte(sandboxPayments.authorizedCents, amountCents),
        ),
      )
      .returning();
    if (captured) return toIntent(captured);
    const row = await found(id);
    if (row.status === "succeeded") return toIntent(row);
    throw badRequest(
      `This payment cannot be captured: its status is ${row.status}.`,
    );
  },

  async cancelPaymentIntent(id) {
    const [canceled] = await db()
      .update(sandboxPayments)
      .set({
        status: "canceled",
        releasedCents: sandboxPayments.authorizedCents,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sandboxPayments.id, id),
          notInArray(sandboxPayments.status, ["succeeded", "canceled"]),
        ),
      )
      .returning();
    if (canceled) return toIntent(canceled);
    const row = await found(id);
    if (row.status === "canceled") return toIntent(row);
    throw badRequest("This payment was already captured.");
  },

  async refundPaymentIntent(id) {
    // The whole capture comes back, once: a second refund finds it refunded already.
    const [refunded] = await db()
      .update(sandboxPayments)
      .set({
        refundedCents: sandboxPayments.capturedCents,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sandboxPayments.id, id),
          eq(sandboxPayments.status, "succeeded"),
          eq(sandboxPayments.refundedCents, 0),
        ),
      )
      .returning();
    if (refunded) return { refundedCents: refunded.refundedCents };
    const row = await found(id);
    if (row.status === "succeeded") return { refundedCents: row.refundedCents };
    throw badRequest("This payment was not captured, so it has no refund.");
  },

  async issueGroceryCard({ advanceRequestId }) {
    // Deterministic: the same request always gets the same card id, so a retry or a
    // concurrent call can never make a second card.
    const now = new Date();
    return {
      id: `ic_sandbox_${advanceRequestId}`,
      last4: sandboxLast4(advanceRequestId),
      expMonth: now.getMonth() + 1,
      expYear: now.getFullYear() + 3,
      status: "active",
    };
  },

  async setCardStatus() {},

  async createCardDisplayKey() {
    return null;
  },

  parseWebhook() {
    throw notFound(
      "Stripe webhooks are not configured: payments run in the built-in sandbox.",
    );
  },
};

/**
 * The last four digits of a sandbox card: from a hash of its request, so cards differ (as real
 * ones do) instead of every card ending in 4242, and the same request always gets the same.
 */
export function sandboxLast4(advanceRequestId: number): string {
  const hash = crypto
    .createHash("sha256")
    .update(`grocery-advance-sandbox-last4:${advanceRequestId}`)
    .digest();
  return String(hash.readUInt32BE(0) % 10_000).padStart(4, "0");
}

/**
 * The full test number and CVC of a sandbox card, derived from its provider id whenever the
 * employee asks to see them: never stored, never logged. The number keeps the card's last 4
 * (what the product stores, masked) and is unique to the card: "4000" + digits from a hash of
 * the id, one of them chosen so the number passes the Luhn check.
 */
export function sandboxCardDetails(
  providerCardId: string,
  last4: string,
): { number: string; cvc: string } {
  const hash = crypto
    .createHash("sha256")
    .update(`grocery-advance-sandbox-card:${providerCardId}`)
    .digest();
  const digit = (i: number) => String(hash[i] % 10);
  const middle = Array.from({ length: 7 }, (_, i) => digit(i)).join("");
  const base = `4000${middle}0${last4.replace(/\D/g, "").padStart(4, "0").slice(-4)}`;
  // Luhn: from the right, every second digit doubled. The free digit (index 11) is 4th from
  // the right (0-based 4): not doubled, so it adds itself.
  let sum = 0;
  for (let i = 0; i < 16; i++) {
    let d = Number(base[15 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  const check = (10 - (sum % 10)) % 10;
  const digits = `${base.slice(0, 11)}${check}${base.slice(12)}`;
  return {
    number: digits.replace(/(\d{4})(?=\d)/g, "$1 "),
    cvc: `${digit(8)}${digit(9)}${digit(10)}`,
  };
}
