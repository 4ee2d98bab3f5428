import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// Money columns are numeric(10,2). drizzle returns them as strings ("300.00"); code converts
// them to integer cents with app/utils/money.ts and never does arithmetic on floats.
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
const tstz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: "date" });

// A company (DESIGN §4 Companies): its name, contact and advance settings. The columns named
// employer_id elsewhere (users, employees, audit_events, the report rollups) hold a company's
// id: the product's first schema made the employer's user the company, and the migration to
// companies kept each company's id equal to its first owner's user id so that the append-only
// audit trail and the rollups needed no rewrite (docs/decisions/0077-companies.md). Companies
// created since take their ids from this table's own sequence.
export const PAY_FREQUENCIES = [
  "WEEKLY",
  "BIWEEKLY",
  "SEMIMONTHLY",
  "MONTHLY",
] as const;

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
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
    // The company pays each advance's processing fee: its employees pay nothing at checkout, and
    // the fee is owed by the company (docs/decisions/0081).
    companyPaysFee: boolean("company_pays_fee").notNull().default(false),
    // The pay schedule (app/utils/pay-schedule.ts): how often the company pays and its next pay
    // date. Deductions fall on its pay dates; payroll runs move the next pay date on.
    payFrequency: text("pay_frequency", { enum: PAY_FREQUENCIES })
      .notNull()
      .default("BIWEEKLY"),
    nextPayDate: date("next_pay_date", { mode: "string" })
      .notNull()
      .default(sql`(current_date + 15)`),
    // How many years records are kept after a person's last money moved (at least two); the
    // retention job removes their personal data past it (docs/decisions/0113).
    retentionYears: integer("retention_years").notNull().default(2),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
    // Limits on repeat use (docs/decisions/0112): days after an advance is repaid before the
    // next, and the most advances in a rolling 12 months. A state's rules may be stricter still.
    coolingOffDays: integer("cooling_off_days").notNull().default(1),
    maxAdvancesPerYear: integer("max_advances_per_year").notNull().default(12),
    // The company's language: the one its invitations default to (docs/decisions/0123).
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    // The share of a known net pay an advance's deduction must leave of the next paycheck.
    minPaycheckLeftPercent: integer("min_paycheck_left_percent")
      .notNull()
      .default(50),
  },
  (t) => [
    check("companies_language_check", sql`${t.language} in ('en', 'es')`),
    check(
      "companies_retention_years_check",
      sql`${t.retentionYears} between 2 and 10`,
    ),
    check(
      "companies_min_paycheck_left_percent_check",
      sql`${t.minPaycheckLeftPercent} between 0 and 90`,
    ),
  ],
);

export const FEE_PAYERS = ["EMPLOYEE", "COMPANY"] as const;

export const COMPANY_ROLES = ["OWNER", "ADMIN", "APPROVER"] as const;

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
    // The company the person belongs to: an employee's employer, or the company an
    // employer-side user works for. At most one at a time.
    companyId: integer("employer_id").references(() => companies.id),
    // An employer-side user's membership role; null for employees.
    companyRole: text("company_role", { enum: COMPANY_ROLES }),
    // Set when an employer typed this employee's password (the Add Employee dialog); cleared
    // when the employee chooses their own. The dashboard asks them to until then.
    passwordSetByEmployer: boolean("password_set_by_employer")
      .notNull()
      .default(false),
    // The language the person chose (the language switch, the profile): their pages, and the
    // mails and jobs that write to them. Null until they choose: pages then follow the
    // browser's Accept-Language, mails are in English.
    language: text("language", { enum: ["en", "es"] }),
    // The address its owner confirmed by the link mailed at registration: the address is
    // confirmed while it equals `email` (a changed address is not). An unconfirmed owner's
    // company sends fewer invitations (decision 0099).
    confirmedEmail: text("confirmed_email"),
    // When the retention job removed this person's personal data (the row stays, for the
    // ledger's and the regulators' figures).
    erasedAt: tstz("erased_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of case (DESIGN §4 Registration).
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    index("users_employer_id_idx").on(t.companyId),
    // The employer's employee directory in its display order (first name, last name, id), so a
    // page of 25 is read from the index instead of sorting the whole company.
    index("users_employer_name_idx").on(
      t.companyId,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    check("users_role_check", sql`${t.role} in ('EMPLOYEE', 'EMPLOYER')`),
    check(
      "users_company_role_check",
      sql`${t.companyRole} is null or (${t.role} = 'EMPLOYER' and ${t.companyRole} in ('OWNER', 'ADMIN', 'APPROVER'))`,
    ),
  ],
);

