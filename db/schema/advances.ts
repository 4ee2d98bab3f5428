// The tables of the advances domain (app/models/advances): the advance requests, the wage-deduction
// authorisation they rest on, and the sandbox provider's payments.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { money, tstz } from "./columns";
import { employees, users } from "./people";

export const FEE_PAYERS = ["EMPLOYEE", "COMPANY"] as const;

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
    // The money model: checkout authorizes the fee only, card
    // issuance captures it; a card that cannot be issued releases it.
    authorizedAmount: money("authorized_amount"),
    capturedAmount: money("captured_amount"),
    releasedAmount: money("released_amount"),
    capturedAt: tstz("captured_at"),
    // When the request's grocery card was issued, stamped by the cards domain in the transaction
    // that stores the card: the advances ask the request, not the cards' table, whether it has
    // its card (docs/decisions/0157).
    cardIssuedAt: tstz("card_issued_at"),
    // A captured fee given back because no card could be issued within the retry window.
    refundedAmount: money("refunded_amount"),
    refundedAt: tstz("refunded_at"),
    // A cancelled request's payment at the provider was looked at and left holding nothing
    // (its hold released and recorded, its fee refunded, or nothing was ever held). Until
    // then the recovery job settles it.
    paymentSettledAt: tstz("payment_settled_at"),
    // Cancelled by the employee (cancelled_by_id set), or by the system (expiry after 7 days
    // unpaid, or a card that could not be issued): cancelled_by_id null.
    cancelledAt: tstz("cancelled_at"),
    cancelledById: integer("cancelled_by_id").references(() => users.id),
    cancellationReason: text("cancellation_reason"),
    // The terms the employee accepted at checkout: the version current
    // when they paid the fee, kept as it was when a later version is published.
    termsVersion: text("terms_version"),
    termsAcceptedAt: tstz("terms_accepted_at"),
    // The fee as the employee's work state allowed it when the request was filed (null before
    // state rules: the flat fee, capped at the amount), the state, and the wage-deduction
    // authorisation it was filed under.
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
export type AdvanceRequest = typeof advanceRequests.$inferSelect;

// An employee's wage-deduction authorisation: the version of the text they
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
