import { subDays } from "date-fns";
import { and, eq, isNull, lt } from "drizzle-orm";
import { advanceRequests, employees, type User } from "#db/schema";
import { publish } from "~/services/events.server";
import { db, transaction } from "~/utils/db.server";
import { forbidden, isAppError, notFound } from "~/utils/errors";
import {
  applyCancellation,
  CANCELLED_BY_EMPLOYEE,
  EXPIRED_REASON,
  UNPAID_EXPIRY_DAYS,
  type Cancelled,
} from "./cancel-core.server";
import { findAdvance, ADVANCE_NOT_FOUND } from "./payment.server";
import { settleOrLeaveForLater } from "./settlement.server";

const ONLY_EMPLOYEES_CANCEL = "Only employees can cancel their requests.";

async function afterCancellation(done: Cancelled, now?: Date) {
  // After the commit, so a payment racing this cancellation finds it cancelled: whatever the
  // provider authorized is released and recorded; an intent that never held money is cancelled
  // too, so the checkout cannot pay it later. A provider failure leaves it to the recovery job.
  await settleOrLeaveForLater(done.request.id, now);
  await publish("request.cancelled", [done.employeeUserId], {
    company: done.companyId,
    requestId: done.request.id,
  });
}

/**
 * The employee cancels their own request: a PENDING one, or an APPROVED
 * one not paid for yet. Status CANCELLED; an approved amount goes back to the available
 * balance, once, whatever races it (see applyCancellation). Someone else's request or an
 * unknown id is 404, an employer 403, a request past cancelling 409.
 */
export async function cancelAdvance(actor: User, requestId: number) {
  if (actor.role !== "EMPLOYEE") throw forbidden(ONLY_EMPLOYEES_CANCEL);
  try {
    await findAdvance(actor, requestId);
  } catch (error) {
    if (isAppError(error) && error.status === 404)
      throw notFound(ADVANCE_NOT_FOUND);
    throw error;
  }
  const done = await transaction((tx) =>
    applyCancellation(tx, requestId, {
      byId: actor.id,
      actorId: actor.id,
      reason: CANCELLED_BY_EMPLOYEE,
      action: "request.cancelled",
    }),
  );
  await afterCancellation(done);
  return done.request;
}

/**
 * Approved advances left unpaid for 7 days expire (status CANCELLED, audit `request.expired`,
 * balance returned), each in its own transaction. Run by the payroll run and by
 * `cli.js expire-unpaid`. An advance whose hold was placed is not touched: its card is on the
 * way (the webhook), and a cancellation now would race it.
 */
export async function expireUnpaidAdvances(
  now: Date = new Date(),
  companyId?: number,
): Promise<{ expired: number; returned: number }> {
  const cutoff = subDays(now, UNPAID_EXPIRY_DAYS);
  const due = await db()
    .select({ id: advanceRequests.id })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(
      and(
        eq(advanceRequests.status, "APPROVED"),
        isNull(advanceRequests.paidAt),
        isNull(advanceRequests.cardIssuedAt),
        lt(advanceRequests.approvalDate, cutoff),
        companyId === undefined
          ? undefined
          : eq(employees.companyId, companyId),
      ),
    )
    .orderBy(advanceRequests.id);
  let expired = 0;
  let returned = 0;
  for (const { id } of due) {
    try {
      const done = await transaction((tx) =>
        applyCancellation(tx, id, {
          byId: null,
          actorId: null,
          reason: EXPIRED_REASON,
          action: "request.expired",
          now,
        }),
      );
      expired += 1;
      returned += done.returnedCents;
      await afterCancellation(done, now);
    } catch (error) {
      // Paid or cancelled since the list was read: nothing to expire.
      if (!isAppError(error) || error.status !== 409) throw error;
    }
  }
  return { expired, returned };
}
