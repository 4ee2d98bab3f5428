import { and, eq } from "drizzle-orm";
import { cardAuthorizations, virtualCards, type VirtualCard } from "#db/schema";
import {
  paymentProvider,
  type ProviderEvent,
} from "~/services/payments/index.server";
import { db, transaction } from "~/utils/db.server";
import { fromCents } from "~/utils/money";
import {
  announce,
  CARD_NOT_FOUND,
  cardParties,
  lockCard,
} from "./card-access.server";
import { decidePurchase } from "./card-authorization.server";
import {
  REFUND_OVER_SPEND,
  refundToCard,
  voidRefundsBeyondPurchases,
} from "./card-refunds.server";
import { returnUnspent } from "~/models/repayments/index.server";
import { syncCardSpend } from "./card-spend.server";

// ---- Stripe's issuing events -------------------------------------------------------------

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Obj)
    : {};
const str = (value: unknown): string | null =>
  typeof value === "string" && value ? value : null;
const int = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : null;

/** Our card behind a Stripe card id (the authorization's `card` is expanded or an id). */
async function cardByProviderId(
  card: unknown,
): Promise<VirtualCard | undefined> {
  const id = str(card) ?? str(obj(card).id);
  if (!id) return undefined;
  const [row] = await db()
    .select()
    .from(virtualCards)
    .where(eq(virtualCards.providerCardId, id));
  return row;
}

function merchantOf(authorization: Obj) {
  const merchant = obj(authorization.merchant_data);
  return {
    merchantName: str(merchant.name) ?? "Unknown merchant",
    merchantCategory: str(merchant.category) ?? "unknown",
    merchantId: str(merchant.network_id),
  };
}

type RealTimeAnswer = { approved: boolean; apiVersion: string };
type IssuingAck = {
  received: true;
  type: string;
  handled: boolean;
  message?: string;
};
export type CardWebhookOutcome =
  | { kind: "decision"; answer: RealTimeAnswer }
  | { kind: "ack"; ack: IssuingAck };

/**
 * Stripe's `issuing_authorization.request`: decided by authorizeCardPurchase on the amount
 * Stripe asks to hold (pending_request.amount, cents). A card we do not know is declined.
 */
async function answerAuthorizationRequest(
  event: ProviderEvent,
): Promise<RealTimeAnswer> {
  const authorization = event.object;
  const id = str(authorization.id);
  const providerCardId =
    str(authorization.card) ?? str(obj(authorization.card).id);
  const pending = obj(authorization.pending_request);
  const amountCents = int(pending.amount) ?? int(authorization.amount);
  if (!id || !providerCardId || amountCents === null)
    return { approved: false, apiVersion: event.apiVersion };
  // The card is found by Stripe's id in the statement that locks it (a card we do not know
  // is declined, and nothing is stored).
  const decision = await decidePurchase(
    { providerCardId },
    {
      amountCents,
      currency:
        str(pending.currency) ?? str(authorization.currency) ?? undefined,
      providerAuthorizationId: id,
      ...merchantOf(authorization),
    },
    new Date(),
  );
  return {
    approved: decision?.approved === true,
    apiVersion: event.apiVersion,
  };
}

const STATUSES = new Set(["pending", "closed", "reversed"]);

/**
 * `issuing_authorization.created` / `.updated`: Stripe's final word on an authorization (it
 * may decline one we approved, e.g. past its own controls or our answer's deadline) and its
 * later life (captured: closed; released: reversed, which gives the amount back). One we never
 * saw (Stripe decided alone) is recorded as it is.
 */
