import { toPublicAdvance } from "./advance.server";
import { emitWebhook } from "~/models/integrations/index.server";
import { ALREADY_DECIDED, applyApproval } from "./approval-core.server";
import { recordAudit } from "~/models/audit/index.server";
import {
  notifyAdvanceApproved,
  notifyAdvanceDeclined,
} from "~/models/notifications/index.server";
import { and, eq } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { db, type Tx } from "~/utils/db.server";
import { badRequest, conflict, notFound } from "~/utils/errors";
import {
  DECLINE_REASON_MAX,
  DECLINE_REASON_TOO_LONG,
  DEFAULT_DECLINE_REASON,
  REQUEST_NOT_FOUND,
} from "~/validation/employer";
import { companyFor } from "~/utils/company-access.server";
import { toCents } from "~/utils/money";

/**
 * The request's employee user id when the request belongs to one of the actor's employees;
 * null otherwise (another employer's request, an employee acting, or no such id), so callers
 * answer 404 without revealing which.
 */
async function ownedRequest(
  tx: Tx,
  actor: User,
  requestId: number,
): Promise<{ employeeUserId: number } | null> {
  if (actor.role !== "EMPLOYER" || actor.companyId === null) return null;
  const companyId = companyFor(actor, "approve");
  const [row] = await tx
    .select({ employeeUserId: employees.userId })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(
      and(
        eq(advanceRequests.id, requestId),
        eq(employees.companyId, companyId),
      ),
    );
  return row ?? null;
}

/**
 * The employer approves a pending request of one of their employees (DESIGN §4 Approving).
 * In one transaction: the ownership check (else 404), then the shared approval core — the
 * conditional PENDING → APPROVED update (else 409), the balance re-check (else 409), the
 * balance and the deduction schedule. Of any number of concurrent approvals exactly one wins.
 */
export async function approveAdvance(
  actor: User,
  requestId: number,
): Promise<AdvanceRequest> {
  const { request, employeeUserId } = await db().transaction(async (tx) => {
    const owned = await ownedRequest(tx, actor, requestId);
    if (!owned) throw notFound(REQUEST_NOT_FOUND);
    const approved = await applyApproval(tx, requestId, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId: actor.companyId,
      subjectUserId: owned.employeeUserId,
      action: "request.approved",
      requestId,
      amountCents: toCents(approved.amount),
    });
    await notifyAdvanceApproved(tx, requestId);
    await emitWebhook(
      tx,
      actor.companyId,
      "advance_request.approved",
      toPublicAdvance(approved),
    );
    return { request: approved, employeeUserId: owned.employeeUserId };
  });
  await publish("request.approved", [actor.id, employeeUserId], {
    requestId: request.id,
    company: actor.companyId,
  });
  return request;
}

/**
 * The employer declines a pending request of one of their employees (DESIGN §4 Declining):
 * rejection date and reason ('Declined by employer' when none is given, at most 500
 * characters) and who declined. The update is conditional on PENDING, so it cannot overwrite a concurrent
 * approval: the loser gets 409 and nothing changes.
 */
export async function declineAdvance(
  actor: User,
  requestId: number,
  reason?: string | null,
): Promise<AdvanceRequest> {
  const text = reason?.trim() || DEFAULT_DECLINE_REASON;
  if (text.length > DECLINE_REASON_MAX)
    throw badRequest(DECLINE_REASON_TOO_LONG, {
      reason: [DECLINE_REASON_TOO_LONG],
    });
  const { request, employeeUserId } = await db().transaction(async (tx) => {
    const owned = await ownedRequest(tx, actor, requestId);
    if (!owned) throw notFound(REQUEST_NOT_FOUND);
    const [declined] = await tx
      .update(advanceRequests)
      .set({
        status: "DECLINED",
        rejectionDate: new Date(),
        rejectionReason: text,
        declinedById: actor.id,
      })
      .where(
        and(
          eq(advanceRequests.id, requestId),
          eq(advanceRequests.status, "PENDING"),
        ),
      )
      .returning();
    if (!declined) throw conflict(ALREADY_DECIDED);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId: actor.companyId,
      subjectUserId: owned.employeeUserId,
      action: "request.declined",
      requestId,
      amountCents: toCents(declined.amount),
      details: { reason: text },
    });
    await notifyAdvanceDeclined(tx, requestId);
    await emitWebhook(
      tx,
      actor.companyId,
      "advance_request.declined",
      toPublicAdvance(declined),
    );
    return { request: declined, employeeUserId: owned.employeeUserId };
  });
  await publish("request.declined", [actor.id, employeeUserId], {
    requestId: request.id,
    company: actor.companyId,
  });
  return request;
}
