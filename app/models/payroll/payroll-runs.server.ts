import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { publish } from "~/services/events.server";
import {
  db,
  queryRows,
  retryOnDeadlock,
  type Executor,
  type Tx,
} from "~/utils/db.server";
import { parseId } from "~/utils/ids";
import {
  badRequest,
  conflict,
  fieldErrors,
  forbidden,
  notFound,
} from "~/utils/errors";
import { formatCents, fromCents, toCents } from "~/utils/money";
import { NO_RESULTS_MESSAGE, payrollResultsSchema } from "~/validation/payroll";
import {
  addDaysIso,
  isIsoDay,
  isoDay,
  payDateAfter,
} from "~/utils/pay-schedule";
import { recordAudit } from "~/models/audit/index.server";
import { emitWebhook } from "~/models/integrations/index.server";
import {
  deductionFigures,
  refreshAvailable,
} from "~/models/ledger/index.server";
import { scheduleOf, setNextPayDate } from "~/models/companies/index.server";
import {
  addReimbursementLines,
  markLinesNotPaid,
  payReimbursementLines,
  recordResult,
  reimbursementLines,
  submitDueDeductions,
  type ReimbursementLine,
} from "~/models/repayments/index.server";
import {
  notifyCreditOwed,
  notifyCreditPaidBack,
  notifyPayrollFile,
} from "~/models/notifications/index.server";
import { companyFor } from "~/utils/company-access.server";
import {
  readPage,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import type {
  payrollRunSchema,
  payrollRunSummarySchema,
} from "~/validation/api-responses";
import type { z } from "zod";

// Payroll runs that are reconciled (DESIGN §4 Payroll runs; docs/decisions/0080). A run gathers
// the company's deductions due on or before its pay date as SUBMITTED: its file is what the
// company's payroll deducts. Only a recorded result marks a deduction collected, in full or in
// part; what payroll could not take becomes arrears on the next pay date, or, after an
// employee's last paycheck, a write-off. The scheduled job creates runs; it never records a
// collection.

export const FUTURE_RUN = "A payroll run cannot be dated in the future.";
const RUN_NOT_FOUND = "Payroll run not found.";
const BAD_PAY_DATE = "Use a date like 2026-11-27.";
const notInRun = (id: number) => `Deduction ${id} is not in this payroll run.`;
/** Names the employee and both amounts, so the person fixing the file knows which row. */
const moreThanDue = (name: string, collectedCents: number, dueCents: number) =>
  `The ${formatCents(collectedCents)} collected from ${name} is more than the ${formatCents(dueCents)} due.`;
const alreadyRecorded = (id: number) =>
  `A different result for deduction ${id} is already recorded.`;
const lineNotInRun = (id: number) =>
  `Reimbursement line ${id} is not in this payroll run.`;
const lineAlreadyPaid = (id: number) =>
  `Reimbursement line ${id} is already recorded as paid.`;

type RunDeduction = {
  id: number;
  employeeId: number;
  employeeName: string;
  amount: string;
  status: string;
  /** What payroll collected (null before a result), from the ledger (deductionFigures). */
  collectedAmount: string | null;
  /** Due − collected once the result is recorded ("0.00" before). */
  shortfall: string;
  /** The later deduction the shortfall moved to (arrears), and its pay date. */
  arrearsDeductionId: number | null;
  arrearsDate: Date | null;
  /** The part of the shortfall written off after the employee's last paycheck. */
  writtenOffAmount: string;
  deductionDate: Date;
};

export type PayrollRunView = {
  id: number;
  payDate: string;
  status: "SUBMITTED" | "RECONCILED";
  total: string;
  createdAt: Date;
  deductions: RunDeduction[];
  /**
   * Credits owed back to employees, to add to their paychecks (decision 0107): paid when the
   * run's results are recorded.
   */
  reimbursements: ReimbursementLine[];
  /** What the reimbursement lines add up to. */
  reimbursementTotal: string;
};

type RunRow = {
  id: number;
  company_id: number;
  pay_date: string;
  status: "SUBMITTED" | "RECONCILED";
  created_at: Date | string;
};

/** "2026-11-27" checked as a real day; `undefined` is today. A future day is refused. */
export function runPayDate(value: unknown, now: Date = new Date()): string {
  const today = isoDay(now);
  if (value === undefined || value === null || value === "") return today;
  if (typeof value !== "string" || !isIsoDay(value))
    throw badRequest(BAD_PAY_DATE, { payDate: [BAD_PAY_DATE] });
  if (value > today) throw badRequest(FUTURE_RUN, { payDate: [FUTURE_RUN] });
  return value;
}

/**
 * Creates (or adds to) the company's run for `payDate`, in the caller's transaction: every
 * SCHEDULED deduction dated on or before it becomes SUBMITTED in the run. A run dated on or
 * after the company's next pay date moves the next pay date on. Returns the run's id and what
 * it gathered this time. The owners and admins are mailed the run's file, unless the payroll
 * connection writes the run (`byConnection`): then nobody has a file to give to payroll.
 */
export async function createRunInTx(
  tx: Tx,
  companyId: number,
  payDate: string,
  actorId: number | null,
  { byConnection = false }: { byConnection?: boolean } = {},
): Promise<{ runId: number; added: number; cents: number; userIds: number[] }> {
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payroll_runs (company_id, pay_date, created_by_id)
        values (${companyId}, ${payDate}::date, ${actorId})
        on conflict (company_id, pay_date) do nothing returning id`,
  );
  const [run] = await queryRows<{ id: number }>(
    tx,
    sql`select id from payroll_runs where company_id = ${companyId} and pay_date = ${payDate}::date
        for update`,
  );
  // Credits owed back: netted first against what is owed (before the due deductions are
  // submitted), then a reimbursement line for what is left.
  const lines = await addReimbursementLines(
    tx,
    companyId,
    run.id,
    payDate,
    new Date(),
  );
  const cutoff = addDaysIso(payDate, 1);
  const added = await submitDueDeductions(tx, companyId, run.id, cutoff);
  if (!created && added.length + lines.length > 0)
    await tx.execute(
      sql`update payroll_runs set status = 'SUBMITTED', reconciled_at = null where id = ${run.id}`,
    );
  if (created && added.length + lines.length === 0)
    // Nothing due: a run with no deductions and no reimbursements is reconciled from the start.
    await tx.execute(
      sql`update payroll_runs set status = 'RECONCILED', reconciled_at = now() where id = ${run.id}`,
    );
  const schedule = await scheduleOf(tx, companyId);
  if (payDate >= schedule.nextPayDate)
    await setNextPayDate(tx, companyId, payDateAfter(schedule, payDate));
  const cents = added.reduce((sum, a) => sum + toCents(a.amount), 0);
  const userIds = [
    ...new Set([...added.map((a) => a.user_id), ...lines.map((l) => l.userId)]),
  ];
  if (created || added.length + lines.length > 0) {
    await recordAudit(tx, {
      actorId,
      companyId,
      action: "payroll_run.created",
      amountCents: cents,
      details: {
        runId: run.id,
        payDate,
        deductions: added.length,
        ...(lines.length > 0 ? { reimbursements: lines.length } : {}),
      },
    });
    if (added.length + lines.length > 0)
      await emitWebhook(
        tx,
        companyId,
        "payroll_run.submitted",
        payrollRunJson(await runView(tx, companyId, run.id)),
      );
    if (!byConnection)
      await notifyPayrollFile(tx, companyId, {
        id: run.id,
        payDate,
        deductions: added.length,
        total: fromCents(cents),
        employees: userIds.length,
      });
  }
  return { runId: run.id, added: added.length, cents, userIds };
}

/**
 * The employer's run (the /payroll page, POST /api/payroll-runs, the CLI): their company's run
 * for `payDate` (default today; a future date is refused with 400).
 */
export async function createPayrollRun(
  actor: User,
  input: { payDate?: unknown },
  now: Date = new Date(),
): Promise<{
  run: PayrollRunView;
  created: boolean;
  /** What this call submitted (0 when nothing was due): not the run's whole file. */
  added: number;
  addedCents: number;
}> {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can run payroll.");
  const companyId = companyFor(actor, "payroll");
  const payDate = runPayDate(input.payDate, now);
  const existed = await queryRows<{ id: number }>(
    db(),
    sql`select id from payroll_runs where company_id = ${companyId} and pay_date = ${payDate}::date`,
  );
  const result = await db().transaction((tx) =>
    createRunInTx(tx, companyId, payDate, actor.id),
  );
  if (result.added > 0)
    await publish("deduction.submitted", [actor.id, ...result.userIds], {
      company: companyId,
    });
  return {
    run: await runView(db(), companyId, result.runId),
    created: existed.length === 0,
    added: result.added,
    addedCents: result.cents,
  };
}

/**
 * The unattended daily job: for every company whose next pay date has come, the run of that
 * pay date (and of any pay date missed since). It never records a collection. Runs left
 * unreconciled for 3 days get a reminder mail, once.
 */
export async function runScheduledPayroll(
  now: Date = new Date(),
): Promise<{ runs: number; deductions: number; reminders: number }> {
  const today = isoDay(now);
  const due = await queryRows<{ id: number }>(
    db(),
    sql`select id from companies where next_pay_date <= ${today}::date order by id`,
  );
  let runs = 0;
  let deductions = 0;
  for (const { id } of due) {
    // At most a few missed pay dates are caught up per day; each run moves the next one on.
    for (let i = 0; i < 8; i += 1) {
      const schedule = await scheduleOf(db(), id);
      if (schedule.nextPayDate > today) break;
      const result = await db().transaction((tx) =>
        createRunInTx(tx, id, schedule.nextPayDate, null),
      );
      runs += 1;
      deductions += result.added;
      if (result.added > 0)
        await publish("deduction.submitted", result.userIds, { company: id });
    }
  }
  const reminders = await remindUnreconciled(now);
  return { runs, deductions, reminders };
}

/**
 * Runs still SUBMITTED 3 days after they were made: their owners and admins are reminded once.
 * A run the payroll connection wrote waits a week past its pay date for its pay statements.
 */
async function remindUnreconciled(now: Date): Promise<number> {
  const stale = await queryRows<RunRow>(
    db(),
    sql`update payroll_runs set reminded_at = ${now.toISOString()}::timestamptz
        where status = 'SUBMITTED' and reminded_at is null
          and created_at < ${now.toISOString()}::timestamptz - interval '3 days'
          -- A run the payroll connection wrote has its results read from the pay statements:
          -- a person is reminded only when its write failed at the provider, or when the
          -- statements have not come a week after the pay date (Finch refreshes an assisted
          -- provider's data every 7 days).
          and (pay_date < ${isoDay(now)}::date - 7
               or not exists (select 1 from payroll_run_writes w
                              where w.run_id = payroll_runs.id and w.job_status <> 'FAILED'))
        returning id, company_id, pay_date::text as pay_date, status, created_at`,
  );
  for (const run of stale) {
    const view = await runView(db(), run.company_id, run.id);
    const open = view.deductions.filter((d) => d.status === "SUBMITTED");
    await notifyPayrollFile(
      db(),
      run.company_id,
      {
        id: run.id,
        payDate: run.pay_date,
        deductions: open.length,
        total: fromCents(open.reduce((s, d) => s + toCents(d.amount), 0)),
        employees: new Set(open.map((d) => d.employeeId)).size,
      },
      true,
    );
  }
  return stale.length;
}

/** A run id that can name a row (a PostgreSQL integer); anything else names nothing (404). */
function checkRunId(runId: number): number {
  const id = parseId(runId);
  if (id === null) throw notFound(RUN_NOT_FOUND);
  return id;
}

async function runView(
  executor: Executor,
  companyId: number,
  runId: number,
): Promise<PayrollRunView> {
  checkRunId(runId);
  const [run] = await queryRows<RunRow>(
    executor,
    sql`select id, company_id, pay_date::text as pay_date, status, created_at
        from payroll_runs where id = ${runId} and company_id = ${companyId}`,
  );
  if (!run) throw notFound(RUN_NOT_FOUND);
  // One after the other: the executor may be the caller's transaction.
  const rows = await runRows(executor, runId);
  const figures = await deductionFigures(executor, { runId });
  const reimbursements = await reimbursementLines(executor, runId);
  const byId = new Map(figures.map((f) => [f.id, f]));
  return {
    id: run.id,
    payDate: run.pay_date,
    status: run.status,
    createdAt: new Date(run.created_at),
    total: fromCents(rows.reduce((s, r) => s + toCents(r.amount), 0)),
    reimbursements,
    reimbursementTotal: fromCents(
      reimbursements.reduce((s, l) => s + toCents(l.amount), 0),
    ),
    deductions: rows.map((r) => {
      const f = byId.get(r.id);
      const recorded =
        f && r.status !== "SUBMITTED" && r.status !== "SCHEDULED";
      return {
        id: r.id,
        employeeId: r.employee_id,
        employeeName: r.name,
        amount: r.amount,
        status: r.status,
        collectedAmount: recorded ? fromCents(f.collectedCents) : null,
        shortfall: fromCents(f?.shortfallCents ?? 0),
        arrearsDeductionId: f?.arrearsDeductionId ?? null,
        arrearsDate: f?.arrearsDate ?? null,
        writtenOffAmount: fromCents(f?.writtenOffCents ?? 0),
        deductionDate: new Date(r.deduction_date),
      };
    }),
  };
}

/** The deductions of a run, by employee name. */
function runRows(executor: Executor, runId: number) {
  return queryRows<{
    id: number;
    employee_id: number;
    name: string;
    amount: string;
    status: string;
    deduction_date: Date | string;
  }>(
    executor,
    sql`select d.id, e.id as employee_id, u.first_name || ' ' || u.last_name as name,
               d.amount::text as amount, d.status, d.deduction_date
        from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        where d.run_id = ${runId}
        order by u.last_name, u.first_name, d.id`,
  );
}

/** A run of the caller's company (404 for any other). */
export async function getPayrollRun(
  actor: User,
  runId: number,
): Promise<PayrollRunView> {
  return runView(db(), companyFor(actor, "payroll"), runId);
}

type DeductionStatus = z.output<
  typeof payrollRunSchema
>["deductions"][number]["status"];

/** The run as GET /api/payroll-runs/{id} answers it. */
export function payrollRunJson(
  run: PayrollRunView,
): z.output<typeof payrollRunSchema> {
  return {
    id: run.id,
    payDate: run.payDate,
    status: run.status,
    total: run.total,
    deductions: run.deductions.map((d) => ({
      id: d.id,
      employeeId: d.employeeId,
      employeeName: d.employeeName,
      amount: d.amount,
      status: d.status as DeductionStatus,
      // What payroll collected, what it fell short and where that went: a partial collection
      // reconciles from the run alone.
      collectedAmount: d.collectedAmount,
      shortfall: d.shortfall,
      arrearsDeductionId: d.arrearsDeductionId,
      writtenOffAmount: d.writtenOffAmount,
    })),
    // Credits owed back, to add to these employees' paychecks; paid once the results are in.
    reimbursementTotal: run.reimbursementTotal,
    reimbursements: run.reimbursements.map((l) => ({
      id: l.id,
      employeeId: l.employeeId,
      employeeName: l.employeeName,
      amount: l.amount,
      status: l.status,
    })),
  };
}

/** The run's file as CSV: what the company's payroll deducts. */
export function payrollRunCsv(run: PayrollRunView): {
  filename: string;
  csv: string;
} {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    [
      "deductionId",
      "employeeId",
      "employeeName",
      "amount",
      "status",
      "collectedAmount",
      "reimbursementAmount",
    ],
    ...run.deductions.map((d) => [
      String(d.id),
      String(d.employeeId),
      d.employeeName,
      d.amount,
      d.status,
      d.collectedAmount ?? "",
      "",
    ]),
    // A credit owed back: an amount to add to the paycheck, not to deduct (no deductionId).
    ...run.reimbursements.map((l) => [
      "",
      String(l.employeeId),
      l.employeeName,
      "",
      `REIMBURSEMENT_${l.status}`,
      "",
      l.amount,
    ]),
  ];
  return {
    filename: `payroll-run-${run.payDate}.csv`,
    csv: lines.map((l) => l.map(cell).join(",")).join("\r\n") + "\r\n",
  };
}

/** The company's runs, newest first (the /payroll page; a page of GET /api/payroll-runs). */
export async function listPayrollRuns(actor: User, limit = 12, offset = 0) {
  const companyId = companyFor(actor, "payroll");
  const rows = await queryRows<{
    id: number;
    pay_date: string;
    status: string;
    deductions: number;
    total: string;
    collected: string;
    open: number;
  }>(
    db(),
    sql`select p.id, p.pay_date::text as pay_date, p.status,
               count(d.id)::int as deductions,
               coalesce(sum(d.amount), 0)::text as total,
               coalesce(sum(d.collected_amount), 0)::text as collected,
               count(d.id) filter (where d.status = 'SUBMITTED')::int as open
        from payroll_runs p left join payroll_deductions d on d.run_id = p.id
        where p.company_id = ${companyId}
        group by p.id order by p.pay_date desc, p.id desc
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: r.id,
    payDate: r.pay_date,
    status: r.status,
    deductions: r.deductions,
    total: r.total,
    collected: r.collected,
    open: r.open,
  }));
}

