import { eq } from "drizzle-orm";
import { companies, employees, type User } from "#db/schema";
import {
  employeeRecordColumns,
  type EmployeeRecord,
} from "~/models/people/index.server";
import { db, type Executor } from "~/utils/db.server";
import type { PaySchedule } from "~/utils/pay-schedule";
import type { FeePayer } from "~/utils/quote";

// An employee's own record (people's) with the terms their company sets for an advance: its pay
// schedule and whether it pays the fee. One statement, through employees.user_id, so a caller
// only ever sees their own row.

export type EmployeeTerms = EmployeeRecord & {
  /** The company's pay schedule; null for an employee not linked to a company yet. */
  paySchedule: PaySchedule | null;
  /** Who pays the fee of an advance confirmed now (the company's setting). */
  feePayer: FeePayer;
};

export async function getEmployeeTerms(
  user: User,
  executor: Executor = db(),
): Promise<EmployeeTerms | null> {
  const [row] = await executor
    .select({
      ...employeeRecordColumns,
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
