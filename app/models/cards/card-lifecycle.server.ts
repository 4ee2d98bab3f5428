import { and, eq, ne, sql } from "drizzle-orm";
import { virtualCards, type User, type VirtualCard } from "#db/schema";
import { paymentProvider } from "~/services/payments/index.server";
import { db, onceAcrossRetries, transaction, type Tx } from "~/utils/db.server";
import { conflict, notFound } from "~/utils/errors";
import { fromCents } from "~/utils/money";
import { toVirtualCardDto } from "./card.server";
import {
  announce,
  CARD_NOT_FOUND,
  cardParties,
  lockCard,
  ownCard,
} from "./card-access.server";
import { DECLINE_INACTIVE, FROZEN } from "./card-authorization.server";
import { toOwnCardDto, type OwnCardDto } from "./card-reads.server";
import { recordAudit } from "~/models/audit/index.server";
import { emitWebhook } from "~/models/integrations/index.server";
import { notifyCreditOwed } from "~/models/notifications/index.server";
import { employeeRecipient } from "~/models/people/index.server";
import { returnUnspent, type Returned } from "~/models/repayments/index.server";

import { cardFiguresOf } from "./card-figures.server";
// The card's lifecycle: frozen and unfrozen by its holder, closed by them, by offboarding or at
// the end of its validity (the daily clean-up), its unspent balance returned on close.

export type CardStatusChange = { card: VirtualCard; changed: boolean };

/**
 * Freezes (every purchase declined) or unfreezes the caller's own card. With Stripe the card's
 * status at Stripe follows (inactive / active) inside the same transaction: if Stripe cannot be
 * told, nothing changes. Asking for the state the card is already in changes nothing.
 */
export async function setCardFrozen(
  actor: User,
  cardId: number,
  frozen: boolean,
): Promise<CardStatusChange> {
  const result = await transaction(async (tx) => {
    const card = await ownCard(tx, actor, cardId, true);
    const target = frozen ? FROZEN : "active";
    if (card.status === target) return { card, changed: false };
    if (card.status !== "active" && card.status !== FROZEN)
      throw conflict(DECLINE_INACTIVE);
    const [updated] = await tx
      .update(virtualCards)
      .set({ status: target })
      .where(eq(virtualCards.id, card.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId: card.companyId,
      subjectUserId: actor.id,
      action: frozen ? "card.frozen" : "card.unfrozen",
      requestId: card.requestId,
      details: { card: card.cardNumber },
    });
    // Told once, however many times PostgreSQL has the transaction run again.
    await onceAcrossRetries(
      `card-status:${card.providerCardId}:${frozen ? "inactive" : "active"}`,
      () =>
        paymentProvider().setCardStatus(
          card.providerCardId,
          frozen ? "inactive" : "active",
        ),
    );
    return { card: updated, changed: true };
  });
  if (result.changed) await announce(cardId);
  return result;
}

const CARD_ALREADY_CLOSED = "This card is already closed.";

/**
 * Closes a card for good, inside the caller's transaction: every later purchase is declined,
 * the provider cancels it, and its unspent balance is returned (the employee owes only what
 * they spent). By the employee, by offboarding, or at the end of its validity. Returns false
 * when it was already closed.
 */
export async function closeCardInTx(
  tx: Tx,
  cardId: number,
  actorId: number | null,
  why: "employee" | "offboarded" | "expired",
  now: Date = new Date(),
): Promise<Returned | null> {
  const card = await lockCard(tx, cardId);
  if (!card) throw notFound(CARD_NOT_FOUND);
  if (card.status === "closed") return null;
  await tx
    .update(virtualCards)
    .set({ status: "closed", deactivatedAt: now })
    .where(eq(virtualCards.id, card.id));
  const parties = await cardParties(tx, card.id);
  const returned = await returnUnspent(
    tx,
    { cardId: card.id, ...parties },
    now,
  );
  // Owed back: told now, unless the employee is leaving (offboarding tells it once, at its end).
  if (returned.creditCents > 0 && why !== "offboarded")
    await notifyCreditOwed(
      tx,
      await employeeRecipient(tx, parties.employeeId),
      `card:${card.id}`,
    );
  await recordAudit(tx, {
    actorId,
    companyId: parties.companyId,
    subjectUserId: parties.userId,
    action: "card.closed",
    requestId: card.requestId,
    amountCents: returned.returnedCents,
    details: {
      card: card.cardNumber,
      why,
      returned: fromCents(returned.returnedCents),
    },
  });
  await emitWebhook(tx, parties.companyId, "card.closed", {
    ...toVirtualCardDto({ ...card, status: "closed" }),
    employeeId: parties.employeeId,
    advanceRequestId: parties.requestId,
  });
  // Told once, however many times PostgreSQL has the caller's transaction run again.
  await onceAcrossRetries(`card-status:${card.providerCardId}:canceled`, () =>
    paymentProvider().setCardStatus(card.providerCardId, "canceled"),
  );
  return returned;
}

/** The employee closes their own card (after a confirmation on the card page). */
export async function closeOwnCard(
  actor: User,
  cardId: number,
): Promise<{ card: VirtualCard; returned: Returned }> {
  const done = await transaction(async (tx) => {
    const own = await ownCard(tx, actor, cardId, true);
    if (own.status === "closed") throw conflict(CARD_ALREADY_CLOSED);
    const returned = await closeCardInTx(tx, own.id, actor.id, "employee");
    const [closed] = await tx
      .select()
      .from(virtualCards)
      .where(eq(virtualCards.id, own.id));
    return {
      card: closed,
      // Locked and open above: closing it returns what was left (none: all zero).
      returned: returned ?? {
        returnedCents: 0,
        deductionsReduced: 0,
        creditCents: 0,
      },
    };
  });
  await announce(cardId);
  return done;
}

/** The freeze / unfreeze endpoints' answer: the card after the change. */
export async function setCardFrozenDto(
  actor: User,
  cardId: number,
  frozen: boolean,
): Promise<OwnCardDto> {
  const { card } = await setCardFrozen(actor, cardId, frozen);
  return toOwnCardDto(card, await cardFiguresOf(db(), card.id));
}

/** POST /api/virtual-cards/{id}/close: the card as the API answers it, after closing. */
export async function closeOwnCardDto(actor: User, cardId: number) {
  const { card } = await closeOwnCard(actor, cardId);
  return toOwnCardDto(card, await cardFiguresOf(db(), card.id));
}

/**
 * Cards past the end of their validity (the last day of their expiry month) are closed, their
 * unspent balance returned (the daily clean-up job). One transaction per card; returns how many.
 */
export async function closeExpiredCards(
  now: Date = new Date(),
): Promise<number> {
  const expired = await db()
    .select({ id: virtualCards.id })
    .from(virtualCards)
    .where(
      and(
        ne(virtualCards.status, "closed"),
        sql`${virtualCards.expiryYear} * 12 + ${virtualCards.expiryMonth} < ${
          now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
        }`,
      ),
    );
  let closed = 0;
  for (const card of expired) {
    const done = await transaction((tx) =>
      closeCardInTx(tx, card.id, null, "expired", now),
    );
    if (done) {
      closed += 1;
      await announce(card.id);
    }
  }
  return closed;
}
