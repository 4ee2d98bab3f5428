// The tables of the reports domain (app/models/reports): the rollup the reports read.
import {
  bigserial,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";

// The reports' rollup. Triggers on advance_requests,
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
