// The tables of the complaints domain (app/models/complaints).
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
import { tstz } from "./columns";
import { companies } from "./companies-base";
import { users } from "./people";

// Complaints and disputes an employee files, handled by the company's owners and admins:
// received → in review → resolved with the resolution text, each step
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
