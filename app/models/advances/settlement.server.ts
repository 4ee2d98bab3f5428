import { subDays } from "date-fns";
import { and, eq, isNull, sql } from "drizzle-orm";
import { advanceRequests, employees } from "#db/schema";
import { publish } from "~/services/events.server";
import {
  paymentProvider,
  type ProviderPaymentIntent,
} from "~/services/payments/index.server";
import { db, queryRows, transaction, type Tx } from "~/utils/db.server";
import { conflict, isAppError } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import { requestFeeCents } from "~/utils/quote";
import { recordAudit } from "~/models/audit/index.server";
import { postEntry, transfer } from "~/models/ledger/index.server";
import {
  applyCancellation,
  APPROVAL_EXPIRED,
  CARD_FAILED_REASON,
  EXPIRED_REASON,
  UNPAID_EXPIRY_DAYS,
} from "./cancel-core.server";
import { notifyCardNotIssued } from "~/models/notifications/index.server";
import { requestNoticeFacts } from "./notice-facts.server";

// No money stays held or charged for a request that will get no card.
// A cancelled request's payment is settled at the provider after the cancellation commits
// (the cancellation, under the row lock, is what stops a racing payment or card): an
// authorized fee is released, a captured one refunded, an intent not paid yet cancelled so it
// cannot be paid later. Each outcome is recorded once on the request with its audit event.
// A provider failure leaves payment_settled_at null, and the recovery job settles it later.

export type Settlement = "released" | "refunded" | "nothing" | "settled";

type Outcome =
  | { kind: "nothing" }
  | { kind: "released"; authorizedCents: number }
  | {
      kind: "refunded";
      authorizedCents: number;
      capturedCents: number;
      refundedCents: number;
    };

function log(msg: string, fields: Record<string, unknown>) {
  console.error(JSON.stringify({ level: "error", msg, ...fields }));
}

/** What the provider does with the intent of a cancelled request, and what it held. */
async function settleAtProvider(
  intent: ProviderPaymentIntent,
  paid: boolean,
  authorizedCents: number,
  known: boolean,
  attempt = 0,
): Promise<Outcome> {
  const provider = paymentProvider();
  if (intent.status === "succeeded") {
    const { refundedCents } = await provider.refundPaymentIntent(intent.id);
    return {
      kind: "refunded",
      authorizedCents: intent.amountCents,
      capturedCents: intent.capturedCents,
      refundedCents,
    };
  }
  if (intent.status === "canceled")
    return paid || known
      ? { kind: "released", authorizedCents }
      : { kind: "nothing" };
  const held = intent.status === "requires_capture";
  try {
    await provider.cancelPaymentIntent(intent.id);
  } catch (error) {
    // Captured in the meantime by a card issuance that then found the request cancelled:
    // read it again and refund it.
    if (attempt === 0 && isAppError(error) && error.status < 500) {
      const again = await provider.getPaymentIntent(intent.id);
      if (again)
        return settleAtProvider(
          again,
          paid,
          authorizedCents,
          known,
          attempt + 1,
        );
    }
    throw error;
  }
  return held || paid || known
    ? { kind: "released", authorizedCents: intent.amountCents }
    : { kind: "nothing" };
}

/**
 * Settles the payment of a cancelled request (see above); "settled" when it was settled
 * before (or is not cancelled). Idempotent: the record is conditional on payment_settled_at,
 * and every provider call is idempotent per request. A request cancelled because its card
 * could not be issued mails the employee whether the fee was refunded or nothing charged.
 * Throws when the provider fails.
 *
 * `authorizedCents`: the caller saw the provider authorize this much (a payment that lost the
 * race to a cancellation). The cancellation's own settlement may have read the intent just
 * before that authorization and recorded "nothing held"; the hold is then recorded as
 * released now, once (released_amount is still null).
 */
