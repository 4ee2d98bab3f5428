import { emitWebhook } from "./webhooks.server";
import { eq } from "drizzle-orm";
import {
  advanceRequests,
  companies,
  employees,
  payrollDeductions,
  virtualCards,
  type AdvanceRequest,
  type User,
  type VirtualCard,
} from "#db/schema";
import { publish } from "~/services/events.server";
import {
  GROCERY_CATEGORY,
  paymentProvider,
  type ProviderCard,
} from "~/services/payments/index.server";
import { GROCERY_RESTRICTION, PROCESSING_FEE_CENTS } from "~/utils/rules";
import { db, type Tx } from "~/utils/db.server";
import { deductionSchedule, type ScheduledDeduction } from "~/utils/schedule";
import { AppError, conflict, isAppError } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import type { z } from "zod";
import type {
  issuedCardSchema,
  virtualCardSchema,
} from "~/validation/api-responses";
import {
  authorizedIntent,
  CANCELLED,
  DECLINED,
  findAdvance,
  markPaid,
  NOT_APPROVED,
  NOT_PAID,
  recordPayment,
  releaseHold,
  type PayableAdvance,
} from "./payment.server";
import { recordAudit } from "./audit.server";
import {
  applyCancellation,
  CARD_FAILED_HOLD_RELEASED,
  CARD_FAILED_REASON,
} from "./cancel-core.server";
import { notifyCardIssued } from "./notifications.server";
import { recordCardFunded } from "./ledger.server";

// Issuing the grocery-only virtual card (DESIGN §4 Issuing the card). One function for the
// checkout page, POST /api/create-grocery-card and the provider's webhook, so a payment whose
// browser closed still gets its card. At most one card per request (unique index on
// virtual_cards.request_id); only the masked number and expiry are stored (docs/decisions/0004).

/** A card as the API answers it when issued: the response schema, with its request. */
export type CardDto = z.output<typeof issuedCardSchema>;

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

