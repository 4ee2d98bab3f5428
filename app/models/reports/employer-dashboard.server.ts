import { addMonths, startOfMonth } from "date-fns";
import { sql } from "drizzle-orm";
import { advanceRequests, employees, type User } from "#db/schema";
import { db, queryRows } from "~/utils/db.server";
import { dayStart } from "~/utils/pay-schedule";
import { toCents } from "~/utils/money";
import { companyCreditSql } from "~/models/ledger/index.server";
import { EMPLOYEES_PAGE_SIZE } from "~/validation/employer";
import { companyFor } from "~/utils/company-access.server";
import { firstEmployees } from "./employee-directory.server";
import { employerToDo } from "./to-do.server";
import type { Language } from "~/utils/i18n";
import {
  listPendingRequests,
  withApprovalCheck,
} from "~/models/advances/index.server";
import { unfoldedChanges } from "./report-rollup.server";
import { returningSql } from "./greeting.server";

const DASHBOARD_PENDING = 3;

/**
 * This month against last month, in whole percent ("+8% from last month" on the cards); null
 * when there is no last month (the company is newer) or nothing to compare with (0 then).
 */
export function monthOverMonth(
  current: number,
  last: number | null,
): number | null {
  if (last === null || last === 0) return null;
  return Math.round(((current - last) / last) * 100);
}
const DASHBOARD_EMPLOYEES = 5;

type Figures = {
  /** Employees who have not left (offboarding). */
  activeEmployees: number;
  /** Every employee the list shows, leavers too ('Showing 1 to n of total'). */
  listedEmployees: number;
  /** Active at the start of this month; null when the company did not exist then. */
  activeLastMonth: number | null;
  /** Approved last calendar month; null when the company did not exist then. */
  lastMonthAdvances: string | null;
  pendingRequests: number;
  monthlyAdvances: string;
  pendingDeductions: string;
  dueNextPayroll: string;
  /** Owed back to the company's employees (their credits), from the ledger. */
  owedBack: string;
  /** The company's next pay date, "yyyy-MM-dd". */
  nextPayDate: string;
  backlog: number;
  /** The member signed in before this session ("Welcome back"). */
  returning: boolean;
};

/**
 * The four cards in one statement. The pending count and the approved total come from the
 * reports' rollup (report_months, plus the changes not folded yet), so their cost
 * is set by the months and departments the employer has, not by its number of requests. The
 * employee count reads employees_employer_id_idx; this month's approvals read
 * advance_requests_approval_date_idx, only this month's approved rows; the deductions not yet
 * collected read payroll_deductions_employer_open_idx, only the company's open deductions.
 */
async function dashboardFigures(
  userId: number,
  employerId: number,
  monthStart: Date,
  nextMonthStart: Date,
  lastMonthStart: Date,
): Promise<Figures> {
  const r = advanceRequests;
  const e = employees;
  const [row] = await queryRows<Figures>(
    db(),
    sql`with ${unfoldedChanges(employerId)},
      totals as (
        select status, sum(requests) as requests, sum(amount) as amount
        from (
          select status, requests, amount from report_months
          where employer_id = ${employerId} and status in ('PENDING', 'APPROVED')
          union all
          select status, requests, amount from pending
          where status in ('PENDING', 'APPROVED')
        ) x
        group by status)
    , existed as (
        select created_at < ${monthStart.toISOString()}::timestamptz as before
        from companies where id = ${employerId})
    select
      (select count(*)::int from ${e} where ${e.companyId} = ${employerId}
        and ${e.offboardedAt} is null) as "activeEmployees",
      (select count(*)::int from ${e} where ${e.companyId} = ${employerId}) as "listedEmployees",
      (select case when (select before from existed) then count(*)::int end
        from ${e} join users u on u.id = ${e.userId}
        where ${e.companyId} = ${employerId}
          and u.created_at < ${monthStart.toISOString()}::timestamptz
          and (${e.offboardedAt} is null
            or ${e.offboardedAt} >= ${monthStart.toISOString()}::timestamptz)) as "activeLastMonth",
      (select case when (select before from existed) then coalesce(sum(${r.amount}), 0)::numeric(14,2)::text end
        from ${r} join ${e} on ${e.id} = ${r.employeeId}
        where ${e.companyId} = ${employerId} and ${r.status} = 'APPROVED'
          and ${r.approvalDate} >= ${lastMonthStart.toISOString()}::timestamptz
          and ${r.approvalDate} < ${monthStart.toISOString()}::timestamptz) as "lastMonthAdvances",
      coalesce((select requests from totals where status = 'PENDING'), 0)::int as "pendingRequests",
      (select coalesce(sum(${r.amount}), 0)::numeric(14,2)::text from ${r} join ${e} on ${e.id} = ${r.employeeId}
        where ${e.companyId} = ${employerId} and ${r.status} = 'APPROVED'
          and ${r.approvalDate} >= ${monthStart.toISOString()}::timestamptz
          and ${r.approvalDate} < ${nextMonthStart.toISOString()}::timestamptz) as "monthlyAdvances",
      (select coalesce(sum(d.amount), 0)::numeric(14,2)::text from payroll_deductions d
        where d.employer_id = ${employerId} and d.status in ('SCHEDULED', 'SUBMITTED')) as "pendingDeductions",
      (select coalesce(sum(d.amount), 0)::numeric(14,2)::text from payroll_deductions d
        where d.employer_id = ${employerId} and d.status = 'SCHEDULED'
          and d.deduction_date < ((select next_pay_date from companies where id = ${employerId}) + 1)::timestamptz) as "dueNextPayroll",
      (${companyCreditSql(employerId)})::numeric(14,2)::text as "owedBack",
      (select next_pay_date::text from companies where id = ${employerId}) as "nextPayDate",
      (select count(*) from d)::int as backlog,
      ${returningSql(userId)} as returning`,
  );
  // Like the report, the dashboard only reads: a backlog the worker has not folded yet is
  // added in the statement above, and the job folds it.
  return {
    activeEmployees: Number(row.activeEmployees),
    listedEmployees: Number(row.listedEmployees),
    activeLastMonth:
      row.activeLastMonth === null ? null : Number(row.activeLastMonth),
    lastMonthAdvances: row.lastMonthAdvances,
    pendingRequests: Number(row.pendingRequests),
    monthlyAdvances: row.monthlyAdvances,
    pendingDeductions: row.pendingDeductions,
    dueNextPayroll: row.dueNextPayroll,
    owedBack: row.owedBack,
    nextPayDate: row.nextPayDate,
    backlog: Number(row.backlog),
    returning: Boolean(row.returning),
  };
}

