import { addDays, format, parseISO, startOfDay } from "date-fns";
import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { db, queryRows } from "~/utils/db.server";
import { badRequest, forbidden } from "~/utils/errors";
import { fromCents } from "~/utils/money";
import { dayStart, isoDay } from "~/utils/pay-schedule";
import { publish } from "~/services/events.server";
import { companyFor } from "~/utils/company-access.server";
import { expireUnpaidAdvances } from "~/models/advances/index.server";
import { createRunInTx, runPayDate } from "./payroll-runs.server";
import { runScheduledPayroll } from "./payroll-schedule.server";
import { scheduleOf } from "~/models/companies/index.server";

export type PayrollSummary = {
  runDate: string;
  /** Companies with a run for the date (created or added to). */
  employers: number;
  /** Deductions newly submitted to payroll (not collected: results are recorded later). */
  deductionsSubmitted: number;
  totalSubmitted: string;
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

/**
 * The command-line run: every company's payroll run for `runDate` (never in the future), one
 * transaction each. It submits what is due; what payroll collected is recorded afterwards.
 */
export async function runPayroll(
  runDate: Date,
  now: Date = new Date(),
): Promise<PayrollSummary> {
  const payDate = runPayDate(isoDay(runDate), now);
  const summary: PayrollSummary = {
    runDate: payDate,
    employers: 0,
    deductionsSubmitted: 0,
    totalSubmitted: "0.00",
    advancesExpired: (await expireUnpaidAdvances(now)).expired,
  };
  let total = 0;
  const companies = await queryRows<{ id: number }>(
    db(),
    sql`select id from companies order by id`,
  );
  for (const { id } of companies) {
    const result = await db().transaction((tx) =>
      createRunInTx(tx, id, payDate, null),
    );
    if (result.added === 0) continue;
    summary.employers += 1;
    summary.deductionsSubmitted += result.added;
    total += result.cents;
    await publish("deduction.submitted", result.userIds, { company: id });
  }
  summary.totalSubmitted = fromCents(total);
  return summary;
}

/** The scheduled daily job: expiry of unpaid approvals, then the runs of today's pay dates. */
export async function runDailyPayroll(now: Date = new Date()) {
  const { expired } = await expireUnpaidAdvances(now);
  return { advancesExpired: expired, ...(await runScheduledPayroll(now)) };
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
 * The employer's scheduled deductions (not yet in a payroll run) dated on or before `until`
 * (end of that day), earliest first: what the next payroll run will submit.
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
        where d.employer_id = ${employerId} and d.status = 'SCHEDULED' and d.deduction_date < ${cutoff.toISOString()}::timestamptz
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

/** The company's next pay date, as a local day (the /payroll page, the export). */
export async function nextPayDateOf(actor: User): Promise<Date> {
  const schedule = await scheduleOf(db(), companyFor(actor, "payroll"));
  return dayStart(schedule.nextPayDate);
}

/** The next payroll's deductions as CSV (DESIGN §4 Export), with its dated file name. */
export async function exportNextPayrollCsv(
  actor: User,
): Promise<{ filename: string; csv: string; rows: number }> {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can export payroll.");
  const payrollDate = await nextPayDateOf(actor);
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
