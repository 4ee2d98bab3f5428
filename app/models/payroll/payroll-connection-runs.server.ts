import { companyOwners } from "~/models/people/index.server";
import { desc, eq } from "drizzle-orm";
import {
  payrollRunWrites,
  payrollRuns,
  type RunUnmatched,
  type User,
} from "#db/schema";
import {
  connectedCompanies,
  ensurePayrollAuthType,
  ensurePayrollDeduction,
  recordFinchFault,
  setPayrollConnectionStatus,
  type ConnectedCompany,
} from "~/models/integrations/index.server";
import {
  reimbursementLines,
  type ReimbursementLine,
} from "~/models/repayments/index.server";
import { FinchCallError } from "~/services/payroll/finch.server";
import { companyFor } from "~/utils/company-access.server";
import { db } from "~/utils/db.server";
import { readRunResults } from "./payroll-connection-read.server";
import {
  checkWriteJobs,
  writeUpcomingRun,
} from "./payroll-connection-write.server";

// A connected company's payroll runs through Finch (DESIGN §13):
// the pay schedule follows the payroll system's pay groups and pay dates; before each pay
// date's cut-off the run is created as any run is (createRunInTx) and each employee's amount
// due is written as their enrolment in the company's "Grocery Advance repayment" deduction, in
// one transaction with the run (Finch refusing leaves no run); the job's outcome is checked;
// after the pay date the pay statements are read and the run's results recorded through the
// same function a manual result uses (recordRunResults), then the enrolments go back to 0.
// Whatever cannot be matched is left for a person, with the reason. Here: the daily job and
// the page's list; the schedule, the writing and the reading are in payroll-connection-*.

export type ConnectionJobSummary = {
  companyId: number;
  outcome: "done" | "skipped" | PayrollFault;
  written: number | null;
  read: number;
};

type PayrollFault = "UNAVAILABLE" | "RATE_LIMITED" | "REVOKED";

/** One company's turn: job outcomes, results of past pay dates, then the next write. */
export async function runPayrollConnection(
  company: ConnectedCompany,
  now: Date = new Date(),
): Promise<ConnectionJobSummary> {
  const summary: ConnectionJobSummary = {
    companyId: company.companyId,
    outcome: "done",
    written: null,
    read: 0,
  };
  if (company.retryAfter && company.retryAfter > now)
    return { ...summary, outcome: "skipped" };
  try {
    // Assisted or automated decides the write's lead time and how the deduction is set up.
    await ensurePayrollAuthType(company, companyOwners);
    await ensurePayrollDeduction(company, companyOwners);
    await checkWriteJobs(company);
    summary.read = await readRunResults(company, now);
    summary.written = (await writeUpcomingRun(company, now))?.runId ?? null;
  } catch (error) {
    if (!(error instanceof FinchCallError)) throw error;
    const status = await recordFinchFault(
      company.companyId,
      companyOwners,
      error,
      now,
    );
    return { ...summary, outcome: status as PayrollFault };
  }
  const [current] = await connectedCompanies(company.companyId);
  if (current && current.status !== "OK" && current.status !== "JOB_FAILED")
    await setPayrollConnectionStatus(
      company.companyId,
      companyOwners,
      "OK",
      {},
      now,
    );
  return summary;
}

/** The daily job over every connected company; one failing stops no other. */
export async function runPayrollConnections(now: Date = new Date()) {
  const done: ConnectionJobSummary[] = [];
  const failed: number[] = [];
  for (const company of await connectedCompanies()) {
    try {
      done.push(await runPayrollConnection(company, now));
    } catch {
      failed.push(company.companyId);
    }
  }
  return { companies: done, failed };
}

export type WrittenRun = {
  runId: number;
  payDate: string;
  jobId: string;
  /** Finch's status of the job (GET /jobs/manual): error is FAILED. */
  jobStatus: "PENDING" | "IN_PROGRESS" | "COMPLETE" | "FAILED";
  jobDetail: string | null;
  totalCents: number;
  employees: number;
  resultsReadAt: Date | null;
  unmatched: RunUnmatched[];
  /** Credits owed back on this run: Finch writes no earnings, so a person adds them. */
  credits: ReimbursementLine[];
};

/** The connection's latest written runs (Settings › Payroll connection), newest first. */
export async function listWrittenRuns(
  actor: User,
  limit = 6,
): Promise<WrittenRun[]> {
  const companyId = companyFor(actor, "payroll");
  const rows = await db()
    .select({
      runId: payrollRunWrites.runId,
      payDate: payrollRuns.payDate,
      jobId: payrollRunWrites.jobId,
      jobStatus: payrollRunWrites.jobStatus,
      jobDetail: payrollRunWrites.jobDetail,
      enrolled: payrollRunWrites.enrolled,
      resultsReadAt: payrollRunWrites.resultsReadAt,
      unmatched: payrollRunWrites.unmatched,
    })
    .from(payrollRunWrites)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunWrites.runId))
    .where(eq(payrollRunWrites.companyId, companyId))
    .orderBy(desc(payrollRuns.payDate))
    .limit(limit);
  const out: WrittenRun[] = [];
  for (const r of rows)
    out.push({
      runId: r.runId,
      payDate: r.payDate,
      jobId: r.jobId,
      jobStatus: r.jobStatus,
      jobDetail: r.jobDetail,
      totalCents: r.enrolled.reduce((s, l) => s + l.cents, 0),
      employees: r.enrolled.length,
      resultsReadAt: r.resultsReadAt,
      unmatched: r.unmatched ?? [],
      credits: (await reimbursementLines(db(), r.runId)).filter(
        (l) => l.status === "SUBMITTED",
      ),
    });
  return out;
}
