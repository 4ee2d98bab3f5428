import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { db, queryRows } from "~/utils/db.server";
import { forbidden } from "~/utils/errors";
import { toCents } from "~/utils/money";
import {
  RISK_LOW_MAX_CENTS,
  RISK_MODERATE_MAX_CENTS,
  unfoldedChanges,
} from "./report-rollup.server";
import {
  repaymentOf,
  repaymentStatement,
  type RepaymentRow,
} from "~/models/ledger/index.server";

// The employer's analytics (SPEC §2 Reports, §9 Reports; DESIGN §4 Reports). Every figure is
// a sum over the requests of the employer's own employees in the reporting period, read from
// the reports' rollup (per employer, month, department and status, and requests per hour) in
// one query; no request list is loaded. Choices the spec leaves open: decision 0009. The report
// only reads: the rollup is folded by its job. In four steps: who may read (reportEmployer),
// the one query (readReportCells), the sums (aggregateReport) and the answer with its labels
// (getEmployerReport).

/** Months shown, the current one included. */
const REPORT_MONTHS = 12;
const TREND_DAYS = 30;
export const TOP_DEPARTMENTS = 5;
export const NO_DEPARTMENT = "No department";
import { companyFor } from "~/utils/company-access.server";
import { DAY_MS, utcDay } from "~/utils/pay-schedule";

/** SPEC §9 hard-coded figures, shown only as labelled estimates. */
const ESTIMATES = {
  retentionPercent: 12,
  savingsCents: 840000,
  satisfaction: 4.7,
  satisfactionScale: 5,
  replacementCostCents: 350000,
} as const;

/**
 * The reporting period: the 12 calendar months (UTC) ending with the current one, so the
 * monthly chart's bars add up to the totals.
 */
export function reportingPeriod(now: Date) {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (REPORT_MONTHS - 1), 1),
  );
  const months: string[] = [];
  for (let i = 0; i < REPORT_MONTHS; i++) {
    const d = new Date(
      Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1),
    );
    months.push(
      `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`,
    );
  }
  return { start, end: now, months };
}

/** SPEC §9: the change against the prior 30 days, 100 when the prior period is empty. */
export function trendPercent(last: number, prior: number): number {
  if (prior === 0) return last === 0 ? 0 : 100;
  return Math.round(((last - prior) / prior) * 100);
}

const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/** One (month, department, status) cell of the period, or (kind "t") the trend. */
type CellRow = {
  kind: "m" | "t";
  month: string | null;
  department: string | null;
  status: string | null;
  requests: number;
  amount: string;
  riskLow: number;
  riskModerate: number;
  riskHigh: number;
  last30: number;
  prior30: number;
  /** The 't' row's repayment figures (a RepaymentRow as JSON). */
  repayment: string | null;
};

const NUMERIC_FIELDS = [
  "requests",
  "riskLow",
  "riskModerate",
  "riskHigh",
  "last30",
  "prior30",
] as const;

const HOUR_MS = 3_600_000;
const hourOf = (date: Date) => Math.floor(date.getTime() / HOUR_MS);

/** The company whose report the caller may read: employers only (403 for anyone else). */
function reportEmployer(actor: User): number {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can see reports.");
  return companyFor(actor, "approve");
}

/**
 * The period's cells (kind "m") and the trend row (kind "t": the two 30-day windows and the
 * repayment figures), read in one statement.
 */
