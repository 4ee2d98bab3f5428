import { toPublicAdvance } from "./advance.server";
import { emitWebhook } from "~/models/integrations/index.server";
import { ALREADY_DECIDED, applyApproval } from "./approval-core.server";
import { recordAudit } from "~/models/audit/index.server";
import {
  notifyAdvanceApproved,
  notifyAdvanceDeclined,
} from "~/models/notifications/index.server";
import { requestNoticeFacts } from "./notice-facts.server";
import { and, eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  users,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { transaction, type Tx } from "~/utils/db.server";
import { badRequest, conflict, notFound } from "~/utils/errors";
import {
  DECLINE_REASON_MAX,
  DECLINE_REASON_TOO_LONG,
  DEFAULT_DECLINE_REASON,
  REQUEST_NOT_FOUND,
} from "~/validation/employer";
import { companyFor } from "~/utils/company-access.server";
import { formatMoney, toCents } from "~/utils/money";

/**
 * The request's employee user id when the request belongs to one of the actor's employees;
 * null otherwise (another employer's request, an employee acting, or no such id), so callers
 * answer 404 without revealing which.
 */
async function ownedRequest(
  tx: Tx,
  actor: User,
  requestId: number,
): Promise<{ employeeUserId: number; employeeName: string } | null> {
  if (actor.role !== "EMPLOYER" || actor.companyId === null) return null;
  const companyId = companyFor(actor, "approve");
  const [row] = await tx
    .select({
      employeeUserId: employees.userId,
      employeeName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(advanceRequests.id, requestId),
        eq(employees.companyId, companyId),
      ),
    );
  return row ?? null;
}

/** The toasts after a decision: who, and how much (an amount as "300.00"). */
export const requestApproved = (name: string, amount: string) =>
  `${name}'s advance of ${formatMoney(amount)} is approved.`;
export const requestDeclined = (name: string, amount: string) =>
  `${name}'s advance of ${formatMoney(amount)} is declined.`;

/** The decided request, with its employee's name for the page's message. */
export type Decided = AdvanceRequest & { employeeName: string };

/**
 * An employer's decision on a pending request of one of their employees, in one transaction:
 * the ownership check (else 404), `decide` (the change, conditional on PENDING: 409 for the
 * loser of a race), the audit entry, the employee's notification and the company's webhook;
 * then the live event to the employer's and the employee's pages.
 */
async function decideRequest(
  actor: User,
  requestId: number,
  outcome: "approved" | "declined",
  decide: (tx: Tx) => Promise<AdvanceRequest>,
  details?: Record<string, unknown>,
): Promise<Decided> {
  const notify =
    outcome === "approved" ? notifyAdvanceApproved : notifyAdvanceDeclined;
  const { request, employeeUserId } = await transaction(async (tx) => {
    const owned = await ownedRequest(tx, actor, requestId);
    if (!owned) throw notFound(REQUEST_NOT_FOUND);
    const decided = await decide(tx);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId: actor.companyId,
      subjectUserId: owned.employeeUserId,
      action: `request.${outcome}`,
      requestId,
      amountCents: toCents(decided.amount),
      details,
    });
    await notify(tx, await requestNoticeFacts(tx, requestId));
    await emitWebhook(
      tx,
      actor.companyId,
      `advance_request.${outcome}`,
      toPublicAdvance(decided),
    );
    return {
      request: { ...decided, employeeName: owned.employeeName },
      employeeUserId: owned.employeeUserId,
    };
  });
  await publish(`request.${outcome}`, [actor.id, employeeUserId], {
    requestId: request.id,
    company: actor.companyId,
  });
  return request;
}

/**
 * The employer approves a pending request of one of their employees (DESIGN §4 Approving),
 * through decideRequest: the shared approval core is the decision — the conditional
 * PENDING → APPROVED update (else 409), the balance re-check (else 409), the balance and the
 * deduction schedule. Of any number of concurrent approvals exactly one wins.
 */
export async function approveAdvance(
  actor: User,
  requestId: number,
): Promise<Decided> {
  return decideRequest(actor, requestId, "approved", (tx) =>
    applyApproval(tx, requestId, actor.id),
  );
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
): Promise<Decided> {
  const text = reason?.trim() || DEFAULT_DECLINE_REASON;
  if (text.length > DECLINE_REASON_MAX)
    throw badRequest(DECLINE_REASON_TOO_LONG, {
      reason: [DECLINE_REASON_TOO_LONG],
    });
  return decideRequest(
    actor,
    requestId,
    "declined",
    async (tx) => {
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
      return declined;
    },
    { reason: text },
  );
}
