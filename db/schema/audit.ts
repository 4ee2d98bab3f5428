// The tables of the audit domain (app/models/audit): the append-only audit trail.
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
} from "drizzle-orm/pg-core";
import { advanceRequests } from "./advances";
import { money, tstz } from "./columns";
import { companies } from "./companies-base";
import { users } from "./people";

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
export type AuditEvent = typeof auditEvents.$inferSelect;
