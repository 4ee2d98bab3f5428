import { emitWebhook } from "~/models/integrations/index.server";
import {
  authorizedIntent,
  CANCELLED,
  DECLINED,
  findAdvance,
  markPaid,
  NOT_APPROVED,
  NOT_PAID,
  recordPayment,
  type PayableAdvance,
  CARD_FAILED_FEE_REFUNDED,
  CARD_FAILED_HOLD_RELEASED,
  CARD_FAILED_SETTLING,
  giveUpOnCard,
  refuseExpiredApproval,
  settleOrLeaveForLater,
} from "~/models/advances/index.server";
import { recordAudit } from "~/models/audit/index.server";
import { notifyCardIssued } from "~/models/notifications/index.server";
import { cardIssuedFacts } from "./notice-facts.server";
import { recordCardFunded } from "~/models/ledger/index.server";
import { scheduleRepayment } from "~/models/repayments/index.server";
import { eq } from "drizzle-orm";
import {
  advanceRequests,
  virtualCards,
  type User,
  type VirtualCard,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { addMinutes } from "date-fns";
import {
  CARD_CATEGORIES,
  isTransientFailure,
  paymentProvider,
  type ProviderPaymentIntent,
} from "~/services/payments/index.server";
import {
  CARD_GIVE_UP_MINUTES,
  CARD_RECOVERY_EVERY_MINUTES,
  GROCERY_RESTRICTION,
} from "~/utils/rules";
import { db, transaction } from "~/utils/db.server";
import { AppError, conflict, isAppError } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import { requestFeeCents } from "~/utils/quote";
import type { z } from "zod";
import type {
  issuedCardSchema,
  virtualCardSchema,
} from "~/validation/api-responses";

// Issuing the grocery-only virtual card (DESIGN §4 Issuing the card). One function for the
// checkout page, POST /api/create-grocery-card and the provider's webhook, so a payment whose
// browser closed still gets its card. At most one card per request (unique index on
// virtual_cards.request_id); only the masked number and expiry are stored (decision 0004).

/** A card as the API answers it when issued: the response schema, with its request. */
type CardDto = z.output<typeof issuedCardSchema>;

function maskCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

function groceryLimits(cents: number): string {
  return JSON.stringify({
    restrictions: GROCERY_RESTRICTION,
    allowedCategories: CARD_CATEGORIES,
    limitCents: cents,
  });
}

/** The card's own fields, as every card answer starts (no full number or CVC exists). */
export function toVirtualCardDto(
  card: Pick<
    VirtualCard,
    | "id"
    | "cardNumber"
    | "status"
    | "expiryMonth"
    | "expiryYear"
    | "amount"
    | "spendingLimits"
    | "createdAt"
  >,
): z.output<typeof virtualCardSchema> {
  return {
    id: card.id,
    cardNumber: card.cardNumber,
    status: card.status,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    amount: card.amount,
    spendingLimits: card.spendingLimits,
    createdAt: card.createdAt.toISOString(),
  };
}

function toCardDto(card: VirtualCard): CardDto {
  return { ...toVirtualCardDto(card), requestId: card.requestId };
}

async function cardOf(requestId: number): Promise<VirtualCard | undefined> {
  const [card] = await db()
    .select()
    .from(virtualCards)
    .where(eq(virtualCards.requestId, requestId));
  return card;
}

/**
 * A failure of the card step after the payment went through (SPEC §4: stay on checkout).
 * `retrying`: the request stays paid and "Card being issued", and the recovery job tries
 * again; else the request was cancelled and its fee given back.
 */
export class CardCreationError extends AppError {
  readonly retrying: boolean;
  constructor(status: number, message: string, retrying = false) {
    super(status, message);
    this.name = "CardCreationError";
    this.retrying = retrying;
  }
}

export const CARD_DELAYED = `Your payment went through, and your grocery card is being issued. We'll keep trying; if it cannot be issued within ${CARD_GIVE_UP_MINUTES} minutes, the processing fee comes back to your card and we'll e-mail you.`;

export type IssuedCard = { card: CardDto; created: boolean };

/**
 * When a paid request still without a card is given up on: the last run of the recovery job
 * inside CARD_GIVE_UP_MINUTES after the payment (decision 0078).
 */
function giveUpAt(paidAt: Date): Date {
  return addMinutes(paidAt, CARD_GIVE_UP_MINUTES - CARD_RECOVERY_EVERY_MINUTES);
}

/**
 * Issues the grocery card of an advance request whose fee the provider reports as authorized,
 * or returns the card it already has (created: false). The employee may only ask for their own
 * request; "webhook" is the provider itself (its webhook, and the recovery job). The money
 * model (decisions 0047, 0075, 0078):
 *
 * 1. an approval past its pay-by day is refused now (and expires), not only by the sweep;
 * 2. the authorization is stamped on the request (paid_at), unless a cancellation got there
 *    first, in which case the authorization is released and recorded (settlement.server.ts);
 * 3. the provider issues the card, and the fee alone is captured;
 * 4. in one transaction: the card row, the captured amount, the repayment schedule and their
 *    audit events. The unique index on virtual_cards.request_id makes the insert happen once,
 *    so of any number of concurrent calls (the success page, the API, the webhook, the
 *    recovery job) exactly one writes the schedule; the provider calls are idempotent per
 *    request, so a retry after a crash (fee captured, card row never committed) finishes it.
 *
 * If 3 or 4 fails for a reason retrying may fix (a provider 5xx or network error, a database
 * fault), the request stays paid, History says "Card being issued", and the recovery job
 * retries; past giveUpAt, or on a refusal retrying cannot fix, the request is cancelled
 * (reservation returned) and the fee refunded or released, and the employee is mailed.
 */
export async function issueGroceryCard(
  actor: User | "webhook",
  advanceRequestId: number,
  options: { now?: Date } = {},
): Promise<IssuedCard> {
  const now = options.now ?? new Date();
  const advance = await findAdvance(actor, advanceRequestId);
  const { request } = advance;
  const actorId = actor === "webhook" ? null : actor.id;
  if (request.cardIssuedAt !== null) {
    const existing = await cardOf(request.id);
    if (existing) return { card: toCardDto(existing), created: false };
  }
  if (request.status === "DECLINED") throw conflict(DECLINED);
  if (request.status === "CANCELLED") {
    // Paid at the provider after the request was cancelled (the provider's webhook): release
    // that authorization and record it, even if the cancellation saw nothing held yet.
    const held = await authorizedIntent(request).catch(() => null);
    await settleOrLeaveForLater(
      request.id,
      now,
      held?.status === "requires_capture" ? held.amountCents : undefined,
    );
    throw conflict(CANCELLED);
  }
  if (request.status !== "APPROVED") throw conflict(NOT_APPROVED);
  await refuseExpiredApproval(request, now);
  const intent = await authorizedIntent(request);
  // When the company pays the fee there is no authorization: the employee's own confirmation
  // (this call, from checkout's "Get my card" or the API) is what stamps the request paid; the
  // provider and the recovery job only finish a request confirmed that way.
  const companyPays =
    intent === null &&
    ((request.feePaidBy === "COMPANY" && request.paidAt !== null) ||
      (actor !== "webhook" && advance.companyPaysFee));
  // A fee of $0.00 (the state's monthly cap used up, decision 0126) is never authorized: the
  // employee's confirmation stamps the request paid with nothing charged, as above.
  const noFee =
    intent === null &&
    !companyPays &&
    requestFeeCents(request) === 0 &&
    (request.paidAt !== null || actor !== "webhook");
  if (!intent && !companyPays && !noFee) throw conflict(NOT_PAID);
  const authorizedCents = intent?.amountCents ?? 0;
  const feePaidBy = companyPays ? "COMPANY" : "EMPLOYEE";

  // 1. The authorization (or the confirmation) is the employee's payment: stamp it, racing a
  // cancellation fairly.
  const marked = await transaction(async (tx) => {
    const outcome = await markPaid(
      tx,
      request.id,
      authorizedCents,
      now,
      feePaidBy,
    );
    if (outcome === "paid")
      await recordPayment(tx, actorId, advance, authorizedCents, feePaidBy);
    return outcome;
  });
  const to = [advance.userId];
  const company = advance.companyId;
  if (marked === "cancelled") {
    await settleOrLeaveForLater(
      request.id,
      now,
      intent ? authorizedCents : undefined,
    );
    throw conflict(CANCELLED);
  }
  if (marked === "paid")
    await publish("request.paid", to, { requestId: request.id, company });
  const paidAt = request.paidAt ?? now;

  let inserted: VirtualCard | null;
  try {
    inserted = await issueAndRecord(advance, actorId, intent, now);
  } catch (error) {
    // A refusal (the request was cancelled meanwhile, and its fee may have just been
    // captured: the cancellation's settlement refunds it, and so does this one).
    if (isAppError(error) && error.status < 500) {
      await settleOrLeaveForLater(request.id, now);
      throw error;
    }
    const transient = isTransientFailure(error);
    console.error(
      JSON.stringify({
        level: "error",
        msg: transient
          ? "card issuance failed; the recovery job retries it"
          : "card issuance refused; cancelling the request",
        requestId: request.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    if (transient && now < giveUpAt(paidAt))
      throw new CardCreationError(503, CARD_DELAYED, true);
    const settled = await giveUpOnCard(request.id, actorId, now);
    if (settled === null) {
      // A concurrent call issued the card after all.
      const existing = await cardOf(request.id);
      if (existing) return { card: toCardDto(existing), created: false };
      throw conflict(CANCELLED);
    }
    throw new CardCreationError(
      503,
      settled === "refunded"
        ? CARD_FAILED_FEE_REFUNDED
        : settled === "pending"
          ? CARD_FAILED_SETTLING
          : CARD_FAILED_HOLD_RELEASED,
    );
  }

  if (inserted) {
    await publish("card.issued", to, { requestId: request.id, company });
    return { card: toCardDto(inserted), created: true };
  }
  const existing = await cardOf(request.id);
  if (!existing)
    throw conflict("The card could not be issued. Please try again.");
  return { card: toCardDto(existing), created: false };
}

/** Steps 3 and 4 of issueGroceryCard: the card at the provider, the fee, our records. */
async function issueAndRecord(
  advance: PayableAdvance,
  actorId: number | null,
  /** The fee's authorization on the employee's card; null when the company pays the fee. */
  intent: ProviderPaymentIntent | null,
  now: Date,
): Promise<VirtualCard | null> {
  const { request } = advance;
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

  // Only the fee is charged: the whole authorization, or the fee out of an older hold of the
  // whole advance, whose rest the provider releases.
  // When the company pays the fee nothing is captured: the fee is billed to the company.
  const authorizedCents = intent?.amountCents ?? 0;
  const capturedCents = intent
    ? (
        await paymentProvider().capturePaymentIntent(
          intent.id,
          Math.min(requestFeeCents(request), authorizedCents),
        )
      ).capturedCents
    : 0;
  const companyFeeCents = intent ? 0 : requestFeeCents(request);

  // The card, the amounts and the repayment schedule, once.
  return transaction(async (tx) => {
    const [current] = await tx
      .select({ status: advanceRequests.status })
      .from(advanceRequests)
      .where(eq(advanceRequests.id, request.id))
      .for("update");
    if (current?.status !== "APPROVED") throw conflict(CANCELLED);
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
    if (!inserted) return null;
    await tx
      .update(advanceRequests)
      .set({
        authorizedAmount: fromCents(authorizedCents),
        capturedAmount: fromCents(capturedCents),
        releasedAmount: fromCents(authorizedCents - capturedCents),
        capturedAt: now,
        // The request now says it has its card (the advances read this, not the cards' table).
        cardIssuedAt: now,
      })
      .where(eq(advanceRequests.id, request.id));
    const schedule = await scheduleRepayment(tx, request, now);
    await recordCardFunded(tx, {
      cardId: inserted.id,
      requestId: request.id,
      employeeId: request.employeeId,
      companyId: advance.companyId,
      amountCents: cents,
      feeCents: capturedCents,
      companyFeeCents,
      at: now,
    });
    const audit = {
      actorId,
      companyId: advance.companyId,
      subjectUserId: advance.userId,
      requestId: request.id,
    };
    await recordAudit(tx, {
      ...audit,
      action: "fee.captured",
      amountCents: capturedCents,
      details: {
        authorized: fromCents(authorizedCents),
        captured: fromCents(capturedCents),
        released: fromCents(authorizedCents - capturedCents),
        ...(intent
          ? {}
          : companyFeeCents > 0
            ? { feePaidBy: "company", billed: fromCents(companyFeeCents) }
            : { noFee: true }),
      },
    });
    await recordAudit(tx, {
      ...audit,
      action: "card.issued",
      amountCents: cents,
      details: {
        card: inserted.cardNumber,
        deductions: schedule.map((d) => ({
          amount: fromCents(d.amountCents),
          date: d.date.toISOString(),
        })),
      },
    });
    await notifyCardIssued(tx, await cardIssuedFacts(tx, inserted.id));
    await emitWebhook(tx, advance.companyId, "card.issued", {
      ...toVirtualCardDto(inserted),
      employeeId: request.employeeId,
      advanceRequestId: request.id,
    });
    return inserted;
  });
}
