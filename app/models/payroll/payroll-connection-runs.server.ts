import { and, desc, eq, sql } from "drizzle-orm";
import {
  payrollRunWrites,
  payrollRuns,
  type RunUnmatched,
  type RunWriteLine,
  type User,
} from "#db/schema";
import { recordAudit } from "~/models/audit/index.server";
import {
  applyPayrollSchedule,
  scheduleOf,
} from "~/models/companies/index.server";
import {
  connectedCompanies,
  ensurePayrollDeduction,
  recordFinchFault,
  recordNetPay,
  setPayrollConnectionStatus,
  type ConnectedCompany,
} from "~/models/integrations/index.server";
import {
  reimbursementLines,
  type ReimbursementLine,
} from "~/models/repayments/index.server";
import {
  FinchCallError,
  jobState,
  readPayStatements,
  readPaySchedule,
  writeEnrolments,
  type FinchStatement,
} from "~/services/payroll/finch.server";
import { companyFor } from "~/utils/company-access.server";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { AppError, notFound } from "~/utils/errors";
import { formatCents, fromCents, toCents } from "~/utils/money";
import { recordNetPay as recordEmployeeNetPay } from "~/models/people/index.server";
import {
  addDaysIso,
  dayStart,
  isoDay,
  payDateAfter,
} from "~/utils/pay-schedule";
import { PAYROLL_WRITE_DAYS_BEFORE } from "~/utils/rules";
import { createRunInTx, recordRunResults } from "./payroll-runs.server";

// A connected company's payroll runs through Finch (DESIGN §13; docs/decisions/0124, 0125):
// the pay schedule follows the payroll system's pay groups and pay dates; before each pay
// date's cut-off the run is created as any run is (createRunInTx) and each employee's amount
// due is written as their enrolment in the company's "Grocery Advance repayment" deduction, in
// one transaction with the run (Finch refusing leaves no run); the job's outcome is checked;
// after the pay date the pay statements are read and the run's results recorded through the
// same function a manual result uses (recordRunResults), then the enrolments go back to 0.
// Whatever cannot be matched is left for a person, with the reason.

const RUN_NOT_WRITTEN =
  "This payroll run was not written to your payroll system.";
const FINCH_DOWN =
  "Finch did not answer. Nothing was changed: try again in a few minutes.";

/** Reasons a deduction is left for a person after the statements are read. */
export const UNMATCHED = {
  notLinked:
    "not matched to anyone in the payroll system: key the amount in from the run's file, then record the result on the run's page",
  noStatement: (day: string) =>
    `no pay statement on ${day}: record the result on the run's page`,
  tooMuch: (collected: number, due: number) =>
    `the pay statement shows ${formatCents(collected)} deducted, more than the ${formatCents(due)} due: check the payroll system, then record the result on the run's page`,
} as const;

/** How far back the payments are read for the last pay date. */
const PAY_HISTORY_DAYS = 120;

// ---- Pay schedule --------------------------------------------------------------------------

/**
 * The company's pay schedule from its payroll system (at each roster sync): the pay groups'
 * frequency, and the next pay date after the last one paid that has no run of ours yet.
 * Returns whether it changed; nothing when payroll gives no frequency or no pay date.
 */
export async function syncPayScheduleFromPayroll(
  company: ConnectedCompany,
  actorId: number | null,
  now: Date,
): Promise<boolean> {
  const today = isoDay(now);
  const read = await readPaySchedule(
    company.settings,
    company.accessToken,
    addDaysIso(today, -PAY_HISTORY_DAYS),
    today,
  );
  if (!read.frequency || !read.lastPayDate) return false;
  const [latest] = await queryRows<{ day: string | null }>(
    db(),
    sql`select max(pay_date)::text as day from payroll_runs where company_id = ${company.companyId}`,
  );
  const schedule = {
    frequency: read.frequency,
    nextPayDate: read.lastPayDate,
  };
  let next = payDateAfter(schedule, read.lastPayDate);
  while (next < today || (latest?.day && next <= latest.day))
    next = payDateAfter(schedule, next);
  return applyPayrollSchedule(
    company.companyId,
    { frequency: read.frequency, nextPayDate: next },
    actorId,
  );
}