async function settleCancelledPayment(
  requestId: number,
  now: Date = new Date(),
  authorizedCents?: number,
): Promise<Settlement> {
  const [row] = await db()
    .select({
      request: advanceRequests,
      userId: employees.userId,
      companyId: employees.companyId,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(advanceRequests.id, requestId));
  if (!row || row.request.status !== "CANCELLED") return "settled";
  const { request } = row;
  const known = authorizedCents !== undefined;
  const recordedBefore =
    request.releasedAmount !== null || request.refundedAmount !== null;
  if (request.paymentSettledAt && (!known || recordedBefore)) return "settled";
  const intent = request.paymentIntentId
    ? await paymentProvider().getPaymentIntent(request.paymentIntentId)
    : null;
  const feeCents = requestFeeCents(request);
  const outcome: Outcome = intent
    ? await settleAtProvider(
        intent,
        request.paidAt !== null,
        authorizedCents ??
          (request.authorizedAmount
            ? toCents(request.authorizedAmount)
            : intent.amountCents),
        known,
      )
    : { kind: "nothing" };

  const recorded = await transaction(async (tx) => {
    const money =
      outcome.kind === "released"
        ? {
            authorizedAmount: fromCents(outcome.authorizedCents),
            capturedAmount: "0.00",
            releasedAmount: fromCents(outcome.authorizedCents),
          }
        : outcome.kind === "refunded"
          ? {
              authorizedAmount: fromCents(outcome.authorizedCents),
              capturedAmount: fromCents(outcome.capturedCents),
              releasedAmount: fromCents(
                outcome.authorizedCents - outcome.capturedCents,
              ),
              refundedAmount: fromCents(outcome.refundedCents),
              refundedAt: now,
            }
          : {};
    const [done] = await tx
      .update(advanceRequests)
      .set({ ...money, paymentSettledAt: now })
      .where(
        and(
          eq(advanceRequests.id, requestId),
          known && outcome.kind === "released"
            ? and(
                isNull(advanceRequests.releasedAmount),
                isNull(advanceRequests.refundedAmount),
              )
            : isNull(advanceRequests.paymentSettledAt),
        ),
      )
      .returning({ id: advanceRequests.id });
    if (!done) return false;
    const audit = {
      actorId: null,
      companyId: row.companyId,
      subjectUserId: row.userId,
      requestId,
    };
    if (outcome.kind === "released")
      await recordAudit(tx, {
        ...audit,
        action: "hold.released",
        amountCents: outcome.authorizedCents,
        details: {
          captured: "0.00",
          released: fromCents(outcome.authorizedCents),
        },
      });
    if (outcome.kind === "refunded")
      await recordFeeRefund(tx, {
        companyId: row.companyId,
        employeeId: request.employeeId,
        requestId,
        capturedCents: outcome.capturedCents,
        refundedCents: outcome.refundedCents,
        at: now,
      });
    if (outcome.kind === "refunded")
      await recordAudit(tx, {
        ...audit,
        action: "fee.refunded",
        amountCents: outcome.refundedCents,
        details: {
          captured: fromCents(outcome.capturedCents),
          refunded: fromCents(outcome.refundedCents),
        },
      });
    if (request.cancellationReason === CARD_FAILED_REASON)
      await notifyCardNotIssued(
        tx,
        await requestNoticeFacts(tx, requestId),
        outcome.kind === "released" ? outcome.authorizedCents : feeCents,
        outcome.kind === "refunded" ? outcome.refundedCents : 0,
        now,
      );
    return true;
  });
  if (!recorded) return "settled";
  await publish("request.cancelled", [row.userId], {
    company: row.companyId,
    requestId,
  });
  return outcome.kind;
}

/**
 * The ledger of a refunded fee: the capture first if no card's transaction recorded it (the
 * card never came), then the refund, so the fee's income and payments come back to zero.
 */
async function recordFeeRefund(
  tx: Tx,
  fee: {
    companyId: number | null;
    employeeId: number;
    requestId: number;
    capturedCents: number;
    refundedCents: number;
    at: Date;
  },
) {
  const [row] = await queryRows<{ charged: string }>(
    tx,
    sql`select coalesce(sum(p.amount), 0)::text as charged
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.request_id = ${fee.requestId} and p.account = 'fee_payments'`,
  );
  const subject = {
    companyId: fee.companyId,
    employeeId: fee.employeeId,
    requestId: fee.requestId,
    at: fee.at,
  };
  const missing = fee.capturedCents - toCents(row?.charged ?? "0");
  if (missing > 0)
    await postEntry(tx, {
      ...subject,
      event: "fee.charged",
      postings: transfer("fee_payments", "fee_income", missing),
    });
  await postEntry(tx, {
    ...subject,
    event: "fee.refunded",
    postings: transfer("fee_income", "fee_payments", fee.refundedCents),
  });
}

/** Settles, and logs instead of throwing: the recovery job tries again later. */
export async function settleOrLeaveForLater(
  requestId: number,
  now: Date = new Date(),
  authorizedCents?: number,
): Promise<Settlement | "pending"> {
  try {
    return await settleCancelledPayment(requestId, now, authorizedCents);
  } catch (error) {
    log("payment of a cancelled request not settled yet; will retry", {
      requestId,
      error: error instanceof Error ? error.message : String(error),
    });
    return "pending";
  }
}

/**
 * A paid request whose card could not be issued in time (or ever): cancelled (reservation
 * returned, audit `request.cancelled`), then its fee refunded or released and the employee
 * mailed. null when a card was issued (or it was cancelled) meanwhile.
 */
export async function giveUpOnCard(
  requestId: number,
  actorId: number | null,
  now: Date = new Date(),
): Promise<Settlement | "pending" | null> {
  let employeeUserId: number;
  let companyId: number | null;
  try {
    const done = await transaction((tx) =>
      applyCancellation(tx, requestId, {
        byId: null,
        reason: CARD_FAILED_REASON,
        action: "request.cancelled",
        actorId,
        allowPaid: true,
        notify: false,
        now,
      }),
    );
    employeeUserId = done.employeeUserId;
    companyId = done.companyId;
  } catch (error) {
    if (isAppError(error) && error.status === 409) return null;
    throw error;
  }
  await publish("request.cancelled", [employeeUserId], {
    company: companyId,
    requestId,
  });
  return settleOrLeaveForLater(requestId, now);
}

/** The approval is past its pay-by day (approved more than 7 days ago). */
function isPastPayBy(
  request: { approvalDate: Date | null },
  now: Date = new Date(),
): boolean {
  return (
    request.approvalDate !== null &&
    request.approvalDate < subDays(now, UNPAID_EXPIRY_DAYS)
  );
}

/**
 * Paying for an approval past its pay-by day is refused at that moment (409, APPROVAL_EXPIRED),
 * and the request expires then as the sweep would expire it (expireUnpaidAdvances): cancelled,
 * reservation returned, any hold released. A request already paid is left alone.
 */
export async function refuseExpiredApproval(
  request: {
    id: number;
    status: string;
    paidAt: Date | null;
    approvalDate: Date | null;
  },
  now: Date = new Date(),
): Promise<void> {
  if (
    request.status !== "APPROVED" ||
    request.paidAt !== null ||
    !isPastPayBy(request, now)
  )
    return;
  try {
    const done = await transaction((tx) =>
      applyCancellation(tx, request.id, {
        byId: null,
        actorId: null,
        reason: EXPIRED_REASON,
        action: "request.expired",
        now,
      }),
    );
    await publish("request.cancelled", [done.employeeUserId], {
      company: done.companyId,
      requestId: request.id,
    });
    await settleOrLeaveForLater(request.id, now);
  } catch (error) {
    // Expired or paid by a concurrent call: the refusal stands either way.
    if (!isAppError(error) || error.status !== 409) throw error;
  }
  throw conflict(APPROVAL_EXPIRED);
}
