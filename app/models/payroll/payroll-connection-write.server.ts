import { companyOwners } from "~/models/people/index.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  payrollRunWrites,
  payrollRuns,
  type RunUnmatched,
  type RunWriteLine,
  type User,
} from "#db/schema";
import { recordAudit } from "~/models/audit/index.server";
import { scheduleOf } from "~/models/companies/index.server";
import {
  connectedCompanies,
  ensurePayrollDeduction,
  isAssistedPayroll,
  recordFinchFault,
  setPayrollConnectionStatus,
  type ConnectedCompany,
} from "~/models/integrations/index.server";
import {
  jobState,
  writeEnrolments,
} from "~/services/payroll/finch-deductions.server";
import { FinchCallError } from "~/services/payroll/finch.server";
import { companyFor } from "~/utils/company-access.server";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { AppError, notFound } from "~/utils/errors";
import { toCents } from "~/utils/money";
import { addDaysIso, isoDay } from "~/utils/pay-schedule";
import {
  PAYROLL_WRITE_DAYS_BEFORE,
  PAYROLL_WRITE_DAYS_BEFORE_ASSISTED,
} from "~/utils/rules";
import { UNMATCHED } from "./payroll-connection-read.server";
import { createRunInTx } from "./payroll-runs.server";

// A connected company's run written to its payroll system (DESIGN §13): before the pay date's
// cut-off the run is created as any run is (createRunInTx) and each employee's amount due is
// written as their enrolment in the company's "Grocery Advance repayment" deduction, in one
// transaction with the run (Finch refusing leaves no run); the job's outcome is checked at
// Finch; an admin may write a run again.

const RUN_NOT_WRITTEN =
  "This payroll run was not written to your payroll system.";
const FINCH_DOWN =
  "Finch did not answer. Nothing was changed: try again in a few minutes.";

type Due = {
  employee_id: number;
  name: string;
  cents: number;
  individual_id: string | null;
};

/** Each employee's amount due in a run (its SUBMITTED deductions), with their payroll id. */
async function dueByEmployee(executor: Executor, runId: number) {
  const rows = await queryRows<{
    employee_id: number;
    name: string;
    amount: string;
    individual_id: string | null;
  }>(
    executor,
    sql`select e.id as employee_id, u.first_name || ' ' || u.last_name as name,
               sum(d.amount)::text as amount, pi.finch_individual_id as individual_id
        from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        left join payroll_individuals pi on pi.employee_id = e.id
        where d.run_id = ${runId} and d.status = 'SUBMITTED'
        group by e.id, u.first_name, u.last_name, pi.finch_individual_id
        order by e.id`,
  );
  return rows.map((r): Due => ({
    employee_id: r.employee_id,
    name: r.name,
    cents: toCents(r.amount),
    individual_id: r.individual_id,
  }));
}

async function unlinkedOf(executor: Executor, runId: number, due: Due[]) {
  const unlinked = new Set(
    due.filter((d) => !d.individual_id).map((d) => d.employee_id),
  );
  if (unlinked.size === 0) return [];
  const rows = await queryRows<{
    id: number;
    employee_id: number;
    name: string;
  }>(
    executor,
    sql`select d.id, e.id as employee_id, u.first_name || ' ' || u.last_name as name
        from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        where d.run_id = ${runId} and d.status = 'SUBMITTED' order by d.id`,
  );
  return rows
    .filter((r) => unlinked.has(r.employee_id))
    .map((r): RunUnmatched => ({
      deductionId: r.id,
      employeeName: r.name,
      reason: UNMATCHED.notLinked,
    }));
}

/**
 * Before the cut-off of the company's next pay date: the run is created and its amounts
 * written to payroll in one transaction (Finch refusing rolls the run back: the next morning
 * tries again, and on the pay date the ordinary daily run makes the file instead).
 */
export async function writeUpcomingRun(
  company: ConnectedCompany,
  now: Date,
): Promise<{ runId: number; jobId: string | null } | null> {
  const today = isoDay(now);
  const { nextPayDate } = await scheduleOf(db(), company.companyId);
  // An assisted connection's amounts are entered by hand at Finch: they are written earlier.
  const daysBefore = isAssistedPayroll(company)
    ? PAYROLL_WRITE_DAYS_BEFORE_ASSISTED
    : PAYROLL_WRITE_DAYS_BEFORE;
  if (nextPayDate <= today || addDaysIso(nextPayDate, -daysBefore) > today)
    return null;
  const benefitId = await ensurePayrollDeduction(company, companyOwners);
  return db().transaction(async (tx) => {
    const run = await createRunInTx(tx, company.companyId, nextPayDate, null, {
      byConnection: true,
    });
    const due = await dueByEmployee(tx, run.runId);
    const lines: RunWriteLine[] = due
      .filter((d) => d.individual_id)
      .map((d) => ({ individualId: d.individual_id!, cents: d.cents }));
    if (lines.length === 0 && due.length === 0)
      return { runId: run.runId, jobId: null };
    const jobId =
      lines.length > 0
        ? await writeEnrolments(
            company.settings,
            company.accessToken,
            benefitId,
            lines,
          )
        : "";
    await tx.insert(payrollRunWrites).values({
      runId: run.runId,
      companyId: company.companyId,
      jobId,
      jobStatus: lines.length > 0 ? "PENDING" : "COMPLETE",
      enrolled: lines,
      unmatched: await unlinkedOf(tx, run.runId, due),
    });
    await recordAudit(tx, {
      actorId: null,
      companyId: company.companyId,
      action: "payroll_run.written",
      amountCents: lines.reduce((s, l) => s + l.cents, 0),
      details: {
        runId: run.runId,
        payDate: nextPayDate,
        jobId,
        employees: lines.length,
      },
    });
    return { runId: run.runId, jobId };
  });
}