export const employees = pgTable(
  "employees",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    companyId: integer("employer_id").references(() => companies.id),
    // A stored copy of max advance − reserved − owed (the ledger), recomputed in the
    // transaction of every action that changes one of them (app/models/ledger/ledger.server.ts).
    availableBalance: money("available_balance").notNull().default("0"),
    payCycleEndDate: tstz("pay_cycle_end_date"),
    // A leaver (offboarding): when, by whom, and the last paycheck payroll can deduct from.
    offboardedAt: tstz("offboarded_at"),
    offboardedById: integer("offboarded_by_id").references(() => users.id),
    lastPayDate: date("last_pay_date", { mode: "string" }),
    /** Where the employee works: a US state code ("CT"), or null (the default rules apply). */
    workState: text("work_state"),
    /** The usual net pay of one paycheck, its source and as of when (or all null). */
    netPay: money("net_pay"),
    netPaySource: text("net_pay_source", { enum: ["employee", "payroll"] }),
    netPayAsOf: tstz("net_pay_as_of"),
  },
  (t) => [
    uniqueIndex("employees_user_id_idx").on(t.userId),
    check(
      "employees_net_pay_check",
      sql`(${t.netPay} is null and ${t.netPaySource} is null and ${t.netPayAsOf} is null) or (${t.netPay} > 0 and ${t.netPaySource} in ('employee', 'payroll') and ${t.netPayAsOf} is not null)`,
    ),
    index("employees_employer_id_idx").on(t.companyId, t.id),
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
    status: text("status", {
      enum: ["PENDING", "APPROVED", "DECLINED", "CANCELLED"],
    })
      .notNull()
      .default("PENDING"),
    repaymentPeriods: integer("repayment_periods").notNull().default(1),
    requestDate: tstz("request_date").notNull().defaultNow(),
    approvalDate: tstz("approval_date"),
    rejectionDate: tstz("rejection_date"),
    rejectionReason: text("rejection_reason"),
    approvedById: integer("approved_by_id").references(() => users.id),
    declinedById: integer("declined_by_id").references(() => users.id),
    paymentIntentId: text("payment_intent_id"),
    /** When the hold for the advance amount was placed on the employee's card. */
    paidAt: tstz("paid_at"),
    // Who pays this advance's fee, fixed when the employee confirms it: the employee (an
    // authorization on their own card) or the company (nothing charged to the employee).
    feePaidBy: text("fee_paid_by", { enum: FEE_PAYERS })
      .notNull()
      .default("EMPLOYEE"),
    // The money model (docs/decisions/0047, 0075): checkout authorizes the fee only, card
    // issuance captures it; a card that cannot be issued releases it.
    authorizedAmount: money("authorized_amount"),
    capturedAmount: money("captured_amount"),
    releasedAmount: money("released_amount"),
    capturedAt: tstz("captured_at"),
    // A captured fee given back because no card could be issued within the retry window
    // (docs/decisions/0078).
    refundedAmount: money("refunded_amount"),
    refundedAt: tstz("refunded_at"),
    // A cancelled request's payment at the provider was looked at and left holding nothing
    // (its hold released and recorded, its fee refunded, or nothing was ever held). Until
    // then the recovery job settles it (docs/decisions/0078).
    paymentSettledAt: tstz("payment_settled_at"),
    // Cancelled by the employee (cancelled_by_id set), or by the system (expiry after 7 days
    // unpaid, or a card that could not be issued): cancelled_by_id null.
    cancelledAt: tstz("cancelled_at"),
    cancelledById: integer("cancelled_by_id").references(() => users.id),
    cancellationReason: text("cancellation_reason"),
    // The terms the employee accepted at checkout (docs/decisions/0075): the version current
    // when they paid the fee, kept as it was when a later version is published.
    termsVersion: text("terms_version"),
    termsAcceptedAt: tstz("terms_accepted_at"),
    // The fee as the employee's work state allowed it when the request was filed (null before
    // state rules: the flat fee, capped at the amount), the state, and the wage-deduction
    // authorisation it was filed under (docs/decisions/0112).
    feeAmount: money("fee_amount"),
    workState: text("work_state"),
    deductionAuthorizationId: integer("deduction_authorization_id"),
  },
  (t) => [
    // Status and amount ride along so per-employee reads and the reports' scans over a
    // company's requests are index-only.
    index("advance_requests_employee_id_idx").on(
      t.employeeId,
      t.requestDate,
      t.status,
      t.amount,
    ),
    index("advance_requests_status_idx").on(t.status, t.requestDate, t.id),
    check(
      "advance_requests_fee_paid_by_check",
      sql`${t.feePaidBy} in ('EMPLOYEE', 'COMPANY')`,
    ),
    index("advance_requests_request_date_idx").on(t.requestDate, t.id),
    // Partial indexes for the employer figures: pending counts, approved sums per
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
    // The card recovery job's scan: paid, still approved (no card yet, or carded).
    index("advance_requests_paid_approved_idx")
      .on(t.paidAt)
      .where(sql`${t.status} = 'APPROVED' and ${t.paidAt} is not null`),
    uniqueIndex("advance_requests_payment_intent_id_idx").on(t.paymentIntentId),
    check(
      "advance_requests_status_check",
      sql`${t.status} in ('PENDING', 'APPROVED', 'DECLINED', 'CANCELLED')`,
    ),
    check(
      "advance_requests_capture_check",
      sql`${t.capturedAmount} is null or (${t.authorizedAmount} is not null and ${t.capturedAmount} <= ${t.authorizedAmount})`,
    ),
    check(
      "advance_requests_periods_check",
      sql`${t.repaymentPeriods} between 1 and 3`,
    ),
    check("advance_requests_amount_check", sql`${t.amount} > 0`),
    check(
      "advance_requests_refund_check",
      sql`${t.refundedAmount} is null or (${t.capturedAmount} is not null and ${t.refundedAmount} <= ${t.capturedAmount})`,
    ),
  ],
);

