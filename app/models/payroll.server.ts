import { addDays, format, parseISO, startOfDay } from "date-fns";
import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { PAY_PERIOD_DAYS } from "~/utils/dates";
import { badRequest, forbidden } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import { publish } from "~/services/events.server";
import { recordAudit } from "./audit.server";
import { companyFor } from "./company.server";
import { expireUnpaidAdvances } from "./cancel.server";
import { notifyPayrollSummary } from "./notifications.server";

export type PayrollSummary = {
  runDate: string;
  employers: number;
  deductionsPaid: number;
  totalPaid: string;
  employeesCredited: number;
  /** Approved advances left unpaid for 7 days, cancelled by this run (balance returned). */
  advancesExpired: number;
};

/** "2026-11-22" → that day; anything else is a 400. */
export function parseRunDate(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw badRequest("Use a date like 2026-11-22.");
  const date = parseISO(value);
  if (Number.isNaN(date.getTime()) || format(date, "yyyy-MM-dd") !== value) {
    throw badRequest("Use a date like 2026-11-22.");
  }
  return date;
}

type Paid = {
  id: number;
  amount: string;
  employee_id: number;
  user_id: number;
};

/**
 * One employer's payroll run, in one transaction (DESIGN §4 Payroll): every unpaid deduction
 * dated on or before the run date is marked paid (payment date, a unique reference); each
 * employee gets the collected amount back on their available balance, never above the
 * company's max advance; pay cycles that ended by the run date move on by 15-day periods.
 *
 * Running it again for the same date pays nothing twice: the update only takes unpaid rows,
 * and a concurrent run waits on the same row locks and then finds them paid.
 */
async function runEmployerPayroll(
  tx: Executor,
  employerId: number,
  runDate: Date,
  now: Date,
  actorId: number | null,
) {
  const cutoff = addDays(startOfDay(runDate), 1);
  const stamp = format(runDate, "yyyyMMdd");
  const paid = await queryRows<Paid>(
    tx,
    sql`update payroll_deductions d
        set is_paid = true,
            payment_date = ${now.toISOString()}::timestamptz,
            payment_reference = ${`PAY-${stamp}-`} || d.id
        from advance_requests r
        join employees e on e.id = r.employee_id
        where d.request_id = r.id
          and e.employer_id = ${employerId}
          and d.is_paid = false
          and d.deduction_date < ${cutoff.toISOString()}::timestamptz
        returning d.id, d.amount::text as amount, e.id as employee_id, e.user_id`,
  );

  const byEmployee = new Map<number, { cents: number; userId: number }>();
  for (const row of paid) {
    const entry = byEmployee.get(row.employee_id) ?? {
      cents: 0,
      userId: row.user_id,
    };
    entry.cents += toCents(row.amount);
    byEmployee.set(row.employee_id, entry);
  }
  for (const [employeeId, { cents }] of byEmployee) {
    await tx.execute(sql`
      update employees e
      set available_balance = least(e.available_balance + ${fromCents(cents)}::numeric, s.max_advance)
      from companies s
      where e.id = ${employeeId} and s.id = e.employer_id`);
  }
  // Pay cycles that ended by the run date move on by whole 15-day periods past it.
  await tx.execute(sql`
    update employees
    set pay_cycle_end_date = pay_cycle_end_date + make_interval(days => ${PAY_PERIOD_DAYS} * (
      floor(extract(epoch from (${cutoff.toISOString()}::timestamptz - pay_cycle_end_date)) / 86400 / ${PAY_PERIOD_DAYS})::int + 1))
    where employer_id = ${employerId} and pay_cycle_end_date < ${cutoff.toISOString()}::timestamptz`);

  const result = {
    deductions: paid.length,
    cents: paid.reduce((sum, row) => sum + toCents(row.amount), 0),
    userIds: [...new Set(paid.map((p) => p.user_id))],
  };
  // An employer's own run is always recorded; the scheduled run (no actor) only when it
  // collected something, so a company with nothing due gets no empty entries.
  if (actorId !== null || result.deductions > 0)
    await recordAudit(tx, {
      actorId,
      companyId: employerId,
      action: "payroll.run",
      amountCents: result.cents,
      details: {
        runDate: format(runDate, "yyyy-MM-dd"),
        deductionsPaid: result.deductions,
        employeesCredited: result.userIds.length,
      },
    });
  await notifyPayrollSummary(tx, employerId, runDate, {
    deductions: result.deductions,
    total: fromCents(result.cents),
    employees: result.userIds.length,
    firstDeductionId: Math.min(...paid.map((p) => p.id)),
  });
  return result;
}

