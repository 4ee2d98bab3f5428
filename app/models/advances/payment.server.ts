import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  advanceRequests,
  companies,
  employees,
  users,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import {
  isAuthorized,
  paymentProvider,
  type ProviderPaymentIntent,
  type SandboxCardInput,
} from "~/services/payments/index.server";
import { publish } from "~/services/events.server";
import { db, transaction, type Executor } from "~/utils/db.server";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
} from "~/utils/errors";
import { formatCents, fromCents, parseCents, toCents } from "~/utils/money";
import { requestFeeCents, type FeePayer } from "~/utils/quote";
import { TERMS_VERSION } from "~/utils/rules";
import { recordAudit } from "~/models/audit/index.server";
import {
  refuseExpiredApproval,
  settleOrLeaveForLater,
} from "./settlement.server";

// Paying for an approved advance (DESIGN §4 Paying): one payment intent per request, only for
// the employee's own APPROVED request that has no card yet. The intent is for the fee alone:
// the advance is funded onto the grocery card, never charged to the
// employee's own card. The request is still named by its approved amount.

export const ADVANCE_NOT_FOUND = "Advance request not found.";
export const NOT_APPROVED = "This advance request has not been approved yet.";
export const DECLINED = "This advance request was declined.";
const CARD_ALREADY_ISSUED =
  "A grocery card has already been issued for this advance.";
export const NOT_PAID = "The payment for this advance has not been completed.";
export const CANCELLED = "This advance request was cancelled.";
export const NO_FEE_TO_PAY =
  "The processing fee of this advance is $0.00: there is nothing to pay. Confirm the advance to get your card.";
export const COMPANY_PAYS_FEE =
  "Your company pays the fee for this advance: there is nothing to pay. Confirm the advance to get your card.";

/** An advance request with what paying for it and issuing its card need. */
export type PayableAdvance = {
  request: AdvanceRequest;
  userId: number;
  companyId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  /** The company's setting now: it pays the fee of advances confirmed from now on. */
  companyPaysFee: boolean;
};

