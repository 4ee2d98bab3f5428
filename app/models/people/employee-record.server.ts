import { eq } from "drizzle-orm";
import { employees, type User } from "#db/schema";
import { db, type Executor } from "~/utils/db.server";

// An employee's own record: their balance, pay cycle, work state and net pay, read through
// employees.user_id so a caller only ever sees their own row. With their company's pay schedule
// and fee setting: companies/employee-terms.server.ts.

export type EmployeeRecord = {
  id: number;
  companyId: number | null;
  availableBalance: string;
  payCycleEndDate: Date | null;
  offboardedAt: Date | null;
  /** Where they work: a US state code, or null. */
  workState: string | null;
  /** The usual net pay of one paycheck, its source and as of when, or null. */
  netPay: string | null;
  netPaySource: "employee" | "payroll" | null;
  netPayAsOf: Date | null;
};

/** The columns of an employee's record, for a query that selects it (with more). */
export const employeeRecordColumns = {
  id: employees.id,
  companyId: employees.companyId,
  availableBalance: employees.availableBalance,
  payCycleEndDate: employees.payCycleEndDate,
  offboardedAt: employees.offboardedAt,
  workState: employees.workState,
  netPay: employees.netPay,
  netPaySource: employees.netPaySource,
  netPayAsOf: employees.netPayAsOf,
};

export async function getEmployeeRecord(
  user: User,
  executor: Executor = db(),
): Promise<EmployeeRecord | null> {
  const [row] = await executor
    .select(employeeRecordColumns)
    .from(employees)
    .where(eq(employees.userId, user.id));
  return row ?? null;
}
