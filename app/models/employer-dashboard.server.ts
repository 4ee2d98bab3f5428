import { addMonths, startOfMonth } from "date-fns";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { advanceRequests, employees, type User } from "../../db/schema";
import { db } from "~/utils/db.server";
import { nextPayroll } from "~/utils/dates";
import { EMPLOYEES_PAGE_SIZE } from "~/validation/employer";
import { listEmployees, listPendingRequests } from "./employer.server";

export const DASHBOARD_PENDING = 3;
export const DASHBOARD_EMPLOYEES = 5;

/**
 * The employer dashboard's figures (SPEC §2 Employer dashboard), as SQL aggregates over the
 * employer's own employees: employee count, pending count, approved advances this calendar
 * month (by approval date, server time zone), approved advances in total; the first 3 pending
 * requests and the first 5 employees.
 */
export async function loadEmployerDashboard(user: User, now = new Date()) {
  const monthStart = startOfMonth(now);
  const nextMonthStart = addMonths(monthStart, 1);
  const approved = eq(advanceRequests.status, "APPROVED");
  const [[requestFigures], [employeeFigures], pendingApprovals, employeePage] =
    await Promise.all([
      db()
        .select({
          pendingRequests: sql<number>`(count(*) filter (where ${advanceRequests.status} = 'PENDING'))::int`,
          monthlyAdvances: sql<string>`coalesce(sum(${advanceRequests.amount}) filter (where ${and(approved, gte(advanceRequests.approvalDate, monthStart), lt(advanceRequests.approvalDate, nextMonthStart))}), 0)::numeric(14,2)::text`,
          pendingDeductions: sql<string>`coalesce(sum(${advanceRequests.amount}) filter (where ${approved}), 0)::numeric(14,2)::text`,
        })
        .from(advanceRequests)
        .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
        .where(eq(employees.employerId, user.id)),
      db()
        .select({ activeEmployees: sql<number>`count(*)::int` })
        .from(employees)
        .where(eq(employees.employerId, user.id)),
      listPendingRequests(user, DASHBOARD_PENDING),
      listEmployees(user, { page: 1 }, DASHBOARD_EMPLOYEES),
    ]);
  return {
    greetingName: user.companyName || user.firstName,
    activeEmployees: employeeFigures.activeEmployees,
    pendingRequests: requestFigures.pendingRequests,
    monthlyAdvances: requestFigures.monthlyAdvances,
    pendingDeductions: requestFigures.pendingDeductions,
    nextPayroll: nextPayroll(now).toISOString(),
    pendingApprovals,
    employees: employeePage.employees,
    employeesTotal: employeePage.total,
    /** Pages of the full list at /employees (25 a page). */
    employeesPageCount: Math.max(
      1,
      Math.ceil(employeePage.total / EMPLOYEES_PAGE_SIZE),
    ),
  };
}
export type EmployerDashboardData = Awaited<
  ReturnType<typeof loadEmployerDashboard>
>;
