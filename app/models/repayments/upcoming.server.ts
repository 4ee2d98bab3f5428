import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  payrollDeductions,
  type User,
} from "#db/schema";
import { db } from "~/utils/db.server";

// The employee's own view of their repayment schedule (the dashboard, GET
// /api/payroll-deductions/upcoming): the schedule's owner reads it.

export type UpcomingDeduction = {
  id: number;
  requestId: number;
  amount: string;
  deductionDate: Date;
  /** The sum of the deductions after this one in the list (SPEC §2 Upcoming Deductions). */
  remaining: string;
};

/**
 * The employee's unpaid deductions, earliest first, each with the sum of the ones after it.
 * "Upcoming" means not yet collected by payroll.
 */
export async function listUpcomingDeductions(
  user: User,
): Promise<UpcomingDeduction[]> {
  return db()
    .select({
      id: payrollDeductions.id,
      requestId: payrollDeductions.requestId,
      amount: payrollDeductions.amount,
      deductionDate: payrollDeductions.deductionDate,
      remaining: sql<string>`coalesce(sum(${payrollDeductions.amount}) over (order by ${payrollDeductions.deductionDate}, ${payrollDeductions.id} rows between 1 following and unbounded following), 0)::numeric(10,2)::text`,
    })
    .from(payrollDeductions)
    .innerJoin(
      advanceRequests,
      eq(advanceRequests.id, payrollDeductions.requestId),
    )
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(
      and(
        eq(employees.userId, user.id),
        inArray(payrollDeductions.status, ["SCHEDULED", "SUBMITTED"]),
      ),
    )
    .orderBy(asc(payrollDeductions.deductionDate), asc(payrollDeductions.id));
}