export function toCardDto(card: VirtualCard): CardDto {
  return { ...toVirtualCardDto(card), requestId: card.requestId };
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
 * Issues the grocery card of an advance request whose hold the provider reports as placed, or
 * returns the card it already has (created: false). The employee may only ask for their own
 * request; "webhook" is the provider itself. The money model (docs/decisions/1500):
 *
 * 1. the hold (authorization for the advance amount) is stamped on the request (paid_at), unless
 *    a cancellation got there first, in which case the hold is released and nothing is charged;
 * 2. the provider issues the card; if it cannot, the hold is cancelled, nothing is charged and
 *    the request is cancelled with its reserved balance returned;
 * 3. the processing fee alone is captured from the hold and the provider releases the rest;
 * 4. in one transaction: the card row, the captured and released amounts, the repayment
 *    schedule and their audit events. The unique index on virtual_cards.request_id makes the
 *    insert happen once, so of any number of concurrent calls (the success page, the API, the
 *    webhook) exactly one writes the schedule; the provider calls are idempotent per request.
 */
export async function issueGroceryCard(
  actor: User | "webhook",
  advanceRequestId: number,
): Promise<IssuedCard> {
  const advance = await findAdvance(actor, advanceRequestId);
  const { request } = advance;
  const actorId = actor === "webhook" ? null : actor.id;
  if (advance.cardId !== null) {
    const existing = await cardOf(request.id);
    if (existing) return { card: toCardDto(existing), created: false };
  }
  if (request.status === "DECLINED") throw conflict(DECLINED);
  if (request.status === "CANCELLED") {
    // Paid at the provider after the request was cancelled: release that hold.
    if (request.paymentIntentId && !request.capturedAt)
      await releaseHold(request.paymentIntentId);
    throw conflict(CANCELLED);
  }
  if (request.status !== "APPROVED") throw conflict(NOT_APPROVED);
  const intent = await authorizedIntent(request);
  if (!intent) throw conflict(NOT_PAID);

  // 1. The hold is the employee's payment: stamp it, racing a cancellation fairly.
  const marked = await db().transaction(async (tx) => {
    const outcome = await markPaid(tx, request.id, intent.amountCents);
    if (outcome === "paid")
      await recordPayment(tx, actorId, advance, intent.amountCents);
    return outcome;
  });
  const to = [advance.userId];
  const company = advance.companyId;
  if (marked === "cancelled") {
    await releaseHold(intent.id);
    throw conflict(CANCELLED);
  }
  if (marked === "paid")
    await publish("request.paid", to, { requestId: request.id, company });

  // 2. The card at the provider; a refusal cancels the hold and the request.
  const cents = toCents(request.amount);
  let issued: ProviderCard;
  try {
    issued = await paymentProvider().issueGroceryCard({
      advanceRequestId: request.id,
      amountCents: cents,
      holder: {
        userId: advance.userId,
        firstName: advance.firstName,
        lastName: advance.lastName,
        email: advance.email,
      },
    });
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "card issuance failed; releasing the hold",
        requestId: request.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    await cancelForFailedCard(advance, actorId, intent.id);
    throw new CardCreationError(503, CARD_FAILED_HOLD_RELEASED);
  }

  // 3. Only the fee is charged: the whole authorization (decision 1901), or the fee out of an
  // older hold of the whole advance, whose rest the provider releases.
  const authorizedCents = intent.amountCents;
  const feeCents = Math.min(PROCESSING_FEE_CENTS, cents, authorizedCents);
  const captured = await paymentProvider().capturePaymentIntent(
    intent.id,
    feeCents,
  );
  const capturedCents = captured.capturedCents;

  // 4. The card, the amounts and the repayment schedule, once.
  const inserted = await db().transaction(async (tx) => {
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
    const now = new Date();
    await tx
      .update(advanceRequests)
      .set({
        authorizedAmount: fromCents(authorizedCents),
        capturedAmount: fromCents(capturedCents),
        releasedAmount: fromCents(authorizedCents - capturedCents),
        capturedAt: now,
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
    await notifyCardIssued(tx, inserted.id);
    await emitWebhook(
      tx,
      advance.companyId,
      "card.issued",
      toVirtualCardDto(inserted),
    );
    return inserted;
  });

  if (inserted) {
    await publish("card.issued", to, { requestId: request.id, company });
    return { card: toCardDto(inserted), created: true };
  }
  const existing = await cardOf(request.id);
  if (!existing)
    throw conflict("The card could not be issued. Please try again.");
  return { card: toCardDto(existing), created: false };
}

/**
 * The repayment schedule of a carded advance (DESIGN §4 Approving): the amount over the
 * repayment periods in cents, remainder on the earliest, on the company's pay dates: the first
 * on or after the day of issue, one per pay date after that. Inside the card's transaction.
 */
async function scheduleRepayment(
  tx: Tx,
  request: AdvanceRequest,
  now: Date,
): Promise<ScheduledDeduction[]> {
  const [employee] = await tx
    .select({
      frequency: companies.payFrequency,
      nextPayDate: companies.nextPayDate,
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, request.employeeId));
  const schedule = deductionSchedule(
    toCents(request.amount),
    request.repaymentPeriods,
    employee ?? null,
    now,
  );
  await tx.insert(payrollDeductions).values(
    schedule.map((d) => ({
      requestId: request.id,
      amount: fromCents(d.amountCents),
      deductionDate: d.date,
    })),
  );
  return schedule;
}

/**
 * The card could not be issued: the request is cancelled (its reserved balance returned, the
 * whole hold recorded as released) and the provider cancels the hold, so nothing is charged.
 * Conditional on APPROVED without a card, so it happens once.
 */
async function cancelForFailedCard(
  advance: PayableAdvance,
  actorId: number | null,
  paymentIntentId: string,
) {
  let cancelled = false;
  try {
    await db().transaction((tx) =>
      applyCancellation(tx, advance.request.id, {
        byId: null,
        reason: CARD_FAILED_REASON,
        action: "request.cancelled",
        actorId,
        allowPaid: true,
      }),
    );
    cancelled = true;
  } catch (error) {
    // A concurrent call issued the card after all, or cancelled first: keep its outcome.
    if (!isAppError(error) || error.status !== 409) throw error;
  }
  if (!cancelled) return;
  await releaseHold(paymentIntentId);
  await publish("request.cancelled", [advance.userId], {
    company: advance.companyId,
    requestId: advance.request.id,
  });
}