/**
 * The employer dashboard's figures (SPEC §2 Employer dashboard), as SQL aggregates over the
 * employer's own employees: employee count, pending count, approved advances this calendar
 * month (by approval date, server time zone), approved advances in total; the first 3 pending
 * requests and the first 5 employees. Three queries, whatever the company's size.
 */
export async function loadEmployerDashboard(
  user: User,
  now = new Date(),
  language: Language = "en",
) {
  const monthStart = startOfMonth(now);
  const nextMonthStart = addMonths(monthStart, 1);
  const lastMonthStart = addMonths(monthStart, -1);
  // The next payroll is the company's next pay date; what it collects is every scheduled
  // deduction due by the end of that day (the export's rows, payroll.server deductionsDueBy).
  const [figures, pendingApprovals, employeeRows] = await Promise.all([
    dashboardFigures(
      user.id,
      companyFor(user),
      monthStart,
      nextMonthStart,
      lastMonthStart,
    ),
    listPendingRequests(user, DASHBOARD_PENDING),
    firstEmployees(user, DASHBOARD_EMPLOYEES),
  ]);
  const toDo = await employerToDo(user, figures.pendingRequests, now, language);
  return {
    /** Each member is greeted by their own name; the company is named under it. */
    greetingName: user.firstName,
    companyName: user.companyName,
    returning: figures.returning,
    /** What to do now, first on the page, by what the member's role may do. */
    toDo,
    activeEmployees: figures.activeEmployees,
    /** Month over month, in whole percent; null when there is no last month to compare. */
    activeEmployeesTrend: monthOverMonth(
      figures.activeEmployees,
      figures.activeLastMonth,
    ),
    pendingRequests: figures.pendingRequests,
    monthlyAdvances: figures.monthlyAdvances,
    monthlyAdvancesTrend:
      figures.lastMonthAdvances === null
        ? null
        : monthOverMonth(
            toCents(figures.monthlyAdvances),
            toCents(figures.lastMonthAdvances),
          ),
    /** Deductions scheduled and not yet collected. */
    pendingDeductions: figures.pendingDeductions,
    nextPayroll: dayStart(figures.nextPayDate).toISOString(),
    /** The sum the next payroll deducts: what the export lists. */
    dueNextPayroll: figures.dueNextPayroll,
    /** Owed back to employees: on the next run's lines, or paid to leavers. */
    owedBack: figures.owedBack,
    pendingApprovals: withApprovalCheck(pendingApprovals),
    employees: employeeRows,
    employeesTotal: figures.listedEmployees,
    /** Pages of the full list at /employees (25 a page). */
    employeesPageCount: Math.max(
      1,
      Math.ceil(figures.listedEmployees / EMPLOYEES_PAGE_SIZE),
    ),
  };
}
export type EmployerDashboardData = Awaited<
  ReturnType<typeof loadEmployerDashboard>
>;