// ---- Writing a run ---------------------------------------------------------------------------

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
async function writeUpcomingRun(
  company: ConnectedCompany,
  now: Date,
): Promise<{ runId: number; jobId: string | null } | null> {
  const today = isoDay(now);
  const { nextPayDate } = await scheduleOf(db(), company.companyId);
  if (
    nextPayDate <= today ||
    addDaysIso(nextPayDate, -PAYROLL_WRITE_DAYS_BEFORE) > today
  )
    return null;
  const benefitId = await ensurePayrollDeduction(company);
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

/** Where each pending write job stands at the provider: done, failed or assisted. */
async function checkWriteJobs(company: ConnectedCompany) {
  const pending = await db()
    .select({
      runId: payrollRunWrites.runId,
      jobId: payrollRunWrites.jobId,
      payDate: payrollRuns.payDate,
    })
    .from(payrollRunWrites)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunWrites.runId))
    .where(
      and(
        eq(payrollRunWrites.companyId, company.companyId),
        eq(payrollRunWrites.jobStatus, "PENDING"),
      ),
    );
  for (const write of pending) {
    const job = await jobState(
      company.settings,
      company.accessToken,
      write.jobId,
    );
    if (job.state === "pending") continue;
    const status =
      job.state === "complete"
        ? "COMPLETE"
        : job.state === "failed"
          ? "FAILED"
          : "ASSISTED";
    await db()
      .update(payrollRunWrites)
      .set({ jobStatus: status, jobDetail: job.detail })
      .where(eq(payrollRunWrites.runId, write.runId));
    if (status === "FAILED")
      await setPayrollConnectionStatus(company.companyId, "JOB_FAILED", {
        payDate: write.payDate,
        detail: job.detail,
        key: write.jobId,
      });
  }
}

// ---- Reading the results -------------------------------------------------------------------

type Open = {
  id: number;
  employee_id: number;
  name: string;
  amount: string;
  last_pay_date: string | null;
  individual_id: string | null;
};

/** What the statements say of each open deduction: a result, or a reason for a person. */
function matchStatements(
  open: Open[],
  statements: FinchStatement[],
  payDate: string,
) {
  const results: { deductionId: number; collectedAmount: string }[] = [];
  const unmatched: RunUnmatched[] = [];
  const byEmployee = new Map<number, Open[]>();
  for (const d of open)
    byEmployee.set(d.employee_id, [
      ...(byEmployee.get(d.employee_id) ?? []),
      d,
    ]);
  for (const deductions of byEmployee.values()) {
    const first = deductions[0];
    const leave = (reason: string) =>
      deductions.forEach((d) =>
        unmatched.push({ deductionId: d.id, employeeName: d.name, reason }),
      );
    if (!first.individual_id) {
      leave(UNMATCHED.notLinked);
      continue;
    }
    const own = statements.filter(
      (s) => s.individualId === first.individual_id,
    );
    const leaver =
      first.last_pay_date !== null && first.last_pay_date <= payDate;
    if (own.length === 0 && !leaver) {
      leave(UNMATCHED.noStatement(payDate));
      continue;
    }
    // A leaver without a statement was not paid on their last pay date: nothing was taken.
    let left = own.reduce((s, st) => s + st.deductedCents, 0);
    const due = deductions.reduce((s, d) => s + toCents(d.amount), 0);
    if (left > due) {
      leave(UNMATCHED.tooMuch(left, due));
      continue;
    }
    for (const d of deductions) {
      const taken = Math.min(left, toCents(d.amount));
      left -= taken;
      results.push({ deductionId: d.id, collectedAmount: fromCents(taken) });
    }
  }
  return { results, unmatched };
}

/**
 * After a written run's pay date: its pay statements are read, each employee's net pay kept,
 * the results recorded as a manual result would be (full, partial, missed → arrears, a leaver's
 * last paycheck → write-off), the rest left for a person; then the enrolments go back to 0.
 * Statements Finch is still fetching are read the next morning.
 */
