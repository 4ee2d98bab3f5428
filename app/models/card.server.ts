import { eq } from "drizzle-orm";
import { virtualCards, type User, type VirtualCard } from "../../db/schema";
import { publish } from "~/services/events.server";
import {
  GROCERY_CATEGORY,
  paymentProvider,
} from "~/services/payments/index.server";
import { db } from "~/utils/db.server";
import { AppError, conflict } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import {
  findAdvance,
  markPaid,
  recordPayment,
  NOT_APPROVED,
  NOT_PAID,
  DECLINED,
  paymentSucceeded,
} from "./payment.server";
import { recordAudit } from "./audit.server";
import { notifyCardIssued } from "./notifications.server";

// Issuing the grocery-only virtual card (DESIGN §4 Issuing the card). One function for the
// checkout page, POST /api/create-grocery-card and the provider's webhook, so a payment whose
// browser closed still gets its card. At most one card per request (unique index on
// virtual_cards.request_id); only the masked number and expiry are stored (docs/decisions/0004).

export const GROCERY_RESTRICTION = "Grocery stores only";

export type CardDto = {
  id: number;
  requestId: number;
  cardNumber: string;
  status: string;
  expiryMonth: number;
  expiryYear: number;
  amount: string;
  spendingLimits: string;
  createdAt: string;
};

export function maskCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

export function groceryLimits(cents: number): string {
  return JSON.stringify({
    restrictions: GROCERY_RESTRICTION,
    allowedCategories: [GROCERY_CATEGORY],
    limitCents: cents,
  });
}

export function toCardDto(card: VirtualCard): CardDto {
  return {
    id: card.id,
    requestId: card.requestId,
    cardNumber: card.cardNumber,
    status: card.status,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    amount: card.amount,
    spendingLimits: card.spendingLimits,
    createdAt: card.createdAt.toISOString(),
  };
}

async function cardOf(requestId: number): Promise<VirtualCard | undefined> {
  const [card] = await db()
    .select()
    .from(virtualCards)
    .where(eq(virtualCards.requestId, requestId));
  return card;
}

/** A failure of the card step after the payment went through (SPEC §4: stay on checkout). */
export class CardCreationError extends AppError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = "CardCreationError";
  }
}

export type IssuedCard = { card: CardDto; created: boolean };

/**
 * Issues the grocery card of an advance request whose payment the provider reports as
 * succeeded, or returns the card it already has (created: false). The employee may only ask
 * for their own request; "webhook" is the provider itself. Concurrent calls for one request
 * all get the same card: the provider call is idempotent per request and the insert yields
 * to the unique index.
 */
export async function issueGroceryCard(
  actor: User | "webhook",
  advanceRequestId: number,
): Promise<IssuedCard> {
  const advance = await findAdvance(actor, advanceRequestId);
  const { request } = advance;
  if (advance.cardId !== null) {
    const existing = await cardOf(request.id);
    if (existing) return { card: toCardDto(existing), created: false };
  }
  if (request.status === "DECLINED") throw conflict(DECLINED);
  if (request.status !== "APPROVED") throw conflict(NOT_APPROVED);
  if (!(await paymentSucceeded(request))) throw conflict(NOT_PAID);

  const cents = toCents(request.amount);
  const issued = await paymentProvider().issueGroceryCard({
    advanceRequestId: request.id,
    amountCents: cents,
    holder: {
      userId: advance.userId,
      firstName: advance.firstName,
      lastName: advance.lastName,
      email: advance.email,
    },
  });

  const { paidNow, inserted } = await db().transaction(async (tx) => {
    const actorId = actor === "webhook" ? null : actor.id;
    const paidNow = await markPaid(tx, request.id);
    if (paidNow) await recordPayment(tx, actorId, advance);
    const [inserted] = await tx
      .insert(virtualCards)
      .values({
        requestId: request.id,
        providerCardId: issued.id,
        cardNumber: maskCardNumber(issued.last4),
        expiryMonth: issued.expMonth,
        expiryYear: issued.expYear,
        amount: fromCents(cents),
        status: issued.status,
        spendingLimits: groceryLimits(cents),
      })
      .onConflictDoNothing()
      .returning();
    if (inserted)
      await recordAudit(tx, {
        actorId,
        employerId: advance.employerId,
        subjectUserId: advance.userId,
        action: "card.issued",
        requestId: request.id,
        amountCents: cents,
        details: { card: inserted.cardNumber },
      });
    if (inserted) await notifyCardIssued(tx, inserted.id);
    return { paidNow, inserted };
  });

  const to = [advance.userId, advance.employerId];
  if (paidNow) await publish("request.paid", to, { requestId: request.id });
  if (inserted) {
    await publish("card.issued", to, { requestId: request.id });
    return { card: toCardDto(inserted), created: true };
  }
  const existing = await cardOf(request.id);
  if (!existing)
    throw conflict("The card could not be issued. Please try again.");
  return { card: toCardDto(existing), created: false };
}
