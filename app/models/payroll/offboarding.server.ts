import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { publish } from "~/services/events.server";
import { queryRows, transaction, type Tx } from "~/utils/db.server";
import { badRequest, conflict, notFound } from "~/utils/errors";
import {
  isIsoDay,
  isoDay,
  payDateBefore,
  payDatesFrom,
} from "~/utils/pay-schedule";
import {
  LAST_PAY_DATE_PASSED,
  LAST_PAY_DATE_PAY_DATES_AHEAD,
  lastPayDateBeforeCard,
  lastPayDateBeforeRun,
  lastPayDateTooEarly,
  lastPayDateTooLate,
} from "~/utils/rules";
import { scheduleOf } from "~/models/companies/index.server";
import { recordAudit } from "~/models/audit/index.server";
import { emitWebhook } from "~/models/integrations/index.server";
import { closeCardInTx } from "~/models/cards/index.server";
import {
  applyCancellation,
  settleOrLeaveForLater,
} from "~/models/advances/index.server";
import { refreshAvailable } from "~/models/ledger/index.server";
import { moveOwedTo } from "~/models/repayments/index.server";
import { notifyCreditOwed } from "~/models/notifications/index.server";
import { employeeRecipient } from "~/models/people/index.server";
import { companyFor } from "~/utils/company-access.server";

// Leavers (DESIGN §4 Leavers). An admin offboards an employee with the date
// of their last paycheck. At once: every open card is closed and its unspent balance returned,
// pending and approved-but-unpaid requests are cancelled (holds released, mails sent), no new
// request is accepted, and everything still owed moves onto the last pay date. What that
// payroll cannot collect is written off (recordPayrollResults). The employee can still sign in
// and see their history.
//
// The last pay date is checked (from the start of today's pay cycle to the company's pay date
// after next, never before the leaver's latest card) and, until it has passed, an admin can
// correct it by offboarding again with another date: what is owed moves again.

const EMPLOYEE_NOT_FOUND = "Employee not found.";
const ALREADY_LEFT =
  "This employee has already been offboarded with this last pay date.";
const LAST_PAY_DATE_FORMAT =
  "Enter the last pay date as a date like 2026-11-27.";
const OFFBOARDED_REASON = "The employee left the company";

export type Offboarded = {
  employeeId: number;
  lastPayDate: string;
  cardsClosed: number;
  requestsCancelled: number;
  deductionsMoved: number;
  /** For the page's message (not in the API's answer, which its schema picks). */
  employeeName: string;
  /** What the leaver still owes by deduction, all of it now on the last pay date. */
  owedCents: number;
};

/** The earliest and latest last pay date the company's schedule allows today. */
async function lastPayDateWindow(
  tx: Tx,
  companyId: number,
  now: Date,
): Promise<{ earliest: string; latest: string }> {
  const schedule = await scheduleOf(tx, companyId);
  const ahead = payDatesFrom(
    schedule,
    isoDay(now),
    LAST_PAY_DATE_PAY_DATES_AHEAD,
  );
  return {
    earliest: payDateBefore(schedule, ahead[0]),
    latest: ahead[ahead.length - 1],
  };
}

const refuseDate = (message: string) =>
  badRequest(message, { lastPayDate: [message] });

/**
 * Refuses (400) a last pay date outside the schedule's window, before the employee's latest
 * card was issued, or before a payroll run that already holds their deductions (those are
 * never moved, so they would fall after the last paycheck).
 */
async function checkLastPayDate(
  tx: Tx,
  companyId: number,
  employeeId: number,
  lastPayDate: string,
  now: Date,
): Promise<void> {
  const window = await lastPayDateWindow(tx, companyId, now);
  if (lastPayDate < window.earliest)
    throw refuseDate(lastPayDateTooEarly(window.earliest));
  if (lastPayDate > window.latest)
    throw refuseDate(lastPayDateTooLate(window.latest));
  const [latest] = await queryRows<{
    card: Date | string | null;
    submitted: Date | string | null;
  }>(
    tx,
    sql`select
          (select max(c.created_at) from virtual_cards c
            join advance_requests r on r.id = c.request_id
            where r.employee_id = ${employeeId}) as card,
          (select max(d.deduction_date) from payroll_deductions d
            join advance_requests r on r.id = d.request_id
            where r.employee_id = ${employeeId} and d.status = 'SUBMITTED') as submitted`,
  );
  const cardDay = latest?.card ? isoDay(new Date(latest.card)) : null;
  if (cardDay && lastPayDate < cardDay)
    throw refuseDate(lastPayDateBeforeCard(cardDay));
  const runDay = latest?.submitted ? isoDay(new Date(latest.submitted)) : null;
  if (runDay && lastPayDate < runDay)
    throw refuseDate(lastPayDateBeforeRun(runDay));
}

