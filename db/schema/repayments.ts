// The tables of the repayments domain (app/models/repayments): the repayment schedule and credit
// payouts.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { advanceRequests } from "./advances";
import { money, tstz } from "./columns";
import { employees, users } from "./people";
import { companies } from "./companies-base";
import { payrollRuns } from "./payroll";

export const DEDUCTION_STATUSES = [
  "SCHEDULED",
  "SUBMITTED",
  "COLLECTED",
  "MISSED",
  "WRITTEN_OFF",
] as const;

export const payrollDeductions = pgTable(
  "payroll_deductions",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => advanceRequests.id),
    /**
     * The company of the request's employee, so a company's open deductions are read from one
     * index (the dashboard's figures, the next payroll's deductions). The database sets it on
     * every insert from the request (trigger `payroll_deduction_employer`, migration
     * 0019), whatever the insert says: an employee's company is set once, when they join, and
     * never changes. Inserts leave it out (`null` here, filled in before the row is checked).
     */
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id)
      .$defaultFn(() => sql`null`),
    amount: money("amount").notNull(),
    deductionDate: tstz("deduction_date").notNull(),
    isPaid: boolean("is_paid").notNull().default(false),
    paymentDate: tstz("payment_date"),
    paymentReference: text("payment_reference"),
    // Reconciliation (app/models/payroll/payroll-runs.server.ts): SCHEDULED, then SUBMITTED in a run,
    // then COLLECTED (in full, or in part with the rest as arrears), MISSED (nothing taken, all
    // of it as arrears) or WRITTEN_OFF (after the employee's last paycheck). is_paid is true
    // only for a recorded collection.
    status: text("status", { enum: DEDUCTION_STATUSES })
      .notNull()
      .default("SCHEDULED"),
    collectedAmount: money("collected_amount"),
    runId: integer("run_id").references(() => payrollRuns.id),
    /** An arrears deduction: the shortfall of this earlier deduction. */
    arrearsOfId: integer("arrears_of_id"),
  },
  (t) => [
    index("payroll_deductions_request_id_idx").on(t.requestId),
    index("payroll_deductions_run_id_idx").on(t.runId),
    index("payroll_deductions_open_idx")
      .on(t.deductionDate)
      .where(sql`${t.status} = 'SCHEDULED'`),
    // A company's deductions not yet collected, by status and date, with their amounts: the
    // dashboard's sums and the next payroll's list read only these entries.
    index("payroll_deductions_employer_open_idx")
      .on(t.companyId, t.status, t.deductionDate, t.amount)
      .where(sql`${t.status} in ('SCHEDULED', 'SUBMITTED')`),
    check(
      "payroll_deductions_status_check",
      sql`${t.status} in ('SCHEDULED', 'SUBMITTED', 'COLLECTED', 'MISSED', 'WRITTEN_OFF')`,
    ),
    check(
      "payroll_deductions_paid_check",
      sql`${t.isPaid} = (${t.status} = 'COLLECTED')`,
    ),
    check(
      "payroll_deductions_collected_check",
      sql`${t.collectedAmount} is null or (${t.collectedAmount} >= 0 and ${t.collectedAmount} <= ${t.amount})`,
    ),
    index("payroll_deductions_unpaid_date_idx")
      .on(t.deductionDate)
      .where(sql`${t.isPaid} = false`),
    uniqueIndex("payroll_deductions_payment_reference_idx").on(
      t.paymentReference,
    ),
  ],
);
export type PayrollDeduction = typeof payrollDeductions.$inferSelect;

// What the program owes an employee back (their `credit` in the ledger) paid out through a
// recorded path (app/models/repayments/credits.server.ts): a reimbursement line
// on a payroll run (PAYROLL, confirmed by the run's results) or, for a leaver, a payment the
// employer records (RECORDED). PAID rows are what the ledger's `credit.paid_back` entries add up to.
export const creditPayouts = pgTable(
  "credit_payouts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    amount: money("amount").notNull(),
    method: text("method", { enum: ["PAYROLL", "RECORDED"] }).notNull(),
    // NOT_PAID: the payroll did not add the line to the paycheck (the credit stays owed).
    status: text("status", { enum: ["SUBMITTED", "PAID", "NOT_PAID"] })
      .notNull()
      .default("SUBMITTED"),
    runId: integer("run_id").references(() => payrollRuns.id),
    reference: text("reference"),
    recordedById: integer("recorded_by_id").references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
    paidAt: tstz("paid_at"),
  },
  (t) => [
    index("credit_payouts_employee_idx").on(t.employeeId, t.status),
    index("credit_payouts_run_idx").on(t.runId),
    check("credit_payouts_amount_check", sql`${t.amount} > 0`),
    check(
      "credit_payouts_method_check",
      sql`${t.method} in ('PAYROLL', 'RECORDED')`,
    ),
    check(
      "credit_payouts_status_check",
      sql`${t.status} in ('SUBMITTED', 'PAID', 'NOT_PAID')`,
    ),
    check(
      "credit_payouts_run_check",
      sql`(${t.method} = 'PAYROLL') = (${t.runId} is not null)`,
    ),
  ],
);
