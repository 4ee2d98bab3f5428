import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { publish } from "~/services/events.server";
import { db, queryRows, retryOnDeadlock, type Tx } from "~/utils/db.server";
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
import { refreshAvailable } from "~/models/ledger/index.server";
import { scheduleOf, setNextPayDate } from "~/models/companies/index.server";
import {
  addReimbursementLines,
  markLinesNotPaid,
  payReimbursementLines,
  recordResult,
  submitDueDeductions,
} from "~/models/repayments/index.server";
import {
  notifyCreditOwed,
  notifyCreditPaidBack,
  notifyPayrollFile,
} from "~/models/notifications/index.server";
import {
  companyMembers,
  employeeRecipient,
} from "~/models/people/index.server";
import { companyFor } from "~/utils/company-access.server";
import {
  checkRunId,
  getPayrollRun,
  payrollRunJson,
  type PayrollRunView,
  RUN_NOT_FOUND,
  type RunRow,
  runView,
} from "./payroll-run-reads.server";

// Payroll runs that are reconciled (DESIGN §4 Payroll runs). A run gathers
// the company's deductions due on or before its pay date as SUBMITTED: its file is what the
// company's payroll deducts. Only a recorded result marks a deduction collected, in full or in
// part; what payroll could not take becomes arrears on the next pay date, or, after an
// employee's last paycheck, a write-off. The scheduled job creates runs; it never records a
// collection.

export const FUTURE_RUN = "A payroll run cannot be dated in the future.";
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
      await notifyPayrollFile(
        tx,
        await companyMembers(tx, companyId, ["OWNER", "ADMIN"]),
        {
          id: run.id,
          payDate,
          deductions: added.length,
          total: fromCents(cents),
          employees: userIds.length,
        },
      );
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
 * `unpaidReimbursements` names reimbursement lines the payroll did not pay:
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
        await notifyCreditOwed(
          tx,
          await employeeRecipient(tx, employeeId),
          `deduction:${deductionId}`,
        );
      for (const line of notPaid)
        await notifyCreditOwed(
          tx,
          await employeeRecipient(tx, line.employeeId),
          `not-paid:${line.payoutId}`,
        );
      for (const line of paid)
        await notifyCreditPaidBack(
          tx,
          await employeeRecipient(tx, line.employeeId),
          {
            ...line,
            by: "PAYROLL",
            on: run.pay_date,
          },
        );
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
