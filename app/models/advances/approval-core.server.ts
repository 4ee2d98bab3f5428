import { and, eq } from "drizzle-orm";
import { advanceRequests, type AdvanceRequest } from "#db/schema";
import type { Tx } from "~/utils/db.server";
import { conflict } from "~/utils/errors";
import { BALANCE_NO_LONGER_COVERS } from "~/utils/rules";
import { reserveOrRefuse } from "~/models/ledger/index.server";

export const ALREADY_DECIDED = "This request has already been decided.";
export { BALANCE_NO_LONGER_COVERS };

/**
 * Approves a PENDING request inside the caller's transaction: status APPROVED, approval date,
 * approver (null for an automatic approval), and the amount reserved: the available balance
 * (max advance − reserved − owed) recomputed with it. The repayment schedule is made when the
 * card is issued, not here: an approved advance never paid for is never collected. Race-safe:
 * the status update is conditional, and
 * PostgreSQL re-checks the WHERE clause after waiting for a concurrent writer of the same row,
 * so of two concurrent approvals exactly one sees PENDING; approvals of one employee's
 * different requests take turns on the employee's row lock. A refusal throws (409) and the
 * transaction rolls back, leaving nothing changed.
 */
export async function applyApproval(
  tx: Tx,
  requestId: number,
  approverId: number | null,
  now: Date = new Date(),
): Promise<AdvanceRequest> {
  const [request] = await tx
    .update(advanceRequests)
    .set({ status: "APPROVED", approvalDate: now, approvedById: approverId })
    .where(
      and(
        eq(advanceRequests.id, requestId),
        eq(advanceRequests.status, "PENDING"),
      ),
    )
    .returning();
  if (!request) throw conflict(ALREADY_DECIDED);

  // The reservation: the available balance, recomputed with this approval among the reserved
  // amounts, must not go below zero (the employee's row is locked meanwhile).
  await reserveOrRefuse(tx, request.employeeId, BALANCE_NO_LONGER_COVERS);
  return request;
}