async function readReportCells(
  employer: number,
  period: ReturnType<typeof reportingPeriod>,
  now: Date,
): Promise<CellRow[]> {
  const last30Start = new Date(now.getTime() - TREND_DAYS * DAY_MS);
  const prior30Start = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS);
  const monthEnd = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1),
  );
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  // The hours a window's edge (or now) cuts are read from the requests themselves; every other
  // hour of the trend, and every month, from the rollup.
  const edges = [prior30Start, last30Start].map((edge) => {
    const from = new Date(hourOf(edge) * HOUR_MS);
    return sql`(r.request_date >= ${at(from)} and r.request_date < ${at(new Date(from.getTime() + HOUR_MS))})`;
  });
  const nowHourStart = new Date(hourOf(now) * HOUR_MS);
  const lowMax = RISK_LOW_MAX_CENTS / 100;
  const moderateMax = RISK_MODERATE_MAX_CENTS / 100;

  // One statement, so the rollup, the unfolded deltas and the requests it reads are one
  // snapshot: a compaction commits all at once, before or after it. Its size is set by the
  // months, departments and hours of the period, not by the number of requests.
  return (
    await queryRows<CellRow>(
      db(),
      sql`with
        ${unfoldedChanges(employer)},
        edge as (
          select r.request_date, r.status, r.amount, report_department(u.department) as department
          from advance_requests r
          join employees e on e.id = r.employee_id
          join users u on u.id = e.user_id
          where e.employer_id = ${employer}
            and (${edges[0]} or ${edges[1]}
                 or (r.request_date >= ${at(nowHourStart)} and r.request_date < ${at(monthEnd)})))
      select 'm' as kind, to_char(x.month, 'YYYY-MM') as month, x.department, x.status,
             sum(x.requests)::int as requests, sum(x.amount)::text as amount,
             sum(x.risk_low)::int as "riskLow", sum(x.risk_moderate)::int as "riskModerate",
             sum(x.risk_high)::int as "riskHigh", 0 as last30, 0 as prior30,
             null::text as repayment
      from (
        select month, department, status, requests, amount, risk_low, risk_moderate, risk_high
        from report_months
        where employer_id = ${employer} and month >= ${utcDay(period.start)}::date and month < ${utcDay(monthEnd)}::date
        union all
        select report_month(hour), department, status, requests, amount, risk_low, risk_moderate, risk_high
        from pending where hour >= ${hourOf(period.start)} and hour < ${hourOf(monthEnd)}
        union all
        -- Requests dated after now in the current month are not part of the period.
        select date_trunc('month', request_date at time zone 'UTC')::date, department, status, -1, -amount,
               -(amount <= ${lowMax})::int, -(amount > ${lowMax} and amount <= ${moderateMax})::int,
               -(amount > ${moderateMax})::int
        from edge where request_date > ${at(now)}
      ) x
      group by x.month, x.department, x.status
      union all
      select 't', null, null, null, 0, '0', 0, 0, 0,
             (coalesce((select sum(requests) from report_hours
                        where employer_id = ${employer} and hour > ${hourOf(last30Start)} and hour < ${hourOf(now)}), 0)
              + coalesce((select sum(requests) from pending
                          where hour > ${hourOf(last30Start)} and hour < ${hourOf(now)}), 0)
              + (select count(*) from edge where request_date > ${at(last30Start)} and request_date <= ${at(now)}))::int,
             (coalesce((select sum(requests) from report_hours
                        where employer_id = ${employer} and hour > ${hourOf(prior30Start)} and hour < ${hourOf(last30Start)}), 0)
              + coalesce((select sum(requests) from pending
                          where hour > ${hourOf(prior30Start)} and hour < ${hourOf(last30Start)}), 0)
              + (select count(*) from edge where request_date > ${at(prior30Start)} and request_date <= ${at(last30Start)}))::int,
             -- Repayment, from the company's ledger balances: collected by payroll
             -- and written off in the period, owed now.
             (select to_json(b)::text from (${repaymentStatement(employer, period.start)}) b)`,
    )
  ).map((row) => {
    const typed = { ...row };
    for (const field of NUMERIC_FIELDS) typed[field] = Number(row[field]);
    return typed;
  });
}

