import { toPublicAdvance } from "./advance.server";
import { emitWebhook } from "~/models/integrations/index.server";
import { recordAudit } from "~/models/audit/index.server";
import { notifyAdvanceCancelled } from "~/models/notifications/index.server";
import { requestNoticeFacts } from "./notice-facts.server";
import { refreshAvailable } from "~/models/ledger/index.server";
import { and, eq } from "drizzle-orm";
import { PAY_BY_DAYS } from "~/utils/rules";
import { advanceRequests, employees, type AdvanceRequest } from "#db/schema";
import type { Tx } from "~/utils/db.server";
import { conflict } from "~/utils/errors";
import { toCents } from "~/utils/money";

// Ending an advance that will never get a card: the employee cancels it,
// it expires unpaid, or its card could not be issued. Shared by the three so the balance comes
// back the same way, once.

export const CANCELLED_BY_EMPLOYEE = "Cancelled by the employee";
export const EXPIRED_REASON = `Not paid for within ${PAY_BY_DAYS} days of approval`;
export const CARD_FAILED_REASON = "The grocery card could not be issued";
export const CARD_FAILED_HOLD_RELEASED =
  "We couldn't create your grocery card, so the hold on your card was released and nothing was charged. This request is cancelled; you can request a new advance.";
export const CARD_FAILED_FEE_REFUNDED =
  "We couldn't create your grocery card, so the processing fee was refunded to your card. This request is cancelled; you can request a new advance.";
export const CARD_FAILED_SETTLING =
  "We couldn't create your grocery card. This request is cancelled and the processing fee is being given back to your card; you can request a new advance.";
/** Paying once the approval is past its pay-by day: the sweep's expiry, at that moment. */
export const APPROVAL_EXPIRED = `This approval has expired: it was not paid for within ${PAY_BY_DAYS} days of approval. Please request a new advance.`;

export const ALREADY_CANCELLED = "This advance request was already cancelled.";
export const CANNOT_CANCEL_DECLINED =
  "This advance request was declined, so there is nothing to cancel.";
export const CANNOT_CANCEL_PAID =
  "This advance has been paid for, so it can no longer be cancelled.";

/** Days an approved advance may wait for payment before it expires. */
export const UNPAID_EXPIRY_DAYS = PAY_BY_DAYS;

export type Cancelled = {
  request: AdvanceRequest;
  employeeUserId: number;
  companyId: number | null;
  /** The reserved amount went back to the available balance (it was APPROVED). */
  returnedCents: number;
};

/**
 * Cancels the request inside the caller's transaction, or throws 409 saying why not. The row
 * is locked first, so a concurrent approval, decline, payment or second cancellation waits and
 * then sees CANCELLED (its own conditional update finds nothing): the balance comes back
 * exactly once. A PENDING request reserved nothing (pending amounts are only counted), so only
 * an APPROVED one gives its amount back, never above the company's max advance.
 *
 * `allowPaid`: the request was paid for (paid_at) but its card could not be issued. What
 * happened to the fee at the provider (released or refunded) is recorded by the settlement
 * that follows (settlement.server.ts), not here: the provider decides it. `notify: false`
 * leaves the employee's mail to that settlement.
 */
export async function applyCancellation(
  tx: Tx,
  requestId: number,
  options: {
    byId: number | null;
    reason: string;
    action: "request.cancelled" | "request.expired";
    actorId: number | null;
    allowPaid?: boolean;
    notify?: boolean;
    now?: Date;
  },
): Promise<Cancelled> {
  const [row] = await tx
    .select({
      request: advanceRequests,
      employeeUserId: employees.userId,
      companyId: employees.companyId,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(advanceRequests.id, requestId))
    .for("update", { of: advanceRequests });
  if (!row) throw conflict(ALREADY_CANCELLED);
  const { request } = row;
  if (request.status === "CANCELLED") throw conflict(ALREADY_CANCELLED);
  if (request.status === "DECLINED") throw conflict(CANNOT_CANCEL_DECLINED);
  // Issuing the card stamps card_issued_at in the transaction that stores it, holding this
  // row's lock: the locked row says whether the request has its card.
  if (
    request.status === "APPROVED" &&
    (request.cardIssuedAt !== null || (request.paidAt && !options.allowPaid))
  )
    throw conflict(CANNOT_CANCEL_PAID);

  const now = options.now ?? new Date();
  const [cancelled] = await tx
    .update(advanceRequests)
    .set({
      status: "CANCELLED",
      cancelledAt: now,
      cancelledById: options.byId,
      cancellationReason: options.reason,
      // A payment intent may hold money at the provider (even one we have not seen
      // authorized yet): it is settled after this commit, and by the recovery job until then.
      paymentSettledAt: request.paymentIntentId ? null : now,
    })
    .where(
      and(
        eq(advanceRequests.id, requestId),
        eq(advanceRequests.status, request.status),
      ),
    )
    .returning();
  if (!cancelled) throw conflict(ALREADY_CANCELLED);

  const returnedCents =
    request.status === "APPROVED" ? toCents(request.amount) : 0;
  if (returnedCents > 0)
    await refreshAvailable(tx, { employeeIds: [request.employeeId] });

  await emitWebhook(
    tx,
    row.companyId,
    "advance_request.cancelled",
    toPublicAdvance(cancelled),
  );
  await recordAudit(tx, {
    actorId: options.actorId,
    companyId: row.companyId,
    subjectUserId: row.employeeUserId,
    action: options.action,
    requestId,
    amountCents: toCents(request.amount),
    details: {
      from: request.status,
      reason: options.reason,
      balanceReturned: returnedCents > 0,
    },
  });
  if (options.notify !== false)
    await notifyAdvanceCancelled(
      tx,
      await requestNoticeFacts(tx, requestId),
      options.action === "request.expired" ? "expired" : "cancelled",
      now,
    );
  return {
    request: cancelled,
    employeeUserId: row.employeeUserId,
    companyId: row.companyId,
    returnedCents,
  };
}
