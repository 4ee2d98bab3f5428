import { eq, sql } from "drizzle-orm";
import { cardAuthorizations, type User } from "#db/schema";
import {
  GROCERY_CATEGORY,
  paymentProvider,
} from "~/services/payments/index.server";
import {
  db,
  queryRows,
  transaction,
  type Executor,
  type Tx,
} from "~/utils/db.server";
import { badRequest, notFound } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import {
  announce,
  CARD_NOT_FOUND,
  cardParties,
  lockCard,
  ownCard,
  SANDBOX_ONLY,
} from "./card-access.server";
import { returnUnspent } from "~/models/repayments/index.server";
import { syncCardSpend } from "./card-spend.server";

// Merchant refunds to a card: money back that lowers the card's spend, never below zero.

const REFUND_NOTHING_SPENT = "A refund cannot be more than the card has spent.";
/** The reason stored on a provider's refund that was more than the card had spent. */
export const REFUND_OVER_SPEND =
  "Not applied: the refund is more than the card has spent.";

/** The reason stored on a refund whose purchase was reversed afterwards. */
const REFUND_PURCHASE_REVERSED =
  "Not applied: the purchase it refunded was reversed.";

/**
 * Under the card's lock, after a purchase is reversed or declined: while the card's applied
 * refunds are more than its purchases still standing, the latest applied refund is set to not
 * applied (the reversal gave that money back already), so spend = purchases − reversals −
 * refunds is never negative. Returns how many refunds were set aside.
 */
export async function voidRefundsBeyondPurchases(
  tx: Tx,
  cardId: number,
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: number; kind: string; amount: string }>(
    tx,
    sql`select id, kind, amount::text as amount from card_authorizations
        where card_id = ${cardId} and approved and status <> 'reversed'
        order by id desc`,
  );
  const cents = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .reduce((s, r) => s + toCents(r.amount), 0);
  let over = cents("refund") - cents("purchase");
  let voided = 0;
  for (const r of rows) {
    if (over <= 0) break;
    if (r.kind !== "refund") continue;
    await tx
      .update(cardAuthorizations)
      .set({
        approved: false,
        reason: REFUND_PURCHASE_REVERSED,
        updatedAt: now,
      })
      .where(eq(cardAuthorizations.id, r.id));
    over -= toCents(r.amount);
    voided += 1;
  }
  return voided;
}

/** What the ledger says a card has spent (purchases − reversals − refunds), in cents. */
async function ledgerSpentCents(tx: Executor, cardId: number): Promise<number> {
  const [row] = await queryRows<{ spent: string }>(
    tx,
    sql`select coalesce(-sum(amount), 0)::text as spent from ledger_postings
        where card_id = ${cardId} and account = 'merchants'`,
  );
  return toCents(row?.spent ?? "0");
}

/**
 * A merchant gives money back to the card: stored as an approved `refund` row, which lowers the
 * card's spend and raises what it has left; the ledger posts a merchant refund. Once per
 * provider transaction id. Decided under the card's row lock against the ledger's spend, so
 * concurrent refunds take turns and together never exceed what the card spent (spend never goes
 * below zero). One that would is refused (`over: "refuse"`, the sandbox's tool: 400, nothing
 * stored) or stored as not applied with its reason (`over: "record"`, Stripe's word that the
 * merchant paid: kept for the operator, the card's figures untouched). A refund on a closed card
 * is then returned with the card's unspent balance at once (closeCard's rule), so the employee
 * owes less.
 */
export async function refundToCard(
  cardId: number,
  refund: {
    amountCents: number;
    merchantName: string;
    providerTransactionId?: string;
  },
  now: Date = new Date(),
  over: "refuse" | "record" = "refuse",
): Promise<{ created: boolean; applied: boolean }> {
  const outcome = await transaction(async (tx) => {
    const card = await lockCard(tx, cardId);
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (refund.providerTransactionId) {
      const [seen] = await tx
        .select({ id: cardAuthorizations.id })
        .from(cardAuthorizations)
        .where(
          eq(
            cardAuthorizations.providerTransactionId,
            refund.providerTransactionId,
          ),
        );
      if (seen) return { created: false, applied: false };
    }
    const applied = refund.amountCents <= (await ledgerSpentCents(tx, card.id));
    if (!applied && over === "refuse")
      throw badRequest(REFUND_NOTHING_SPENT, {
        amount: [REFUND_NOTHING_SPENT],
      });
    await tx.insert(cardAuthorizations).values({
      cardId: card.id,
      kind: "refund",
      amount: fromCents(refund.amountCents),
      merchantName: refund.merchantName.slice(0, 200),
      merchantCategory: GROCERY_CATEGORY,
      approved: applied,
      reason: applied ? null : REFUND_OVER_SPEND,
      status: "closed",
      providerTransactionId: refund.providerTransactionId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (!applied) return { created: true, applied: false };
    await syncCardSpend(tx, card.id, "card.merchant_refund");
    if (card.status === "closed")
      await returnUnspent(
        tx,
        { cardId: card.id, ...(await cardParties(tx, card.id)) },
        now,
      );
    return { created: true, applied: true };
  });
  if (outcome.created) await announce(cardId);
  return outcome;
}

/**
 * The sandbox's refund test tool: a merchant refund of `amount` on the caller's own card, never
 * more than the card has spent (checked under the card's lock, 400). Only in sandbox mode (with
 * Stripe, refunds come from the network).
 */
export async function simulateMerchantRefund(
  actor: User,
  cardId: number,
  input: { amount: string; merchantName: string },
): Promise<void> {
  if (paymentProvider().name !== "sandbox") throw notFound(SANDBOX_ONLY);
  const card = await ownCard(db(), actor, cardId);
  await refundToCard(card.id, {
    amountCents: toCents(input.amount),
    merchantName: input.merchantName,
  });
}