async function recordAuthorization(event: ProviderEvent): Promise<IssuingAck> {
  const authorization = event.object;
  const id = str(authorization.id);
  const card = await cardByProviderId(authorization.card);
  if (!id || !card)
    return {
      received: true,
      type: event.type,
      handled: false,
      message: CARD_NOT_FOUND,
    };
  const approved = authorization.approved === true;
  const status = STATUSES.has(String(authorization.status))
    ? String(authorization.status)
    : "closed";
  const history = Array.isArray(authorization.request_history)
    ? authorization.request_history.map(obj)
    : [];
  const stripeReason = str(history[history.length - 1]?.reason);
  const now = new Date();
  await transaction(async (tx) => {
    const locked = await lockCard(tx, card.id);
    const [seen] = await tx
      .select()
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.providerAuthorizationId, id));
    if (seen) {
      await tx
        .update(cardAuthorizations)
        .set({
          approved,
          status,
          reason: approved
            ? null
            : (seen.reason ??
              `Declined by Stripe (${stripeReason ?? "no reason given"}).`),
          updatedAt: now,
        })
        .where(eq(cardAuthorizations.id, seen.id));
      // A purchase released or declined after a merchant refunded it would give the same money
      // back twice: the card's spend never goes below zero.
      await voidRefundsBeyondPurchases(tx, card.id, now);
      await syncCardSpend(tx, card.id, "card.purchase_reversed");
      // On a closed card what the reversal gave back is returned at once (closeCard's rule).
      if (locked?.status === "closed")
        await returnUnspent(
          tx,
          { cardId: card.id, ...(await cardParties(tx, card.id)) },
          now,
        );
      return;
    }
    const amount =
      int(obj(authorization.pending_request).amount) ??
      int(authorization.amount) ??
      0;
    const { merchantName, merchantCategory } = merchantOf(authorization);
    await tx.insert(cardAuthorizations).values({
      cardId: card.id,
      amount: fromCents(Math.max(amount, 0)),
      merchantName,
      merchantCategory,
      approved,
      reason: approved
        ? null
        : `Declined by Stripe (${stripeReason ?? "no reason given"}).`,
      status,
      providerAuthorizationId: id,
      createdAt: now,
      updatedAt: now,
    });
    await syncCardSpend(tx, card.id, "card.purchase");
  });
  await announce(card.id);
  return { received: true, type: event.type, handled: true };
}

/** `issuing_transaction.created`: the capture of an authorization; it is now closed. */
async function recordTransaction(event: ProviderEvent): Promise<IssuingAck> {
  const transaction = event.object;
  const id = str(transaction.id);
  const authorizationId =
    str(transaction.authorization) ?? str(obj(transaction.authorization).id);
  if (id && transaction.type === "refund") return recordMerchantRefund(event);
  if (!id || !authorizationId)
    return { received: true, type: event.type, handled: false };
  const rows = await db()
    .update(cardAuthorizations)
    .set({ providerTransactionId: id, status: "closed", updatedAt: new Date() })
    .where(
      and(
        eq(cardAuthorizations.providerAuthorizationId, authorizationId),
        eq(cardAuthorizations.approved, true),
      ),
    )
    .returning({ cardId: cardAuthorizations.cardId });
  if (rows[0]) await announce(rows[0].cardId);
  return { received: true, type: event.type, handled: rows.length > 0 };
}

/**
 * The card's share of POST /api/stripe/webhook: the signature is checked on the raw body (400
 * when wrong); null for an event that is not about card purchases (the payment webhook takes
 * it). `issuing_authorization.request` is answered with the decision itself.
 */
export async function handleCardWebhook(
  rawBody: string,
  signature: string | null,
): Promise<CardWebhookOutcome | null> {
  const event = paymentProvider().parseWebhook(rawBody, signature);
  switch (event.type) {
    case "issuing_authorization.request":
      return {
        kind: "decision",
        answer: await answerAuthorizationRequest(event),
      };
    case "issuing_authorization.created":
    case "issuing_authorization.updated":
      return { kind: "ack", ack: await recordAuthorization(event) };
    case "issuing_transaction.created":
      return { kind: "ack", ack: await recordTransaction(event) };
    default:
      return null;
  }
}

/** `issuing_transaction.created` of type refund: money back from a merchant (Stripe). */
async function recordMerchantRefund(event: ProviderEvent): Promise<IssuingAck> {
  const transaction = event.object;
  const card = await cardByProviderId(transaction.card);
  const id = str(transaction.id);
  // Stripe gives a refund's amount as a negative number of cents (money towards the card).
  const amount = Math.abs(int(transaction.amount) ?? 0);
  if (!card || !id || amount === 0)
    return { received: true, type: event.type, handled: false };
  // Acknowledged either way (Stripe would redeliver a refusal for days); one more than the
  // card spent is stored, not applied.
  const { applied } = await refundToCard(
    card.id,
    {
      amountCents: amount,
      merchantName: merchantOf(transaction).merchantName,
      providerTransactionId: id,
    },
    new Date(),
    "record",
  );
  return {
    received: true,
    type: event.type,
    handled: true,
    ...(applied ? {} : { message: REFUND_OVER_SPEND }),
  };
}
