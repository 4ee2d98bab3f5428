// The tables of the companies domain (app/models/companies): the company, its invitations and
// roster imports.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { COMPANY_ROLES, money, tstz } from "./columns";
import { users } from "./people";

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

export type Company = typeof companies.$inferSelect;

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