export const DEDUCTION_STATUSES = [
  "SCHEDULED",
  "SUBMITTED",
  "COLLECTED",
  "MISSED",
  "WRITTEN_OFF",
] as const;

// A payroll run (DESIGN §4 Payroll runs): the deductions due on or before its pay date, handed
// to the company's payroll as a file, SUBMITTED until every one has a recorded result.
export const payrollRuns = pgTable(
  "payroll_runs",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    payDate: date("pay_date", { mode: "string" }).notNull(),
    status: text("status", { enum: ["SUBMITTED", "RECONCILED"] })
      .notNull()
      .default("SUBMITTED"),
    createdById: integer("created_by_id").references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
    reconciledAt: tstz("reconciled_at"),
    remindedAt: tstz("reminded_at"),
  },
  (t) => [
    uniqueIndex("payroll_runs_company_date_idx").on(t.companyId, t.payDate),
    index("payroll_runs_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'SUBMITTED'`),
    check(
      "payroll_runs_status_check",
      sql`${t.status} in ('SUBMITTED', 'RECONCILED')`,
    ),
  ],
);

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

// Every purchase attempt on a grocery card and the decision on it (authorizeCardPurchase in
// app/models/cards/card-authorization.server.ts): from the sandbox's test tool or Stripe's real-time
// authorization webhook (then with Stripe's authorization id). A card's spend is the sum of its
// approved, not reversed authorizations, and never exceeds the card's amount.
export const cardAuthorizations = pgTable(
  "card_authorizations",
  {
    id: serial("id").primaryKey(),
    cardId: integer("card_id")
      .notNull()
      .references(() => virtualCards.id),
    amount: money("amount").notNull(),
    merchantName: text("merchant_name").notNull(),
    merchantCategory: text("merchant_category").notNull(),
    approved: boolean("approved").notNull(),
    /** A purchase, or a merchant's refund (which gives the card its amount back). */
    kind: text("kind", { enum: ["purchase", "refund"] })
      .notNull()
      .default("purchase"),
    /** Why it was declined (null when approved). */
    reason: text("reason"),
    /** pending (held), closed (captured or declined), reversed (released): Stripe's words. */
    status: text("status").notNull().default("closed"),
    providerAuthorizationId: text("provider_authorization_id"),
    providerTransactionId: text("provider_transaction_id"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("card_authorizations_card_idx").on(t.cardId, t.createdAt, t.id),
    uniqueIndex("card_authorizations_provider_id_idx").on(
      t.providerAuthorizationId,
    ),
    check("card_authorizations_amount_check", sql`${t.amount} >= 0`),
    check(
      "card_authorizations_kind_check",
      sql`${t.kind} in ('purchase', 'refund')`,
    ),
    check(
      "card_authorizations_status_check",
      sql`${t.status} in ('pending', 'closed', 'reversed')`,
    ),
  ],
);

// Failed sign-ins, by key ("user:<lower username>" or "ip:<address>"), kept in the database so
// throttling holds across app instances.
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: tstz("window_start").notNull().defaultNow(),
});

// Signed-in sessions (DESIGN §5). The cookie holds a signed random token; only its SHA-256 is
// stored, so a copy of this table cannot be replayed as cookies. A row is valid while it is not
// revoked, not past `expires_at` (the absolute lifetime) and seen within `idle_seconds`.
// `mfa_pending` marks the half-signed-in state between the password and the TOTP code: such
// a row never authenticates a request.
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    idleSeconds: integer("idle_seconds").notNull(),
    remember: boolean("remember").notNull().default(false),
    userAgent: text("user_agent"),
    ip: text("ip"),
    mfaPending: boolean("mfa_pending").notNull().default(false),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_idx").on(t.tokenHash),
    index("sessions_user_id_idx").on(t.userId),
  ],
);

// Devices a user has signed in from (OWASP's device cookies, docs/decisions/0071): a successful
// sign-in gives the browser a long-lived cookie with a random token; only its SHA-256 is kept.
// A device presenting its cookie has its own budget of wrong passwords and is not stopped by a
// lock that strangers put on the username. Revoked one by one from the session list, and all of
// them by a password change.
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastUsedAt: tstz("last_used_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    uniqueIndex("trusted_devices_token_hash_idx").on(t.tokenHash),
    index("trusted_devices_user_id_idx").on(t.userId),
  ],
);
export type TrustedDevice = typeof trustedDevices.$inferSelect;