/**
 * Offboards an employee with their last pay date, or, for one already offboarded whose last
 * pay date has not passed, corrects it (what is still scheduled moves to the new date). The same
 * date again is refused (409); a date that has passed can no longer be changed (409).
 */
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
      last_pay_date: string | null;
      name: string;
    }>(
      tx,
      sql`select e.id, e.user_id, e.offboarded_at, e.last_pay_date::text as last_pay_date,
            u.first_name || ' ' || u.last_name as name
          from employees e join users u on u.id = e.user_id
          where e.id = ${employeeId} and e.employer_id = ${companyId} for update of e`,
    );
    if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
    if (employee.offboarded_at) {
      if (employee.last_pay_date === lastPayDate) throw conflict(ALREADY_LEFT);
      if (
        employee.last_pay_date !== null &&
        employee.last_pay_date < isoDay(now)
      )
        throw conflict(LAST_PAY_DATE_PASSED);
      await checkLastPayDate(tx, companyId, employee.id, lastPayDate, now);
      return correctLastPayDate(tx, actor, companyId, employee, lastPayDate);
    }
    await checkLastPayDate(tx, companyId, employee.id, lastPayDate, now);
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
    const moved = await moveOwedTo(tx, employee.id, lastPayDate);
    await refreshAvailable(tx, { employeeIds: [employee.id] });
    // Owed money back (a card's return, or a credit from before): told how it comes now.
    await notifyCreditOwed(
      tx,
      await employeeRecipient(tx, employee.id),
      `offboarded:${employee.id}`,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      subjectUserId: employee.user_id,
      action: "employee.offboarded",
      details: {
        lastPayDate,
        cardsClosed: cards.length,
        requestsCancelled: open.length,
        deductionsMoved: moved,
      },
    });
    await emitWebhook(tx, companyId, "employee.offboarded", {
      employeeId: employee.id,
      lastPayDate,
      cardsClosed: cards.length,
      requestsCancelled: open.length,
      deductionsMoved: moved,
    });
    return {
      userId: employee.user_id,
      cancelledIds,
      result: {
        employeeId: employee.id,
        lastPayDate,
        cardsClosed: cards.length,
        requestsCancelled: open.length,
        deductionsMoved: moved,
        employeeName: employee.name,
        owedCents: await owedOn(tx, employee.id),
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

/** A leaver's last pay date corrected (before it passed): what is owed moves again. */
async function correctLastPayDate(
  tx: Tx,
  actor: User,
  companyId: number,
  employee: {
    id: number;
    user_id: number;
    last_pay_date: string | null;
    name: string;
  },
  lastPayDate: string,
) {
  await tx.execute(
    sql`update employees set last_pay_date = ${lastPayDate}::date where id = ${employee.id}`,
  );
  const moved = await moveOwedTo(tx, employee.id, lastPayDate);
  await recordAudit(tx, {
    actorId: actor.id,
    companyId,
    subjectUserId: employee.user_id,
    action: "employee.offboarded",
    details: {
      correctedFrom: employee.last_pay_date,
      lastPayDate,
      deductionsMoved: moved,
    },
  });
  const result = {
    employeeId: employee.id,
    lastPayDate,
    cardsClosed: 0,
    requestsCancelled: 0,
    deductionsMoved: moved,
  };
  await emitWebhook(tx, companyId, "employee.offboarded", result);
  return {
    userId: employee.user_id,
    cancelledIds: [] as number[],
    result: {
      ...result,
      employeeName: employee.name,
      owedCents: await owedOn(tx, employee.id),
    },
  };
}

/** What an employee still owes by scheduled deduction, in cents. */
async function owedOn(tx: Tx, employeeId: number): Promise<number> {
  const [row] = await queryRows<{ cents: string }>(
    tx,
    sql`select coalesce(round(sum(d.amount) * 100), 0)::bigint::text as cents
        from payroll_deductions d join advance_requests r on r.id = d.request_id
        where r.employee_id = ${employeeId} and d.status = 'SCHEDULED'`,
  );
  return Number(row?.cents ?? 0);
}

/** Whether a leaver's last pay date may still be corrected: it has not passed. */
export function lastPayDateCorrectable(
  lastPayDate: string | null,
  now: Date = new Date(),
): boolean {
  return lastPayDate !== null && lastPayDate >= isoDay(now);
}