/**
 * Finch's status of a deduction job (GET /jobs/manual), as a written run keeps it; null for a
 * status Finch may add later (the run keeps the one it had until Finch says one of these).
 */
function keptJobStatus(state: string) {
  switch (state) {
    case "pending":
      return "PENDING";
    case "in_progress":
      return "IN_PROGRESS";
    case "complete":
      return "COMPLETE";
    case "error":
      return "FAILED";
    default:
      return null;
  }
}

/**
 * Where each open write job stands at Finch, as Finch says: pending, in progress, complete, or
 * failed (error). Whether a person or a machine does it at the provider is the connection's
 * type, not the job's.
 */
export async function checkWriteJobs(company: ConnectedCompany) {
  const open = await db()
    .select({
      runId: payrollRunWrites.runId,
      jobId: payrollRunWrites.jobId,
      jobStatus: payrollRunWrites.jobStatus,
      payDate: payrollRuns.payDate,
    })
    .from(payrollRunWrites)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunWrites.runId))
    .where(
      and(
        eq(payrollRunWrites.companyId, company.companyId),
        inArray(payrollRunWrites.jobStatus, ["PENDING", "IN_PROGRESS"]),
      ),
    );
  for (const write of open) {
    const job = await jobState(
      company.settings,
      company.accessToken,
      write.jobId,
    );
    const status = keptJobStatus(job.state);
    if (!status || status === write.jobStatus) continue;
    const detail = status === "FAILED" ? (job.detail ?? job.state) : job.detail;
    await db()
      .update(payrollRunWrites)
      .set({ jobStatus: status, jobDetail: detail })
      .where(eq(payrollRunWrites.runId, write.runId));
    if (status === "FAILED")
      await setPayrollConnectionStatus(
        company.companyId,
        companyOwners,
        "JOB_FAILED",
        {
          payDate: write.payDate,
          detail,
          key: write.jobId,
        },
      );
  }
}

/**
 * An owner or admin writes a run's amounts again (after a failed job at the provider): the same
 * overwrite, a new job.
 */
export async function writeRunAgain(actor: User, runId: number) {
  const companyId = companyFor(actor, "payroll");
  const [company] = await connectedCompanies(companyId);
  const [write] = await db()
    .select()
    .from(payrollRunWrites)
    .where(
      and(
        eq(payrollRunWrites.runId, runId),
        eq(payrollRunWrites.companyId, companyId),
        sql`${payrollRunWrites.resultsReadAt} is null`,
        // Past its pay date the amounts went back to 0: nothing is written again.
        sql`${payrollRunWrites.resetAt} is null`,
      ),
    );
  if (!company || !write) throw notFound(RUN_NOT_WRITTEN);
  try {
    const benefitId = await ensurePayrollDeduction(company, companyOwners);
    const due = await dueByEmployee(db(), runId);
    const lines = due
      .filter((d) => d.individual_id)
      .map((d) => ({ individualId: d.individual_id!, cents: d.cents }));
    const jobId = await writeEnrolments(
      company.settings,
      company.accessToken,
      benefitId,
      lines,
    );
    await db().transaction(async (tx) => {
      await tx
        .update(payrollRunWrites)
        .set({ jobId, jobStatus: "PENDING", jobDetail: null, enrolled: lines })
        .where(eq(payrollRunWrites.runId, runId));
      await recordAudit(tx, {
        actorId: actor.id,
        companyId,
        action: "payroll_run.written",
        amountCents: lines.reduce((s, l) => s + l.cents, 0),
        details: { runId, jobId, employees: lines.length, again: true },
      });
    });
    await setPayrollConnectionStatus(companyId, companyOwners, "OK");
    return { jobId };
  } catch (error) {
    if (!(error instanceof FinchCallError)) throw error;
    await recordFinchFault(companyId, companyOwners, error);
    throw new AppError(503, FINCH_DOWN);
  }
}
