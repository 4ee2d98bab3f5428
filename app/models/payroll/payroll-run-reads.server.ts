import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { parseId } from "~/utils/ids";
import { notFound } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";

import {
  reimbursementLines,
  type ReimbursementLine,
  deductionFigures,
} from "~/models/repayments/index.server";
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

export const RUN_NOT_FOUND = "Payroll run not found.";

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
   * Credits owed back to employees, to add to their paychecks: paid when the
   * run's results are recorded.
   */
  reimbursements: ReimbursementLine[];
  /** What the reimbursement lines add up to. */
  reimbursementTotal: string;
};

export type RunRow = {
  id: number;
  company_id: number;
  pay_date: string;
  status: "SUBMITTED" | "RECONCILED";
  created_at: Date | string;
};

/** A run id that can name a row (a PostgreSQL integer); anything else names nothing (404). */
export function checkRunId(runId: number): number {
  const id = parseId(runId);
  if (id === null) throw notFound(RUN_NOT_FOUND);
  return id;
}

export async function runView(
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
