// The company itself, the companies domain's first table (its invitations and roster imports
// are in companies.ts). It stands apart so that people.ts (users and employees name their
// company) and companies.ts (invitations name their users) both import it and not each other.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  serial,
  text,
} from "drizzle-orm/pg-core";
import { money, tstz } from "./columns";

// A company (DESIGN §4 Companies): its name, contact and advance settings. The columns named
// employer_id elsewhere (users, employees, audit_events, the report rollups) hold a company's
// id: the product's first schema made the employer's user the company, and the migration to
// companies kept each company's id equal to its first owner's user id so that the append-only
// audit trail and the rollups needed no rewrite. Companies
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
    // the fee is owed by the company.
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
    // retention job removes their personal data past it.
    retentionYears: integer("retention_years").notNull().default(2),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
    // Limits on repeat use (decision 0112): days after an advance is repaid before the
    // next, and the most advances in a rolling 12 months. A state's rules may be stricter still.
    coolingOffDays: integer("cooling_off_days").notNull().default(1),
    maxAdvancesPerYear: integer("max_advances_per_year").notNull().default(12),
    // The company's language: the one its invitations default to.
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
