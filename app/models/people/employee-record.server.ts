import { eq } from "drizzle-orm";
import { companies, employees, type User } from "#db/schema";
import { db, type Executor } from "~/utils/db.server";
import type { PaySchedule } from "~/utils/pay-schedule";
import type { FeePayer } from "~/utils/quote";

// An employee's own record: their balance, pay cycle and the company's pay schedule and fee
// setting, read through employees.user_id so a caller only ever sees their own row.

export type EmployeeRecord = {
  id: number;
  companyId: number | null;
  availableBalance: string;
  payCycleEndDate: Date | null;
  /** The company's pay schedule; null for an employee not linked to a company yet. */
  paySchedule: PaySchedule | null;
  /** Who pays the fee of an advance confirmed now (the company's setting). */
  feePayer: FeePayer;
  offboardedAt: Date | null;
  /** Where they work: a US state code, or null (decision 0112). */
  workState: string | null;
  /** The usual net pay of one paycheck, its source and as of when (decision 0126), or null. */
  netPay: string | null;
  netPaySource: "employee" | "payroll" | null;
  netPayAsOf: Date | null;
};

export async function getEmployeeRecord(
  user: User,
  executor: Executor = db(),
): Promise<EmployeeRecord | null> {
  const [row] = await executor
    .select({
      id: employees.id,
      companyId: employees.companyId,
      availableBalance: employees.availableBalance,
      payCycleEndDate: employees.payCycleEndDate,
      offboardedAt: employees.offboardedAt,
      workState: employees.workState,
      netPay: employees.netPay,
      netPaySource: employees.netPaySource,
      netPayAsOf: employees.netPayAsOf,
      frequency: companies.payFrequency,
      nextPayDate: companies.nextPayDate,
      companyPaysFee: companies.companyPaysFee,
    })
    .from(employees)
    .leftJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.userId, user.id));
  if (!row) return null;
  const { frequency, nextPayDate, companyPaysFee, ...employee } = row;
  return {
    ...employee,
    paySchedule: frequency && nextPayDate ? { frequency, nextPayDate } : null,
    feePayer: companyPaysFee ? "COMPANY" : "EMPLOYEE",
  };
}
