// The tables of the companies domain (app/models/companies): the company's invitations and
// roster imports; the company itself is in companies-base.ts.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { COMPANY_ROLES, tstz } from "./columns";
import { users } from "./people";
import { companies } from "./companies-base";

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
    // the join page are in it.
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
