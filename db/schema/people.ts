// The tables of the people domain (app/models/people): users and their employee records, sign-in,
// sessions, devices, MFA, password resets and e-mail confirmations.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { COMPANY_ROLES, money, tstz } from "./columns";
import { companies } from "./companies-base";

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
    // company sends fewer invitations.
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

// Devices a user has signed in from (OWASP's device cookies): a successful
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

export type User = typeof users.$inferSelect;
export type Role = User["role"];

// An employee's own record (app/models/people/employee-record.server.ts): created with their user
// (insertUser), with their balance, pay cycle, work state and net pay; the company adds and
// removes staff through the people domain's functions.
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
export type Employee = typeof employees.$inferSelect;
export type Session = typeof sessions.$inferSelect;

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

// E-mail address confirmation links: only a hash of the mailed token is kept;
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
