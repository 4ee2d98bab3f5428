import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

// Money columns are numeric(10,2). drizzle returns them as strings ("300.00"); code converts
// them to integer cents with app/utils/money.ts and never does arithmetic on floats.
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
const tstz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    password: text("password").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: ["EMPLOYEE", "EMPLOYER"] }).notNull(),
    companyName: text("company_name"),
    department: text("department"),
    maxAdvanceLimit: money("max_advance_limit"),
    employerId: integer("employer_id").references((): AnyPgColumn => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of case (DESIGN §4 Registration).
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    index("users_employer_id_idx").on(t.employerId),
    // The employer's employee directory in its display order (first name, last name, id), so a
    // page of 25 is read from the index instead of sorting the whole company (issue 9).
    index("users_employer_name_idx").on(
      t.employerId,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    check("users_role_check", sql`${t.role} in ('EMPLOYEE', 'EMPLOYER')`),
  ],
);

export const employees = pgTable(
  "employees",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    employerId: integer("employer_id").references(() => users.id),
    availableBalance: money("available_balance").notNull().default("0"),
    payCycleEndDate: tstz("pay_cycle_end_date"),
  },
  (t) => [
    uniqueIndex("employees_user_id_idx").on(t.userId),
    index("employees_employer_id_idx").on(t.employerId, t.id),
    check("employees_balance_nonnegative", sql`${t.availableBalance} >= 0`),
  ],
);

export const advanceRequests = pgTable(
  "advance_requests",
  {
    id: serial("id").primaryKey(),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    amount: money("amount").notNull(),
    reason: text("reason"),
    status: text("status", { enum: ["PENDING", "APPROVED", "DECLINED"] })
      .notNull()
      .default("PENDING"),
    repaymentPeriods: integer("repayment_periods").notNull().default(1),
    requestDate: tstz("request_date").notNull().defaultNow(),
    approvalDate: tstz("approval_date"),
    rejectionDate: tstz("rejection_date"),
    rejectionReason: text("rejection_reason"),
    approvedById: integer("approved_by_id").references(() => users.id),
    paymentIntentId: text("payment_intent_id"),
    paidAt: tstz("paid_at"),
  },
  (t) => [
    // Status and amount ride along so per-employee reads and the reports' scans over a
    // company's requests are index-only (issue 9).
    index("advance_requests_employee_id_idx").on(
      t.employeeId,
      t.requestDate,
      t.status,
      t.amount,
    ),
    index("advance_requests_status_idx").on(t.status, t.requestDate, t.id),
    index("advance_requests_request_date_idx").on(t.requestDate, t.id),
    // Partial indexes for the employer figures (issue 9): pending counts, approved sums per
    // employee (used and pending balances, the dashboard total), approvals of a month.
    index("advance_requests_pending_idx")
      .on(t.employeeId)
      .where(sql`${t.status} = 'PENDING'`),
    index("advance_requests_approved_idx")
      .on(t.employeeId, t.amount)
      .where(sql`${t.status} = 'APPROVED'`),
    index("advance_requests_approval_date_idx")
      .on(t.approvalDate, t.employeeId, t.amount)
      .where(sql`${t.status} = 'APPROVED'`),
    index("advance_requests_approved_by_id_idx").on(t.approvedById),
    uniqueIndex("advance_requests_payment_intent_id_idx").on(t.paymentIntentId),
    check(
      "advance_requests_status_check",
      sql`${t.status} in ('PENDING', 'APPROVED', 'DECLINED')`,
    ),
    check(
      "advance_requests_periods_check",
      sql`${t.repaymentPeriods} between 1 and 3`,
    ),
    check("advance_requests_amount_check", sql`${t.amount} > 0`),
  ],
);

export const payrollDeductions = pgTable(
  "payroll_deductions",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => advanceRequests.id),
    amount: money("amount").notNull(),
    deductionDate: tstz("deduction_date").notNull(),
    isPaid: boolean("is_paid").notNull().default(false),
    paymentDate: tstz("payment_date"),
    paymentReference: text("payment_reference"),
  },
  (t) => [
    index("payroll_deductions_request_id_idx").on(t.requestId),
    index("payroll_deductions_unpaid_date_idx")
      .on(t.deductionDate)
      .where(sql`${t.isPaid} = false`),
    uniqueIndex("payroll_deductions_payment_reference_idx").on(
      t.paymentReference,
    ),
  ],
);

// Only the masked number (last 4) and the expiry are kept: never a full card number or a CVC
// (PCI DSS 3.2.2). The spec's `cvc` field is deliberately absent; see docs/decisions.
export const virtualCards = pgTable(
  "virtual_cards",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => advanceRequests.id),
    providerCardId: text("provider_card_id").notNull(),
    cardNumber: text("card_number").notNull(),
    expiryMonth: integer("expiry_month").notNull(),
    expiryYear: integer("expiry_year").notNull(),
    amount: money("amount").notNull(),
    status: text("status").notNull().default("active"),
    spendingLimits: text("spending_limits").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    deactivatedAt: tstz("deactivated_at"),
  },
  (t) => [
    uniqueIndex("virtual_cards_request_id_idx").on(t.requestId),
    uniqueIndex("virtual_cards_provider_card_id_idx").on(t.providerCardId),
  ],
);

export const companySettings = pgTable("company_settings", {
  employerId: integer("employer_id")
    .primaryKey()
    .references(() => users.id),
  companyName: text("company_name").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  maxAdvance: money("max_advance").notNull().default("500.00"),
  approvalLimit: money("approval_limit").notNull().default("200.00"),
  processingFee: money("processing_fee").notNull().default("15.99"),
  notifyNewRequests: boolean("notify_new_requests").notNull().default(true),
  notifyMonthlyReports: boolean("notify_monthly_reports")
    .notNull()
    .default(true),
  notifySystemUpdates: boolean("notify_system_updates")
    .notNull()
    .default(false),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

// Failed sign-ins, by key ("user:<lower username>" or "ip:<address>"), kept in the database so
// throttling holds across app instances.
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: tstz("window_start").notNull().defaultNow(),
});

// State of the in-process sandbox payment provider (DESIGN §7).
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => advanceRequests.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").notNull().default("requires_payment_method"),
    clientSecret: text("client_secret").notNull(),
    lastError: text("last_error"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_payments_request_id_idx").on(t.requestId)],
);

export type User = typeof users.$inferSelect;
export type Employee = typeof employees.$inferSelect;
export type AdvanceRequest = typeof advanceRequests.$inferSelect;
export type PayrollDeduction = typeof payrollDeductions.$inferSelect;
export type VirtualCard = typeof virtualCards.$inferSelect;
export type CompanySettings = typeof companySettings.$inferSelect;
export type Role = User["role"];