/** The period's sums: totals, by month, the top departments, in cents. */
function aggregateReport(rows: CellRow[]) {
  const trendRow = rows.find((row) => row.kind === "t")!;
  const cells = rows.filter((row) => row.kind === "m");
  const approvedCells = cells.filter((row) => row.status === "APPROVED");
  const sum = (list: CellRow[], pick: (row: CellRow) => number) =>
    list.reduce((total, row) => total + pick(row), 0);
  const totals = {
    total: sum(cells, (row) => row.requests),
    approved: sum(approvedCells, (row) => row.requests),
    declined: sum(
      cells.filter((row) => row.status === "DECLINED"),
      (row) => row.requests,
    ),
    // Only requests waiting for a decision: not the cancelled or expired ones.
    pending: sum(
      cells.filter((row) => row.status === "PENDING"),
      (row) => row.requests,
    ),
    last30: trendRow.last30,
    prior30: trendRow.prior30,
    riskLow: sum(approvedCells, (row) => row.riskLow),
    riskModerate: sum(approvedCells, (row) => row.riskModerate),
    riskHigh: sum(approvedCells, (row) => row.riskHigh),
  };
  const totalCents = sum(cells, (row) => toCents(row.amount));
  const approvedCents = sum(approvedCells, (row) => toCents(row.amount));

  const byMonth = new Map<
    string,
    { requests: number; approved: number; cents: number }
  >();
  const byDepartment = new Map<string, { advances: number; cents: number }>();
  for (const row of cells) {
    const month = byMonth.get(row.month!) ?? {
      requests: 0,
      approved: 0,
      cents: 0,
    };
    month.requests += row.requests;
    month.cents += toCents(row.amount);
    if (row.status === "APPROVED") {
      month.approved += row.requests;
      const department = byDepartment.get(row.department!) ?? {
        advances: 0,
        cents: 0,
      };
      department.advances += row.requests;
      department.cents += toCents(row.amount);
      byDepartment.set(row.department!, department);
    }
    byMonth.set(row.month!, month);
  }
  // Approved advances only, by approved amount, then count, then name; five at most.
  const departmentRows = [...byDepartment]
    .filter(([, row]) => row.advances > 0)
    .map(([department, row]) => ({ department, ...row }))
    .sort(
      (a, b) =>
        b.cents - a.cents ||
        b.advances - a.advances ||
        (a.department < b.department
          ? -1
          : a.department > b.department
            ? 1
            : 0),
    )
    .slice(0, TOP_DEPARTMENTS);

  return {
    totals,
    totalCents,
    approvedCents,
    byMonth,
    departmentRows,
    repaymentRow: JSON.parse(trendRow.repayment!) as RepaymentRow,
  };
}

/** SPEC §9 risk bands with their labels, each with its share of the approved advances. */
function riskBands(totals: {
  riskLow: number;
  riskModerate: number;
  riskHigh: number;
}) {
  const riskTotal = totals.riskLow + totals.riskModerate + totals.riskHigh;
  return [
    { band: "low", label: "Low (up to $150)", count: totals.riskLow },
    {
      band: "moderate",
      label: "Moderate ($151 to $350)",
      count: totals.riskModerate,
    },
    { band: "high", label: "High (above $350)", count: totals.riskHigh },
  ].map((r) => ({ ...r, percent: percentOf(r.count, riskTotal) }));
}

/** The employer's report (/reports): reads only, never writes. */
export async function getEmployerReport(actor: User, now: Date = new Date()) {
  const employer = reportEmployer(actor);
  const period = reportingPeriod(now);
  const {
    totals,
    totalCents,
    approvedCents,
    byMonth,
    departmentRows,
    repaymentRow,
  } = aggregateReport(await readReportCells(employer, period, now));
  const decided = totals.approved + totals.declined;

  // Repayment, from the ledger: collected by payroll and written off in the period (losses:
  // what a leaver's last paycheck could not cover), and owed now.
  const repayment = repaymentOf(repaymentRow);
  return {
    repayment,
    period: {
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      months: REPORT_MONTHS,
    },
    totalAdvances: totals.total,
    approvedAdvances: totals.approved,
    declinedAdvances: totals.declined,
    pendingAdvances: totals.pending,
    /** Cancelled by the employee, expired unpaid, or refused a card (status CANCELLED). */
    cancelledAdvances: totals.total - decided - totals.pending,
    totalAmountCents: totalCents,
    averageAmountCents:
      totals.total === 0 ? 0 : Math.round(totalCents / totals.total),
    approvedAmountCents: approvedCents,
    /** Approved share of the decided requests (pending ones are not yet a yes or a no). */
    approvalRate: percentOf(totals.approved, decided),
    trend: {
      last30Days: totals.last30,
      prior30Days: totals.prior30,
      percent: trendPercent(totals.last30, totals.prior30),
    },
    monthly: period.months.map((key) => {
      const row = byMonth.get(key);
      return {
        month: key,
        requests: row?.requests ?? 0,
        approved: row?.approved ?? 0,
        amountCents: row?.cents ?? 0,
      };
    }),
    departments: departmentRows.map((row) => ({
      department: row.department,
      advances: row.advances,
      amountCents: row.cents,
      percent: percentOf(row.cents, approvedCents),
    })),
    risk: riskBands(totals),
    estimates: ESTIMATES,
  };
}
