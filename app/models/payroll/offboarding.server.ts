import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { publish } from "~/services/events.server";
import { queryRows, transaction } from "~/utils/db.server";
import { badRequest, conflict, notFound } from "~/utils/errors";
import { isIsoDay } from "~/utils/pay-schedule";
import { recordAudit } from "~/models/audit/index.server";
import { emitWebhook } from "~/models/integrations/index.server";
import { closeCardInTx } from "~/models/cards/index.server";
import {
  applyCancellation,
  settleOrLeaveForLater,
} from "~/models/advances/index.server";
import { refreshAvailable } from "~/models/ledger/index.server";
import { companyFor } from "~/utils/company-access.server";

// Leavers (DESIGN §4 Leavers; docs/decisions/0080). An admin offboards an employee with the date
// of their last paycheck. At once: every open card is closed and its unspent balance returned,
// pending and approved-but-unpaid requests are cancelled (holds released, mails sent), no new
// request is accepted, and everything still owed moves onto the last pay date. What that
// payroll cannot collect is written off (recordPayrollResults). The employee can still sign in
// and see their history.

export const EMPLOYEE_NOT_FOUND = "Employee not found.";
export const ALREADY_LEFT = "This employee has already been offboarded.";
export const LAST_PAY_DATE_FORMAT =
  "Enter the last pay date as a date like 2026-11-27.";
export const OFFBOARDED_REASON = "The employee left the company";

export type Offboarded = {
  employeeId: number;
  lastPayDate: string;
  cardsClosed: number;
  requestsCancelled: number;
  deductionsMoved: number;
};

export async function offboardEmployee(
  actor: User,
  employeeId: number,
  input: { lastPayDate?: unknown },
  now: Date = new Date(),
): Promise<Offboarded> {
  const companyId = companyFor(actor, "manageEmployees");
  const lastPayDate =
    typeof input.lastPayDate === "string" ? input.lastPayDate.trim() : "";
  if (!isIsoDay(lastPayDate))
    throw badRequest(LAST_PAY_DATE_FORMAT, {
      lastPayDate: [LAST_PAY_DATE_FORMAT],
    });
  const done = await transaction(async (tx) => {
    const [employee] = await queryRows<{
      id: number;
      user_id: number;
      offboarded_at: Date | null;
    }>(
      tx,
      sql`select id, user_id, offboarded_at from employees
          where id = ${employeeId} and employer_id = ${companyId} for update`,
    );
    if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
    if (employee.offboarded_at) throw conflict(ALREADY_LEFT);
    await tx.execute(
      sql`update employees set offboarded_at = ${now.toISOString()}::timestamptz,
            offboarded_by_id = ${actor.id}, last_pay_date = ${lastPayDate}::date
          where id = ${employee.id}`,
    );
    const cards = await queryRows<{ id: number }>(
      tx,
      sql`select c.id from virtual_cards c join advance_requests r on r.id = c.request_id
          where r.employee_id = ${employee.id} and c.status <> 'closed' order by c.id`,
    );
    for (const card of cards)
      await closeCardInTx(tx, card.id, actor.id, "offboarded", now);
    const open = await queryRows<{ id: number }>(
      tx,
      sql`select r.id from advance_requests r
          where r.employee_id = ${employee.id}
            and (r.status = 'PENDING' or (r.status = 'APPROVED'
              and not exists (select 1 from virtual_cards v where v.request_id = r.id)))
          order by r.id`,
    );
    const cancelledIds: number[] = [];
    for (const r of open) {
      await applyCancellation(tx, r.id, {
        byId: null,
        reason: OFFBOARDED_REASON,
        action: "request.cancelled",
        actorId: actor.id,
        allowPaid: true,
      });
      cancelledIds.push(r.id);
    }
    // Everything still owed falls on the last paycheck.
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`update payroll_deductions d set deduction_date = ${lastPayDate}::date::timestamptz
          from advance_requests r
          where d.request_id = r.id and r.employee_id = ${employee.id}
            and d.status = 'SCHEDULED'
          returning d.id`,
    );
    await refreshAvailable(tx, { employeeIds: [employee.id] });
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      subjectUserId: employee.user_id,
      action: "employee.offboarded",
      details: {
        lastPayDate,
        cardsClosed: cards.length,
        requestsCancelled: open.length,
        deductionsMoved: moved.length,
      },
    });
    await emitWebhook(tx, companyId, "employee.offboarded", {
      employeeId: employee.id,
      lastPayDate,
      cardsClosed: cards.length,
      requestsCancelled: open.length,
      deductionsMoved: moved.length,
    });
    return {
      userId: employee.user_id,
      cancelledIds,
      result: {
        employeeId: employee.id,
        lastPayDate,
        cardsClosed: cards.length,
        requestsCancelled: open.length,
        deductionsMoved: moved.length,
      },
    };
  });
  // The cancelled requests' payments are settled at the provider after the commit (a hold
  // released, a captured fee refunded; the recovery job retries what fails).
  for (const id of done.cancelledIds) await settleOrLeaveForLater(id);
  await publish("employee.updated", [actor.id, done.userId], {
    company: companyId,
  });
  return done.result;
}