function advanceQuery(executor: Executor) {
  return executor
    .select({
      request: advanceRequests,
      userId: employees.userId,
      companyId: employees.companyId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyPaysFee: sql<boolean>`coalesce(${companies.companyPaysFee}, false)`,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(companies, eq(companies.id, employees.companyId));
}

/**
 * The advance request `id` as the actor may see it: an employee sees only their own (anyone
 * else's is a 404, so ids reveal nothing); "webhook" is the provider, trusted by signature.
 */
export async function findAdvance(
  actor: User | "webhook",
  id: number,
): Promise<PayableAdvance> {
  if (actor !== "webhook" && actor.role !== "EMPLOYEE")
    throw forbidden("Only employees pay for their advances.");
  const [row] = await advanceQuery(db()).where(eq(advanceRequests.id, id));
  if (!row || (actor !== "webhook" && row.userId !== actor.id))
    throw notFound(ADVANCE_NOT_FOUND);
  return row;
}

/** Refuses a request that is not approved, or whose card already exists. */
function assertApprovedWithoutCard(advance: PayableAdvance) {
  if (advance.request.status === "DECLINED") throw conflict(DECLINED);
  if (advance.request.status === "CANCELLED") throw conflict(CANCELLED);
  if (advance.request.status !== "APPROVED") throw conflict(NOT_APPROVED);
  if (advance.request.cardIssuedAt !== null)
    throw conflict(CARD_ALREADY_ISSUED);
}

function assertAmount(advance: PayableAdvance, cents: number) {
  const expected = toCents(advance.request.amount);
  if (cents !== expected) {
    throw badRequest(
      `The amount ${formatCents(cents)} does not match the approved advance of ${formatCents(expected)}.`,
      { amount: ["The amount does not match the approved advance."] },
    );
  }
}

function amountCents(amount: string | number): number {
  const cents = parseCents(amount);
  if (cents === null || cents <= 0)
    throw badRequest("Amount must be a positive dollar amount, like 300.00", {
      amount: ["Amount must be a positive dollar amount, like 300.00"],
    });
  return cents;
}

/**
 * The caller's payable request: the one named, or with the amount alone the oldest approved,
 * unpaid request of that amount that has no card. An approval past its pay-by day (7 days) is
 * refused here, at the moment of payment, and expires (refuseExpiredApproval).
 */
export async function findPayableAdvance(
  actor: User,
  input: { amount: string | number; advanceRequestId?: number },
  now: Date = new Date(),
): Promise<PayableAdvance> {
  const cents = amountCents(input.amount);
  if (input.advanceRequestId !== undefined) {
    const advance = await findAdvance(actor, input.advanceRequestId);
    assertApprovedWithoutCard(advance);
    assertAmount(advance, cents);
    await refuseExpiredApproval(advance.request, now);
    return advance;
  }
  if (actor.role !== "EMPLOYEE")
    throw forbidden("Only employees pay for their advances.");
  const [match] = await advanceQuery(db())
    .where(
      and(
        eq(employees.userId, actor.id),
        eq(advanceRequests.status, "APPROVED"),
        eq(advanceRequests.amount, fromCents(cents)),
        isNull(advanceRequests.paidAt),
        isNull(advanceRequests.cardIssuedAt),
      ),
    )
    .orderBy(asc(advanceRequests.approvalDate), asc(advanceRequests.id))
    .limit(1);
  if (match) await refuseExpiredApproval(match.request, now);
  if (!match) {
    throw badRequest(
      `No approved advance of ${formatCents(cents)} is waiting for payment.`,
      {
        amount: ["No approved advance of this amount is waiting for payment."],
      },
    );
  }
  return match;
}

/** Stores the intent id on the request, unless another call stored one first. */
async function storeIntentId(
  requestId: number,
  intentId: string,
  replacing: string | null,
): Promise<string> {
  const [stored] = await db()
    .update(advanceRequests)
    .set({ paymentIntentId: intentId })
    .where(
      and(
        eq(advanceRequests.id, requestId),
        replacing === null
          ? isNull(advanceRequests.paymentIntentId)
          : eq(advanceRequests.paymentIntentId, replacing),
      ),
    )
    .returning({ paymentIntentId: advanceRequests.paymentIntentId });
  if (stored) return intentId;
  const [current] = await db()
    .select({ paymentIntentId: advanceRequests.paymentIntentId })
    .from(advanceRequests)
    .where(eq(advanceRequests.id, requestId));
  return current?.paymentIntentId ?? intentId;
}

/** The request's payment intent at the provider: the stored one, else a new one (stored). */
async function ensurePaymentIntent(
  advance: PayableAdvance,
): Promise<ProviderPaymentIntent> {
  const provider = paymentProvider();
  const { request } = advance;
  const existingId = request.paymentIntentId;
  const feeCents = feeOf(request);
  if (existingId) {
    const existing = await provider.getPaymentIntent(existingId);
    // Reused when it is for the fee, or when an older intent for the whole advance already
    // holds the money (the card captures only the fee from it); an unconfirmed older intent is
    // replaced by one for the fee.
    if (
      existing &&
      (existing.amountCents === feeCents || isAuthorized(existing))
    )
      return existing;
  }
  const created = await provider.createPaymentIntent({
    advanceRequestId: request.id,
    amountCents: feeCents,
    userId: advance.userId,
  });
  const storedId = await storeIntentId(request.id, created.id, existingId);
  if (storedId === created.id) return created;
  return (await provider.getPaymentIntent(storedId)) ?? created;
}

export type PaymentIntentResult = {
  clientSecret: string;
  paymentIntentId: string;
  advanceRequestId: number;
};

/**
 * POST /api/create-payment-intent: the client secret of the payment intent for the caller's
 * approved request of this amount (dollars). The same request always gets the same intent.
 */
export async function createPaymentIntent(
  actor: User,
  input: { amount: string | number; advanceRequestId?: number },
): Promise<PaymentIntentResult> {
  const advance = await findPayableAdvance(actor, input);
  // Nothing to pay when the company pays the fee (unless the employee already authorized it
  // before the company took the fee on: that authorization is the one used).
  if (
    advance.companyPaysFee &&
    (await authorizedIntent(advance.request)) === null
  )
    throw conflict(COMPANY_PAYS_FEE);
  await refuseNoFee(advance);
  const intent = await ensurePaymentIntent(advance);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    advanceRequestId: advance.request.id,
  };
}

/**
 * A fee of $0.00 (the state's monthly cap used up, decision 0126) is never sent through the
 * payment provider: the employee confirms without a charge, as when the company pays.
 */
async function refuseNoFee(advance: PayableAdvance) {
  if (
    feeOf(advance.request) === 0 &&
    (await authorizedIntent(advance.request)) === null
  )
    throw conflict(NO_FEE_TO_PAY);
}

/** What checkout authorizes for a request: the fee. */
function feeOf(request: AdvanceRequest): number {
  return requestFeeCents(request);
}

/**
 * The request's intent at the provider when it holds the fee (authorized, or already
 * captured), or, for a request paid before decision 0075, the whole advance; null otherwise.
 */
export async function authorizedIntent(
  request: AdvanceRequest,
): Promise<ProviderPaymentIntent | null> {
  if (!request.paymentIntentId) return null;
  const intent = await paymentProvider().getPaymentIntent(
    request.paymentIntentId,
  );
  return intent !== null &&
    isAuthorized(intent) &&
    (intent.amountCents === feeOf(request) ||
      intent.amountCents === toCents(request.amount)) &&
    (intent.advanceRequestId === null || intent.advanceRequestId === request.id)
    ? intent
    : null;
}

/** Whether the fee's authorization is in place (the employee has paid). */
export async function paymentSucceeded(
  request: AdvanceRequest,
): Promise<boolean> {
  if (request.paidAt) return true;
  return (await authorizedIntent(request)) !== null;
}

/**
 * The audit event of the fee's authorization (or, when the company pays the fee, of the
 * employee's confirmation), in the transaction that stamped paid_at.
 */
export async function recordPayment(
  tx: Executor,
  actorId: number | null,
  advance: PayableAdvance,
  authorizedCents: number,
  feePaidBy: FeePayer = "EMPLOYEE",
) {
  await recordAudit(tx, {
    actorId,
    companyId: advance.companyId,
    subjectUserId: advance.userId,
    action: "request.paid",
    requestId: advance.request.id,
    amountCents: authorizedCents,
    details: {
      authorized: fromCents(authorizedCents),
      termsVersion: TERMS_VERSION,
      ...(feePaidBy === "COMPANY" ? { feePaidBy: "company" } : {}),
    },
  });
}

/**
 * Stamps paid_at (the fee is authorized: authorized amount = what the intent holds) and the
 * terms accepted by paying (the version current now) once, and only while the
 * request is still APPROVED: a cancellation that got there first wins, and the caller then
 * releases the hold. "paid" when this call stamped it, "already" when an earlier one did,
 * "cancelled" when the request is no longer approved.
 */
export async function markPaid(
  executor: Executor,
  requestId: number,
  authorizedCents: number,
  now: Date = new Date(),
  feePaidBy: FeePayer = "EMPLOYEE",
): Promise<"paid" | "already" | "cancelled"> {
  const rows = await executor
    .update(advanceRequests)
    .set({
      paidAt: now,
      feePaidBy,
      authorizedAmount: fromCents(authorizedCents),
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: now,
    })
    .where(
      and(
        eq(advanceRequests.id, requestId),
        isNull(advanceRequests.paidAt),
        eq(advanceRequests.status, "APPROVED"),
      ),
    )
    .returning({ id: advanceRequests.id });
  if (rows.length > 0) return "paid";
  const [row] = await executor
    .select({
      status: advanceRequests.status,
      paidAt: advanceRequests.paidAt,
    })
    .from(advanceRequests)
    .where(eq(advanceRequests.id, requestId));
  return row?.paidAt && row.status === "APPROVED" ? "already" : "cancelled";
}

/**
 * The sandbox checkout's payment: the card typed into our own form pays the request's intent.
 * A decline throws PaymentDeclinedError (402) with the provider's message and changes nothing
 * of ours. The CVC is only passed to the provider's format check.
 */
export async function payWithSandboxCard(
  actor: User,
  input: {
    amount: string | number;
    advanceRequestId: number;
    card: SandboxCardInput;
  },
): Promise<PayableAdvance> {
  const advance = await findPayableAdvance(actor, input);
  const provider = paymentProvider();
  if (provider.name !== "sandbox")
    throw badRequest(
      "Card details are entered in Stripe's payment form on this server.",
    );
  await refuseNoFee(advance);
  const intent = await ensurePaymentIntent(advance);
  const paid = await provider.confirmPayment(intent.id, input.card);
  if (!isAuthorized(paid))
    throw new AppError(402, "An error occurred during payment processing.");
  const outcome = await transaction(async (tx) => {
    const outcome = await markPaid(tx, advance.request.id, paid.amountCents);
    if (outcome === "paid")
      await recordPayment(tx, actor.id, advance, paid.amountCents);
    return outcome;
  });
  if (outcome === "cancelled") {
    // The employee (or expiry) cancelled while the card was being authorized: the
    // authorization is released and recorded (the cancellation's own settlement may have
    // done it already).
    await settleOrLeaveForLater(
      advance.request.id,
      new Date(),
      paid.amountCents,
    );
    throw conflict(CANCELLED);
  }
  if (outcome === "paid") {
    await publish("request.paid", [advance.userId], {
      company: advance.companyId,
      requestId: advance.request.id,
    });
  }
  return advance;
}
