import { and, eq, gte, sql } from "drizzle-orm";
import { advanceRequests, employees, type AdvanceRequest } from "#db/schema";
import type { Tx } from "~/utils/db.server";
import { conflict } from "~/utils/errors";
import { BALANCE_NO_LONGER_COVERS } from "~/utils/rules";

export const ALREADY_DECIDED = "This request has already been decided.";
export { BALANCE_NO_LONGER_COVERS };

/**
 * Approves a PENDING request inside the caller's transaction: status APPROVED, approval date,
 * approver (null for an automatic approval) and the employee's balance minus the amount (the
 * reservation). The repayment schedule is made when the card is issued, not here
 * (docs/decisions/1500): an approved advance never paid for is never collected. Race-safe without explicit locks: both updates are conditional, and
 * PostgreSQL re-checks the WHERE clause after waiting for a concurrent writer of the same row,
 * so of two concurrent approvals exactly one sees PENDING. A refusal throws (409) and the
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

  const [employee] = await tx
    .update(employees)
    .set({
      availableBalance: sql`${employees.availableBalance} - ${request.amount}`,
    })
    .where(
      and(
        eq(employees.id, request.employeeId),
        gte(employees.availableBalance, request.amount),
      ),
    )
    .returning({ id: employees.id });
  if (!employee) throw conflict(BALANCE_NO_LONGER_COVERS);
  return request;
}