async function employerIds(): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select id from companies order by id`,
  );
  return rows.map((r) => r.id);
}

/** The command-line run: every employer, one transaction each. */
export async function runPayroll(
  runDate: Date,
  now: Date = new Date(),
): Promise<PayrollSummary> {
  const summary: PayrollSummary = {
    runDate: format(runDate, "yyyy-MM-dd"),
    employers: 0,
    deductionsPaid: 0,
    totalPaid: "0.00",
    employeesCredited: 0,
    advancesExpired: (await expireUnpaidAdvances(now)).expired,
  };
  let total = 0;
  for (const employerId of await employerIds()) {
    const result = await db().transaction((tx) =>
      runEmployerPayroll(tx, employerId, runDate, now, null),
    );
    summary.employers += 1;
    summary.deductionsPaid += result.deductions;
    summary.employeesCredited += result.userIds.length;
    total += result.cents;
    if (result.deductions > 0)
      await publish("deduction.paid", result.userIds, { company: employerId });
  }
  summary.totalPaid = fromCents(total);
  return summary;
}

/** The employer's 'Run payroll' action: their own company, for today. */
export async function runPayrollForEmployer(
  actor: User,
  now: Date = new Date(),
): Promise<PayrollSummary> {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can run payroll.");
  const companyId = companyFor(actor, "payroll");
  const { expired } = await expireUnpaidAdvances(now, companyId);
  const result = await db().transaction((tx) =>
    runEmployerPayroll(tx, companyId, now, now, actor.id),
  );
  if (result.deductions > 0)
    await publish("deduction.paid", [actor.id, ...result.userIds], {
      company: companyId,
    });
  return {
    runDate: format(now, "yyyy-MM-dd"),
    employers: 1,
    deductionsPaid: result.deductions,
    totalPaid: fromCents(result.cents),
    employeesCredited: result.userIds.length,
    advancesExpired: expired,
  };
}

export type PayrollDeductionRow = {
  deductionId: number;
  requestId: number;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  deductionDate: Date;
  amount: string;
};

/**
 * The employer's unpaid deductions dated on or before `until` (end of that day), earliest
 * first: what the next payroll will collect.
 */
export async function deductionsDueBy(
  actor: User,
  until: Date,
): Promise<PayrollDeductionRow[]> {
  const employerId = companyFor(actor, "payroll");
  const cutoff = addDays(startOfDay(until), 1);
  const rows = await queryRows<{
    deduction_id: number;
    request_id: number;
    first_name: string;
    last_name: string;
    email: string;
    department: string | null;
    deduction_date: Date | string;
    amount: string;
  }>(
    db(),
    sql`select d.id as deduction_id, d.request_id, u.first_name, u.last_name, u.email,
               u.department, d.deduction_date, d.amount::text as amount
        from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        where e.employer_id = ${employerId} and d.is_paid = false and d.deduction_date < ${cutoff.toISOString()}::timestamptz
        order by d.deduction_date, d.id`,
  );
  return rows.map((r) => ({
    deductionId: r.deduction_id,
    requestId: r.request_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    department: r.department,
    deductionDate: new Date(r.deduction_date),
    amount: r.amount,
  }));
}

function csvCell(value: string): string {
  // Spreadsheet formula injection: a cell starting with = + - @ is taken as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The next payroll's deductions as CSV (DESIGN §4 Export), with its dated file name. */
export async function exportNextPayrollCsv(
  actor: User,
  today: Date = new Date(),
): Promise<{ filename: string; csv: string; rows: number }> {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can export payroll.");
  const payrollDate = addDays(today, PAY_PERIOD_DAYS);
  const rows = await deductionsDueBy(actor, payrollDate);
  const lines = [
    [
      "Employee",
      "Email",
      "Department",
      "Deduction Date",
      "Amount",
      "Request ID",
    ],
    ...rows.map((r) => [
      `${r.firstName} ${r.lastName}`,
      r.email,
      r.department ?? "",
      format(r.deductionDate, "yyyy-MM-dd"),
      r.amount,
      String(r.requestId),
    ]),
  ];
  return {
    filename: `payroll-deductions-${format(payrollDate, "yyyy-MM-dd")}.csv`,
    csv: lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n",
    rows: rows.length,
  };
}