// An employer's TOTP second factor (DESIGN §5). The secret never leaves the server after
// enrolment; `confirmed_at` is null while enrolment waits for its first code; `last_step` is
// the last time-step accepted, so a code is accepted once.
export const userMfa = pgTable("user_mfa", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  secret: text("secret").notNull(),
  confirmedAt: tstz("confirmed_at"),
  lastStep: integer("last_step"),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

// One-time recovery codes, stored as SHA-256 (they are 50+ bits of randomness, not passwords).
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [index("mfa_recovery_codes_user_id_idx").on(t.userId)],
);

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
    // Like Stripe's manual capture: the hold placed, the part captured, the part released.
    authorizedCents: integer("authorized_cents").notNull().default(0),
    capturedCents: integer("captured_cents").notNull().default(0),
    releasedCents: integer("released_cents").notNull().default(0),
    // Like Stripe's refund of a captured payment.
    refundedCents: integer("refunded_cents").notNull().default(0),
    lastError: text("last_error"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sandbox_payments_request_id_idx").on(t.requestId),
    check(
      "sandbox_payments_capture_check",
      sql`${t.capturedCents} + ${t.releasedCents} <= ${t.authorizedCents}`,
    ),
    check(
      "sandbox_payments_refund_check",
      sql`${t.refundedCents} <= ${t.capturedCents}`,
    ),
  ],
);

// Who did what: one row per money, admin or account action, written in the same transaction as
// the action (app/models/audit/audit.server.ts recordAudit). Append-only: the code has no update or
// delete path, and a trigger (hand-written in the migration) refuses UPDATE, DELETE and
// TRUNCATE. The actor is null for the system (automatic approval, the provider's webhook, the
// command-line payroll run).
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: tstz("occurred_at").notNull().defaultNow(),
    action: text("action").notNull(),
    actorId: integer("actor_id").references(() => users.id),
    companyId: integer("employer_id").references(() => companies.id),
    subjectUserId: integer("subject_user_id").references(() => users.id),
    requestId: integer("request_id").references(() => advanceRequests.id),
    amount: money("amount"),
    details: jsonb("details"),
  },
  (t) => [
    // The employer's /activity, newest first, optionally for one employee or one action.
    index("audit_events_employer_idx").on(t.companyId, t.occurredAt, t.id),
    index("audit_events_subject_idx").on(t.subjectUserId, t.occurredAt),
    index("audit_events_actor_idx").on(t.actorId, t.occurredAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Employee = typeof employees.$inferSelect;
export type AdvanceRequest = typeof advanceRequests.$inferSelect;
export type PayrollDeduction = typeof payrollDeductions.$inferSelect;
export type VirtualCard = typeof virtualCards.$inferSelect;
export type CardAuthorization = typeof cardAuthorizations.$inferSelect;
export type Company = typeof companies.$inferSelect;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export type Role = User["role"];
export type AuditEvent = typeof auditEvents.$inferSelect;
export type Session = typeof sessions.$inferSelect;

// Every e-mail the product sends, written in the same transaction as the action that causes it
// (docs/decisions/0048-job-queue.md). `dedupe_key` is unique: enqueueing the same e-mail twice
// (a retried action, a job run twice) keeps one row, and delivery sends a row once. Without
// SMTP_URL the row is the mail (`kept`), shown to its recipient at /outbox.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    toAddress: text("to_address").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sent", "kept", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_key_idx").on(t.dedupeKey),
    index("mail_outbox_user_idx").on(t.userId, t.createdAt),
    index("mail_outbox_pending_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check(
      "mail_outbox_status_check",
      sql`${t.status} in ('pending', 'sent', 'kept', 'failed')`,
    ),
  ],
);

// Password reset links: only the SHA-256 of the token is kept; a link works once
// (`used_at`) and until `expires_at` (30 minutes).
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_idx").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

// E-mail address confirmation links (decision 0099): only a hash of the mailed token is kept;
// a link confirms the address it was mailed to, once, until it expires.
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [
    uniqueIndex("email_confirmations_hash_idx").on(t.tokenHash),
    index("email_confirmations_user_idx").on(t.userId),
  ],
);

