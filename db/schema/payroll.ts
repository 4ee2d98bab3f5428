// The tables of the payroll domain (app/models/payroll): payroll runs, their writes to the
// provider, leavers' proposals, and the scheduler's once-a-period record of its runs.
import { sql } from "drizzle-orm";
import {
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
import { tstz } from "./columns";
import { employees, users } from "./people";
import { companies } from "./companies-base";

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
export type PayrollRun = typeof payrollRuns.$inferSelect;

export type RunWriteLine = { individualId: string; cents: number };
export type RunUnmatched = {
  deductionId: number;
  employeeName: string;
  reason: string;
};

// A payroll run written to the payroll system through the connection: Finch's job id and its
// status at GET /jobs/manual (pending, in_progress, complete; error is FAILED), the enrolment
// amounts written, and what the pay statements said afterwards (the deductions left for a
// person, with the reason), then the reset of the amounts to 0.
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
      enum: ["PENDING", "IN_PROGRESS", "COMPLETE", "FAILED"],
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
      sql`${t.jobStatus} in ('PENDING', 'IN_PROGRESS', 'COMPLETE', 'FAILED')`,
    ),
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