/** GET /api/payroll-runs: a page of the company's runs, newest first, each without its lines. */
export async function pagePayrollRuns(
  actor: User,
  page: PageRequest,
): Promise<Paged<z.output<typeof payrollRunSummarySchema>>> {
  const companyId = companyFor(actor, "payroll");
  return readPage(
    page,
    async () => {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from payroll_runs where company_id = ${companyId}`,
      );
      return row.n;
    },
    async (limit, offset) =>
      (await listPayrollRuns(actor, limit, offset)).map((r) => ({
        id: r.id,
        payDate: r.payDate,
        status: r.status as "SUBMITTED" | "RECONCILED",
        total: fromCents(toCents(r.total)),
        deductionCount: r.deductions,
      })),
  );
}

export type ResultInput = { deductionId: unknown; collectedAmount: unknown };

type DeductionRow = {
  id: number;
  request_id: number;
  amount: string;
  status: string;
  collected: string | null;
  arrears_of_id: number | null;
  employee_id: number;
  user_id: number;
  last_pay_date: string | null;
  employee_name: string;
};

/**
 * Records what payroll collected for deductions of a run (the run's page, an uploaded result
 * file, POST /api/payroll-runs/{id}/results). All or nothing: a result for a deduction not in
 * the run, or more than was due, refuses the whole post (400). The same result twice changes
 * nothing; a different one for a deduction already recorded is 409. The run's row is locked, so
 * concurrent posts take turns and each deduction is recorded once.
 *
 * `unpaidReimbursements` names reimbursement lines the payroll did not pay (decision 0118):
 * they are NOT_PAID, their credit stays owed and goes on the next run. The others are paid once
 * no deduction of the run is open. A line already paid is 409; one not paid again changes nothing.
 */
export async function recordPayrollResults(
  actor: User,
  runId: number,
  input: { results?: unknown; unpaidReimbursements?: unknown },
  now: Date = new Date(),
): Promise<{ run: PayrollRunView; recorded: number }> {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can record payroll results.");
  const companyId = companyFor(actor, "payroll");
  return recordRunResults(companyId, actor.id, runId, input, now);
}

/**
 * What recordPayrollResults does once the actor is checked: also how the payroll connection
 * records what the pay statements show (`actorId` null: the connection's job), so a result from
 * payroll is recorded exactly as a manual one.
 */
export async function recordRunResults(
  companyId: number,
  actorId: number | null,
  runId: number,
  input: { results?: unknown; unpaidReimbursements?: unknown },
  now: Date = new Date(),
): Promise<{ run: PayrollRunView; recorded: number }> {
  checkRunId(runId);
  const parsed = payrollResultsSchema.safeParse(input);
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0]?.message ?? "Invalid results",
      fieldErrors(parsed.error),
    );
  const unpaidLines = parsed.data.unpaidReimbursements ?? [];
  const results = (parsed.data.results ?? []).map((r) => ({
    deductionId: r.deductionId,
    collectedCents: toCents(r.collectedAmount),
  }));
  // Pure database work: run again if PostgreSQL breaks a deadlock with a concurrent payroll or
  // card transaction by aborting this one.
  const outcome = await retryOnDeadlock(() =>
    db().transaction(async (tx) => {
      const [run] = await queryRows<RunRow>(
        tx,
        sql`select id, company_id, pay_date::text as pay_date, status, created_at
          from payroll_runs where id = ${runId} and company_id = ${companyId} for update`,
      );
      if (!run) throw notFound(RUN_NOT_FOUND);
      const ids = `{${results.map((r) => r.deductionId).join(",")}}`;
      const rows = await queryRows<DeductionRow>(
        tx,
        sql`select d.id, d.request_id, d.amount::text as amount, d.status,
                 d.collected_amount::text as collected, d.arrears_of_id,
                 e.id as employee_id, e.user_id, e.last_pay_date::text as last_pay_date,
                 u.first_name || ' ' || u.last_name as employee_name
          from payroll_deductions d
          join advance_requests r on r.id = d.request_id
          join employees e on e.id = r.employee_id
          join users u on u.id = e.user_id
          where d.run_id = ${run.id} and d.id = any(${ids}::int[])
          for update of d`,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const r of results) {
        const d = byId.get(r.deductionId);
        if (!d) throw badRequest(notInRun(r.deductionId));
        if (r.collectedCents > toCents(d.amount))
          throw badRequest(
            moreThanDue(d.employee_name, r.collectedCents, toCents(d.amount)),
          );
        if (
          d.status !== "SUBMITTED" &&
          toCents(d.collected ?? "0") !== r.collectedCents
        )
          throw conflict(alreadyRecorded(d.id));
      }
      if (unpaidLines.length > 0) {
        const lines = await queryRows<{ id: number; status: string }>(
          tx,
          sql`select id, status from credit_payouts
              where run_id = ${run.id} and id = any(${`{${unpaidLines.join(",")}}`}::int[])
              for update`,
        );
        const lineById = new Map(lines.map((l) => [l.id, l.status]));
        for (const id of unpaidLines) {
          const status = lineById.get(id);
          if (!status) throw badRequest(lineNotInRun(id));
          if (status === "PAID") throw conflict(lineAlreadyPaid(id));
        }
      }
      const schedule = await scheduleOf(tx, companyId);
      const nextPay = payDateAfter(schedule, run.pay_date);
      let recorded = 0;
      /** Employees a result left owed money back, by the deduction that did it. */
      const credited = new Map<number, number>();
      const employees = new Set<number>();
      const users = new Set<number>();
      for (const r of results) {
        const d = byId.get(r.deductionId)!;
        if (d.status !== "SUBMITTED") continue;
        const { creditCents } = await recordResult(tx, d, r.collectedCents, {
          companyId,
          payDate: run.pay_date,
          nextPay,
          actorId,
          now,
        });
        if (creditCents > 0 && !credited.has(d.employee_id))
          credited.set(d.employee_id, d.id);
        recorded += 1;
        employees.add(d.employee_id);
        users.add(d.user_id);
      }
      // Lines the payroll did not pay: their credit stays owed, for the next run.
      const notPaid = await markLinesNotPaid(tx, run.id, unpaidLines, actorId);
      // Once no deduction of the run is open, its results are in: its reimbursement lines are
      // paid with the paychecks.
      const [open] = await queryRows<{ open: number }>(
        tx,
        sql`select count(*)::int as open from payroll_deductions
            where run_id = ${run.id} and status = 'SUBMITTED'`,
      );
      if (open.open > 0 && results.length === 0 && unpaidLines.length === 0)
        throw badRequest(NO_RESULTS_MESSAGE, { results: [NO_RESULTS_MESSAGE] });
      const paid =
        open.open === 0
          ? await payReimbursementLines(tx, run.id, actorId, now)
          : [];
      // The employees told: what they are owed back, and what was paid back with this run.
      for (const [employeeId, deductionId] of credited)
        await notifyCreditOwed(tx, employeeId, `deduction:${deductionId}`);
      for (const line of notPaid)
        await notifyCreditOwed(
          tx,
          line.employeeId,
          `not-paid:${line.payoutId}`,
        );
      for (const line of paid)
        await notifyCreditPaidBack(tx, line.employeeId, {
          ...line,
          by: "PAYROLL",
          on: run.pay_date,
        });
      if (recorded === 0 && open.open === 0 && paid.length + notPaid.length > 0)
        await tx.execute(
          sql`update payroll_runs set status = 'RECONCILED', reconciled_at = ${now.toISOString()}::timestamptz
            where id = ${run.id}`,
        );
      if (recorded > 0) {
        await refreshAvailable(tx, { employeeIds: [...employees] });
        await tx.execute(
          sql`update payroll_runs set status = 'RECONCILED', reconciled_at = ${now.toISOString()}::timestamptz
            where id = ${run.id}
              and not exists (select 1 from payroll_deductions where run_id = ${run.id} and status = 'SUBMITTED')`,
        );
        await recordAudit(tx, {
          actorId,
          companyId,
          action: "payroll_run.result",
          amountCents: results.reduce((s, r) => s + r.collectedCents, 0),
          details: { runId: run.id, payDate: run.pay_date, recorded },
        });
        // Each deduction collected (in full or in part), as the run's view shows it.
        const collected = new Set(
          results.filter((r) => r.collectedCents > 0).map((r) => r.deductionId),
        );
        const view = payrollRunJson(await runView(tx, companyId, run.id));
        for (const deduction of view.deductions)
          if (collected.has(deduction.id))
            await emitWebhook(tx, companyId, "deduction.collected", {
              ...deduction,
              payrollRunId: view.id,
              payDate: view.payDate,
            });
      }
      return {
        recorded: recorded + paid.length + notPaid.length,
        users: [...users],
        paid,
        notPaid,
      };
    }),
  );
  if (outcome.recorded > 0)
    await publish(
      "deduction.paid",
      [...(actorId ? [actorId] : []), ...outcome.users],
      {
        company: companyId,
      },
    );
  return {
    run: await runView(db(), companyId, runId),
    recorded: outcome.recorded,
  };
}

/** Every SUBMITTED deduction of a run, collected in full (the run page's one press). */
export async function collectAllInRun(
  actor: User,
  runId: number,
  now: Date = new Date(),
) {
  const run = await getPayrollRun(actor, runId);
  const open = run.deductions.filter((d) => d.status === "SUBMITTED");
  const lines = run.reimbursements.filter((l) => l.status === "SUBMITTED");
  if (open.length === 0 && lines.length === 0) return { run, recorded: 0 };
  return recordPayrollResults(
    actor,
    runId,
    {
      results: open.map((d) => ({
        deductionId: d.id,
        collectedAmount: d.amount,
      })),
    },
    now,
  );
}

export const RESULTS_FILE_PROBLEM =
  "The results file must be a CSV with the columns deductionId and collectedAmount (the run's own file with collectedAmount filled in works).";

/** The payroll system's result file (CSV with deductionId and collectedAmount) as results. */
export function parseResultsCsv(text: string): ResultInput[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch {
    throw badRequest(RESULTS_FILE_PROBLEM);
  }
  if (
    rows.length === 0 ||
    !("deductionId" in rows[0]) ||
    !("collectedAmount" in rows[0])
  )
    throw badRequest(RESULTS_FILE_PROBLEM);
  return rows
    .filter((r) => r.collectedAmount !== "")
    .map((r) => ({
      deductionId: r.deductionId,
      collectedAmount: r.collectedAmount,
    }));
}