// Invitations to join a company: an employee (kind EMPLOYEE) or a colleague on the employer
// side (kind MEMBER, with the role they will hold). Only a hash of the mailed token is kept.
// The stored status is PENDING, ACCEPTED, REVOKED or EXPIRED; a PENDING row past expires_at is
// reported as EXPIRED. One pending invitation per company, kind and address.
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    kind: text("kind", { enum: ["EMPLOYEE", "MEMBER"] }).notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    department: text("department"),
    employeeNumber: text("employee_number"),
    workState: text("work_state"),
    companyRole: text("company_role", { enum: COMPANY_ROLES }),
    // The invitee's language, chosen when inviting (the company's by default): the mail and
    // the join page are in it (docs/decisions/0123).
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    tokenHash: text("token_hash").notNull(),
    status: text("status", {
      enum: ["PENDING", "ACCEPTED", "REVOKED", "EXPIRED"],
    })
      .notNull()
      .default("PENDING"),
    invitedById: integer("invited_by_id").references(() => users.id),
    acceptedUserId: integer("accepted_user_id").references(() => users.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
    sentAt: tstz("sent_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    acceptedAt: tstz("accepted_at"),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    check("invitations_language_check", sql`${t.language} in ('en', 'es')`),
    uniqueIndex("invitations_token_hash_idx").on(t.tokenHash),
    uniqueIndex("invitations_pending_email_idx")
      .on(t.companyId, t.kind, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'PENDING'`),
    index("invitations_company_idx").on(t.companyId, t.createdAt),
    index("invitations_email_idx").on(sql`lower(${t.email})`),
  ],
);
export type Invitation = typeof invitations.$inferSelect;

// A roster import (/employees/import): a CSV checked in a preview (nothing written but this
// row), then confirmed and worked through by the job queue in batches. `rows` holds the rows
// to invite; `processed` is how far the job got, written in the same transaction as each
// batch's invitations, so a job run again resumes where it stopped and invites nobody twice.
export const rosterImports = pgTable(
  "roster_imports",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    createdById: integer("created_by_id")
      .notNull()
      .references(() => users.id),
    fileName: text("file_name").notNull(),
    status: text("status", {
      enum: ["PREVIEW", "QUEUED", "RUNNING", "DONE", "FAILED"],
    })
      .notNull()
      .default("PREVIEW"),
    totalRows: integer("total_rows").notNull(),
    /** Rows to invite, as the preview found them: [{line, email, firstName, lastName, ...}]. */
    rows: jsonb("rows").notNull(),
    /** Rows refused: [{line, reason}]. */
    badRows: jsonb("bad_rows").notNull(),
    /** Addresses skipped as already employees or already invited: [{line, email, why}]. */
    skippedRows: jsonb("skipped_rows").notNull(),
    processed: integer("processed").notNull().default(0),
    invited: integer("invited").notNull().default(0),
    skippedLater: integer("skipped_later").notNull().default(0),
    createdAt: tstz("created_at").notNull().defaultNow(),
    confirmedAt: tstz("confirmed_at"),
    finishedAt: tstz("finished_at"),
  },
  (t) => [index("roster_imports_company_idx").on(t.companyId, t.createdAt)],
);
export type RosterImport = typeof rosterImports.$inferSelect;

// An employee's e-mail choices (/profile). No row means the defaults: both on.
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  decisions: boolean("decisions").notNull().default(true),
  deductions: boolean("deductions").notNull().default(true),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

// Scheduled jobs claim their period here (task, e.g. "payroll", and period, e.g. "2026-11-23"),
// so a period's run happens once however many workers fire it.
export const scheduledRuns = pgTable(
  "scheduled_runs",
  {
    task: text("task").notNull(),
    period: text("period").notNull(),
    startedAt: tstz("started_at").notNull().defaultNow(),
    finishedAt: tstz("finished_at"),
    result: jsonb("result"),
  },
  (t) => [uniqueIndex("scheduled_runs_task_period_idx").on(t.task, t.period)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

// The reports' rollup (docs/decisions/0039-reports-rollup.md). Triggers on advance_requests,
// users and employees only ever INSERT into report_deltas and report_moves (append-only: no row
// a business transaction writes is shared with another one, so they cannot deadlock on it);
// the compaction (report_rollup_compact(), one at a time under an advisory lock) folds them
// into report_months and report_hours, which nothing else writes. /reports reads the rollup plus
// the few deltas not yet folded. Application code never writes these tables.

/** Each request change's contribution, by employee, UTC hour (hours since 1970) and status. */
export const reportDeltas = pgTable("report_deltas", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  employeeId: integer("employee_id").notNull(),
  hour: integer("hour").notNull(),
  status: text("status").notNull(),
  requests: integer("requests").notNull(),
  amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  riskLow: integer("risk_low").notNull(),
  riskModerate: integer("risk_moderate").notNull(),
  riskHigh: integer("risk_high").notNull(),
});

/** Employees whose department or employer changed since the last compaction. */
export const reportMoves = pgTable("report_moves", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  employeeId: integer("employee_id").notNull(),
});

/** Where the compaction filed each employee's requests (employer, department). */
export const reportAttribution = pgTable("report_attribution", {
  employeeId: integer("employee_id").primaryKey(),
  employerId: integer("employer_id"),
  department: text("department").notNull(),
});

/** Per employer, UTC month, current department and status: requests, amount, risk bands. */
export const reportMonths = pgTable(
  "report_months",
  {
    employerId: integer("employer_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    department: text("department").notNull(),
    status: text("status").notNull(),
    requests: integer("requests").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    riskLow: integer("risk_low").notNull(),
    riskModerate: integer("risk_moderate").notNull(),
    riskHigh: integer("risk_high").notNull(),
  },
  (t) => [
    primaryKey({
      name: "report_months_pkey",
      columns: [t.employerId, t.month, t.department, t.status],
    }),
  ],
);

/** Requests filed per employer and UTC hour (the 30-day trend). */
export const reportHours = pgTable(
  "report_hours",
  {
    employerId: integer("employer_id").notNull(),
    hour: integer("hour").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [
    primaryKey({ name: "report_hours_pkey", columns: [t.employerId, t.hour] }),
  ],
);

// The ledger (DESIGN §3, app/models/ledger/ledger.server.ts): append-only journal entries, each a set
// of postings that sum to zero (checked at commit by a deferred trigger). Positive is a debit.
// Balances are derived from the postings: what an employee owes (receivable + arrears), what a
// card has left (minus its card postings), what a company funded, collected and wrote off.
export const LEDGER_EVENTS = [
  "card.funded",
  "fee.charged",
  "fee.refunded",
  "card.purchase",
  "card.purchase_reversed",
  "card.merchant_refund",
  "card.unspent_returned",
  "deduction.collected",
  "deduction.shortfall",
  "deduction.written_off",
  "fee.billed_to_company",
  "credit.netted",
  "credit.paid_back",
] as const;
export const LEDGER_ACCOUNTS = [
  "receivable",
  "arrears",
  "card",
  "merchants",
  "fee_payments",
  "fee_income",
  "payroll",
  "losses",
  "credit",
  "company_fees",
] as const;

export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    event: text("event", { enum: LEDGER_EVENTS }).notNull(),
    companyId: integer("company_id").references(() => companies.id),
    employeeId: integer("employee_id").references(() => employees.id),
    requestId: integer("request_id").references(() => advanceRequests.id),
    cardId: integer("card_id").references(() => virtualCards.id),
    deductionId: integer("deduction_id").references(() => payrollDeductions.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("journal_entries_company_idx").on(t.companyId, t.event),
    index("journal_entries_employee_idx").on(t.employeeId),
    index("journal_entries_request_idx").on(t.requestId),
    index("journal_entries_card_idx").on(t.cardId),
    index("journal_entries_deduction_idx").on(t.deductionId),
  ],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    companyId: integer("company_id"),
    employeeId: integer("employee_id"),
    cardId: integer("card_id"),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    index("ledger_postings_entry_idx").on(t.entryId),
    index("ledger_postings_employee_idx").on(t.employeeId, t.account),
    index("ledger_postings_card_idx").on(t.cardId, t.account),
    check("ledger_postings_nonzero", sql`${t.amount} <> 0`),
  ],
);

// Each company's balances per account and UTC month of the entry (docs/decisions/0102): a
// statement trigger on ledger_postings appends what each posting statement moved to
// ledger_balance_deltas (insert only, in the posting's transaction); ledger_balances_fold()
// (the job worker, every minute, under an advisory lock) moves them into ledger_balances.
// Readers add the company's unfolded deltas in the same statement. Application code never
// writes these tables; check:invariants recomputes them from the postings.

/** A company's balance of one account from the postings of entries dated in one UTC month. */
export const ledgerBalances = pgTable(
  "ledger_balances",
  {
    companyId: integer("company_id").notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: "ledger_balances_pkey",
      columns: [t.companyId, t.account, t.month],
    }),
  ],
);

/** What posting statements moved, not folded into ledger_balances yet. */
export const ledgerBalanceDeltas = pgTable(
  "ledger_balance_deltas",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id").notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    index("ledger_balance_deltas_company_idx").on(t.companyId, t.account),
  ],
);

export type JournalEntry = typeof journalEntries.$inferSelect;
export type PayrollRun = typeof payrollRuns.$inferSelect;
// A company's API keys (docs/decisions/0079-api-keys-idempotency-webhooks.md). Only the
// SHA-256 of the secret is stored (the secret is 32 random bytes: a fast hash is enough, and a
// lookup by hash costs one index probe per request); `hint` is the secret's first characters,
// for telling keys apart on the settings page. A revoked key stays, for the audit trail.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id),
    createdById: integer("created_by_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    hint: text("hint").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastUsedAt: tstz("last_used_at"),
    revokedAt: tstz("revoked_at"),
    /** The API version its requests answer in when they name none (pinned at creation). */
    apiVersion: text("api_version").notNull().default("2026-11-28"),
  },
  (t) => [
    uniqueIndex("api_keys_token_hash_idx").on(t.tokenHash),
    index("api_keys_employer_idx").on(t.companyId, t.createdAt),
    index("api_keys_created_by_idx").on(t.createdById),
  ],
);

// Idempotency keys of POSTs under /api: one row per caller ("user:<id>" or "key:<id>") and key,
// inserted before the request acts (ON CONFLICT: exactly one of several concurrent requests
// owns it), completed with the response that is then replayed for 24 hours.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    responseBody: text("response_body"),
    contentType: text("content_type"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
  },
  (t) => [
    uniqueIndex("idempotency_keys_caller_key_idx").on(t.caller, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

// Where a company's events are posted, signed with the endpoint's secret (kept as it is: the
// server must compute the same HMAC as the receiver). At most WEBHOOK_ENDPOINTS_PER_COMPANY per
// company; disabled after WEBHOOK_DISABLE_AFTER_FAILURES failed attempts in a row over at least
// WEBHOOK_DISABLE_AFTER_HOURS (decision 0098).
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    failingSince: tstz("failing_since"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledAt: tstz("disabled_at"),
    description: text("description"),
    /** The secret before the last rotation: it signs too (a second v1) until it expires. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: tstz("previous_secret_expires_at"),
    /** The API version its bodies are written in: the creating request's (pinned then). */
    apiVersion: text("api_version").notNull().default("2026-11-28"),
  },
  (t) => [index("webhook_endpoints_employer_idx").on(t.companyId)],
);

export type WebhookAttempt = {
  at: string;
  status: number | null;
  error: string | null;
  ms: number;
};

// One event to one endpoint: the exact body posted (its signature is over these bytes) and
// every attempt with its response code. `inFlightUntil` is the lease of an attempt under way:
// one per endpoint, a few per company (decision 0098).
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: jsonb("attempts").$type<WebhookAttempt[]>().notNull().default([]),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    inFlightUntil: tstz("in_flight_until"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    deliveredAt: tstz("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_employer_idx").on(t.companyId, t.createdAt),
    index("webhook_deliveries_pending_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_in_flight_idx")
      .on(t.companyId, t.endpointId)
      .where(sql`${t.inFlightUntil} is not null`),
    check(
      "webhook_deliveries_status_check",
      sql`${t.status} in ('pending', 'delivered', 'failed')`,
    ),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

// A company's connection to its payroll system through Finch (docs/decisions/0110): at most one
// per company. The access token is kept only sealed (AES-256-GCM, app/utils/sealed.server.ts);
// `products` is what the employer granted in Finch Connect.
export const payrollConnections = pgTable(
  "payroll_connections",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    providerId: text("provider_id").notNull(),
    providerName: text("provider_name").notNull(),
    connectionId: text("connection_id").notNull(),
    products: text("products").array().notNull(),
    accessTokenSealed: text("access_token_sealed").notNull(),
    connectedById: integer("connected_by_id")
      .notNull()
      .references(() => users.id),
    connectedAt: tstz("connected_at").notNull().defaultNow(),
    // The roster sync's last run and what it did (counts; never a person's data).
    lastSyncedAt: tstz("last_synced_at"),
    lastSync: jsonb("last_sync").$type<Record<string, number>>(),
    // The company-level deduction the runs are written to (Finch's benefit id), once set up.
    benefitId: text("benefit_id"),
    // The state after the last call to Finch: a fault is shown on Settings and mailed once.
    status: text("status", {
      enum: ["OK", "UNAVAILABLE", "RATE_LIMITED", "REVOKED", "JOB_FAILED"],
    })
      .notNull()
      .default("OK"),
    statusDetail: text("status_detail"),
    statusAt: tstz("status_at"),
    /** Finch's Retry-After, when it rate-limited us: no call before then. */
    retryAfter: tstz("retry_after"),
  },
  (t) => [
    uniqueIndex("payroll_connections_company_idx").on(t.companyId),
    index("payroll_connections_connected_by_idx").on(t.connectedById),
    check(
      "payroll_connections_status_check",
      sql`${t.status} in ('OK', 'UNAVAILABLE', 'RATE_LIMITED', 'REVOKED', 'JOB_FAILED')`,
    ),
  ],
);

// An employee the roster sync matched to a person of the payroll system (Finch's individual
// id), and their net pay on their latest pay statement (the request disclosure's "next
// paycheck"; a company's net-pay rule).
export const payrollIndividuals = pgTable(
  "payroll_individuals",
  {
    employeeId: integer("employee_id")
      .primaryKey()
      .references(() => employees.id),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    finchIndividualId: text("finch_individual_id").notNull(),
    lastNetPay: money("last_net_pay"),
    lastNetPayDate: date("last_net_pay_date", { mode: "string" }),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payroll_individuals_company_individual_idx").on(
      t.companyId,
      t.finchIndividualId,
    ),
  ],
);

export type RunWriteLine = { individualId: string; cents: number };
export type RunUnmatched = {
  deductionId: number;
  employeeName: string;
  reason: string;
};

// A payroll run written to the payroll system through the connection: Finch's job id and its
// outcome, the enrolment amounts written, and what the pay statements said afterwards (the
// deductions left for a person, with the reason), then the reset of the amounts to 0.
export const payrollRunWrites = pgTable(
  "payroll_run_writes",
  {
    runId: integer("run_id")
      .primaryKey()
      .references(() => payrollRuns.id),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    jobId: text("job_id").notNull(),
    jobStatus: text("job_status", {
      enum: ["PENDING", "COMPLETE", "FAILED", "ASSISTED"],
    })
      .notNull()
      .default("PENDING"),
    jobDetail: text("job_detail"),
    enrolled: jsonb("enrolled").$type<RunWriteLine[]>().notNull(),
    writtenAt: tstz("written_at").notNull().defaultNow(),
    resultsReadAt: tstz("results_read_at"),
    unmatched: jsonb("unmatched").$type<RunUnmatched[]>(),
    resetJobId: text("reset_job_id"),
    resetAt: tstz("reset_at"),
  },
  (t) => [
    index("payroll_run_writes_company_idx").on(t.companyId),
    check(
      "payroll_run_writes_job_status_check",
      sql`${t.jobStatus} in ('PENDING', 'COMPLETE', 'FAILED', 'ASSISTED')`,
    ),
  ],
);

// A Finch Connect under way: the SHA-256 of its single-use state, whose owner started it for
// which company, and when the callback spent it.
export const payrollConnectStates = pgTable(
  "payroll_connect_states",
  {
    id: serial("id").primaryKey(),
    stateHash: text("state_hash").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    sessionId: text("session_id").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [
    uniqueIndex("payroll_connect_states_hash_idx").on(t.stateHash),
    index("payroll_connect_states_company_idx").on(t.companyId),
    index("payroll_connect_states_user_idx").on(t.userId),
  ],
);

// A leaver the roster sync found (employment ended in the payroll system), proposed for
// offboarding with the last pay date Finch's payments show; a person confirms or dismisses it.
export const payrollOffboardingProposals = pgTable(
  "payroll_offboarding_proposals",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    finchIndividualId: text("finch_individual_id").notNull(),
    endDate: date("end_date", { mode: "string" }),
    lastPayDate: date("last_pay_date", { mode: "string" }),
    status: text("status", { enum: ["PENDING", "CONFIRMED", "DISMISSED"] })
      .notNull()
      .default("PENDING"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    decidedById: integer("decided_by_id").references(() => users.id),
    decidedAt: tstz("decided_at"),
  },
  (t) => [
    uniqueIndex("payroll_offboarding_proposals_pending_idx")
      .on(t.employeeId)
      .where(sql`${t.status} = 'PENDING'`),
    index("payroll_offboarding_proposals_company_idx").on(
      t.companyId,
      t.status,
    ),
    index("payroll_offboarding_proposals_decided_by_idx").on(t.decidedById),
    check(
      "payroll_offboarding_proposals_status_check",
      sql`${t.status} in ('PENDING', 'CONFIRMED', 'DISMISSED')`,
    ),
  ],
);

export type PayrollConnection = typeof payrollConnections.$inferSelect;
// Web Push (docs/decisions/0116): a device's browser subscription, kept under the session that
// turned it on (a revoked session takes it with it, by a trigger), the types a person turned
// off, and one delivery row per notification and device, delivered by the job queue.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: integer("session_id").references(() => sessions.id, {
      onDelete: "cascade",
    }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastSentAt: tstz("last_sent_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);

export const pushPreferences = pgTable("push_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  off: text("off")
    .array()
    .notNull()
    .default(sql`'{}'`),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
  },
  (t) => [
    uniqueIndex("push_deliveries_dedupe_key_idx").on(t.dedupeKey),
    index("push_deliveries_subscription_idx").on(t.subscriptionId),
    index("push_deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// What the program owes an employee back (their `credit` in the ledger) paid out through a
// recorded path (app/models/repayments/credits.server.ts; decision 0107): a reimbursement line
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

// Complaints and disputes an employee files, handled by the company's owners and admins
// (docs/decisions/0113): received → in review → resolved with the resolution text, each step
// mailed to the employee; late ones remind the handlers.
export const COMPLAINT_CATEGORIES = [
  "ADVANCE",
  "DEDUCTION",
  "CARD_PURCHASE",
  "OTHER",
] as const;
export const COMPLAINT_STATUSES = [
  "RECEIVED",
  "IN_REVIEW",
  "RESOLVED",
] as const;

export const complaints = pgTable(
  "complaints",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    category: text("category", { enum: COMPLAINT_CATEGORIES }).notNull(),
    details: text("details").notNull(),
    subjectReference: text("subject_reference"),
    status: text("status", { enum: COMPLAINT_STATUSES })
      .notNull()
      .default("RECEIVED"),
    resolution: text("resolution"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    acknowledgeBy: tstz("acknowledge_by").notNull(),
    resolveBy: tstz("resolve_by").notNull(),
    reviewedAt: tstz("reviewed_at"),
    reviewedById: integer("reviewed_by_id").references(() => users.id),
    resolvedAt: tstz("resolved_at"),
    resolvedById: integer("resolved_by_id").references(() => users.id),
    remindedAt: tstz("reminded_at"),
  },
  (t) => [
    uniqueIndex("complaints_reference_idx").on(t.reference),
    index("complaints_employer_idx").on(t.companyId, t.status, t.createdAt),
    index("complaints_user_idx").on(t.userId, t.createdAt),
    index("complaints_open_idx")
      .on(t.resolveBy)
      .where(sql`${t.status} <> 'RESOLVED'`),
    check(
      "complaints_category_check",
      sql`${t.category} in ('ADVANCE', 'DEDUCTION', 'CARD_PURCHASE', 'OTHER')`,
    ),
    check(
      "complaints_status_check",
      sql`${t.status} in ('RECEIVED', 'IN_REVIEW', 'RESOLVED')`,
    ),
    check(
      "complaints_resolution_check",
      sql`(${t.status} = 'RESOLVED') = (${t.resolution} is not null and ${t.resolvedAt} is not null)`,
    ),
  ],
);

export type Complaint = typeof complaints.$inferSelect;

// An employee's wage-deduction authorisation (docs/decisions/0112): the version of the text they
// signed and when; withdrawn, it covers no later advance. At most one is in force per employee.
export const deductionAuthorizations = pgTable(
  "deduction_authorizations",
  {
    id: serial("id").primaryKey(),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    version: text("version").notNull(),
    signedAt: tstz("signed_at").notNull().defaultNow(),
    withdrawnAt: tstz("withdrawn_at"),
  },
  (t) => [
    uniqueIndex("deduction_authorizations_active_idx")
      .on(t.employeeId)
      .where(sql`${t.withdrawnAt} is null`),
  ],
);
export type DeductionAuthorization =
  typeof deductionAuthorizations.$inferSelect;