async function readRunResults(company: ConnectedCompany, now: Date) {
  const today = isoDay(now);
  const due = await db()
    .select({
      runId: payrollRunWrites.runId,
      payDate: payrollRuns.payDate,
      enrolled: payrollRunWrites.enrolled,
      unmatched: payrollRunWrites.unmatched,
      resultsReadAt: payrollRunWrites.resultsReadAt,
    })
    .from(payrollRunWrites)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunWrites.runId))
    .where(
      and(
        eq(payrollRunWrites.companyId, company.companyId),
        sql`${payrollRunWrites.resetAt} is null`,
        sql`${payrollRuns.payDate} < ${today}::date`,
      ),
    )
    .orderBy(payrollRuns.payDate);
  let read = 0;
  for (const write of due) {
    if (!write.resultsReadAt) {
      const { ready, statements } = await readPayStatements(
        company.settings,
        company.accessToken,
        write.payDate,
      );
      if (!ready) continue;
      for (const s of statements)
        if (s.netPayCents !== null && s.type !== "off_cycle_payroll") {
          const employeeId = await recordNetPay(
            company.companyId,
            s.individualId,
            s.netPayCents,
            write.payDate,
          );
          // The person's net pay, the one figure /request's paycheck check reads.
          if (employeeId !== null && s.netPayCents > 0)
            await recordEmployeeNetPay(db(), employeeId, {
              cents: s.netPayCents,
              source: "payroll",
              asOf: dayStart(write.payDate),
            });
        }
      const open = await queryRows<Open>(
        db(),
        sql`select d.id, e.id as employee_id, u.first_name || ' ' || u.last_name as name,
                   d.amount::text as amount, e.last_pay_date::text as last_pay_date,
                   pi.finch_individual_id as individual_id
            from payroll_deductions d
            join advance_requests r on r.id = d.request_id
            join employees e on e.id = r.employee_id
            join users u on u.id = e.user_id
            left join payroll_individuals pi on pi.employee_id = e.id
            where d.run_id = ${write.runId} and d.status = 'SUBMITTED'
            order by e.id, d.id`,
      );
      const { results, unmatched } = matchStatements(
        open,
        statements,
        write.payDate,
      );
      if (results.length > 0)
        await recordRunResults(
          company.companyId,
          null,
          write.runId,
          { results },
          now,
        );
      await db().transaction(async (tx) => {
        await tx
          .update(payrollRunWrites)
          .set({ resultsReadAt: now, unmatched })
          .where(eq(payrollRunWrites.runId, write.runId));
        await recordAudit(tx, {
          actorId: null,
          companyId: company.companyId,
          action: "payroll_run.read",
          details: {
            runId: write.runId,
            payDate: write.payDate,
            recorded: results.length,
            leftForAPerson: unmatched.length,
          },
        });
      });
      read += 1;
    }
    // The enrolments back to 0 once the pay date is past (the same overwrite, repeatable).
    if (write.enrolled.length > 0 && company.benefitId) {
      const resetJobId = await writeEnrolments(
        company.settings,
        company.accessToken,
        company.benefitId,
        write.enrolled.map((l) => ({ individualId: l.individualId, cents: 0 })),
      );
      await db()
        .update(payrollRunWrites)
        .set({ resetJobId, resetAt: now })
        .where(eq(payrollRunWrites.runId, write.runId));
    } else
      await db()
        .update(payrollRunWrites)
        .set({ resetAt: now })
        .where(eq(payrollRunWrites.runId, write.runId));
  }
  return read;
}

// ---- The daily job and the admin's actions ---------------------------------------------------

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
    await ensurePayrollDeduction(company);
    await checkWriteJobs(company);
    summary.read = await readRunResults(company, now);
    summary.written = (await writeUpcomingRun(company, now))?.runId ?? null;
  } catch (error) {
    if (!(error instanceof FinchCallError)) throw error;
    const status = await recordFinchFault(company.companyId, error, now);
    return { ...summary, outcome: status as PayrollFault };
  }
  const [current] = await connectedCompanies(company.companyId);
  if (current && current.status !== "OK" && current.status !== "JOB_FAILED")
    await setPayrollConnectionStatus(company.companyId, "OK", {}, now);
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
      ),
    );
  if (!company || !write) throw notFound(RUN_NOT_WRITTEN);
  try {
    const benefitId = await ensurePayrollDeduction(company);
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
    await setPayrollConnectionStatus(companyId, "OK");
    return { jobId };
  } catch (error) {
    if (!(error instanceof FinchCallError)) throw error;
    await recordFinchFault(companyId, error);
    throw new AppError(503, FINCH_DOWN);
  }
}

export type WrittenRun = {
  runId: number;
  payDate: string;
  jobId: string;
  jobStatus: "PENDING" | "COMPLETE" | "FAILED" | "ASSISTED";
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
