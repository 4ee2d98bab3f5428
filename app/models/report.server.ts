import { sql } from "drizzle-orm";
import { advanceRequests, employees, users, type User } from "../../db/schema";
import { db, queryRows } from "~/utils/db.server";
import { forbidden } from "~/utils/errors";
import { toCents } from "~/utils/money";

// The employer's analytics (SPEC §2 Reports, §9 Reports; DESIGN §4 Reports). Every figure is
// an SQL aggregate over the requests of the employer's own employees in the reporting period
// (one grouped query); no request list is loaded. Choices the spec leaves open: docs/decisions/0700-reports.md.

/** Months shown, the current one included. */
export const REPORT_MONTHS = 12;
export const TREND_DAYS = 30;
export const TOP_DEPARTMENTS = 5;
export const NO_DEPARTMENT = "No department";

/** SPEC §9 risk bands on approved advances, in cents: low ≤ $150, moderate ≤ $350, high above. */
export const RISK_LOW_MAX_CENTS = 15000;
export const RISK_MODERATE_MAX_CENTS = 35000;

/** SPEC §9 hard-coded figures, shown only as labelled estimates. */
export const ESTIMATES = {
  retentionPercent: 12,
  savingsCents: 840000,
  satisfaction: 4.7,
  satisfactionScale: 5,
  replacementCostCents: 350000,
} as const;

const DAY_MS = 86_400_000;

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

type GroupRow = {
  /** 0 for a month row, 1 for a department row (SQL `grouping(month)`). */
  byDepartment: number;
  month: string | null;
  department: string | null;
  requests: number;
  approved: number;
  declined: number;
  amount: string;
  approvedAmount: string;
  last30: number;
  prior30: number;
  riskLow: number;
  riskModerate: number;
  riskHigh: number;
};

const NUMERIC_FIELDS = [
  "byDepartment",
  "requests",
  "approved",
  "declined",
  "last30",
  "prior30",
  "riskLow",
  "riskModerate",
  "riskHigh",
] as const;

export type EmployerReport = Awaited<ReturnType<typeof getEmployerReport>>;

export async function getEmployerReport(actor: User, now: Date = new Date()) {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can see reports.");
  const period = reportingPeriod(now);
  const last30Start = new Date(now.getTime() - TREND_DAYS * DAY_MS);
  const prior30Start = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS);
  const r = advanceRequests;
  const e = employees;
  const u = users;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const lowMax = RISK_LOW_MAX_CENTS / 100;
  const moderateMax = RISK_MODERATE_MAX_CENTS / 100;

  // One pass over the period's requests: GROUPING SETS gives the month rows and the
  // department rows together; every other figure is a sum of the month rows. The employer's
  // employees come from employees_employer_id_idx and their requests from the covering
  // advance_requests_employee_id_idx (employee, request date, status, amount).
  const rows = (
    await queryRows<GroupRow>(
      db(),
      sql`select grouping(p.month) as "byDepartment", p.month, p.department,
            count(*)::int as requests,
            (count(*) filter (where p.status = 'APPROVED'))::int as approved,
            (count(*) filter (where p.status = 'DECLINED'))::int as declined,
            coalesce(sum(p.amount), 0)::text as amount,
            coalesce(sum(p.amount) filter (where p.status = 'APPROVED'), 0)::text as "approvedAmount",
            (count(*) filter (where p.request_date > ${at(last30Start)}))::int as last30,
            (count(*) filter (where p.request_date > ${at(prior30Start)} and p.request_date <= ${at(last30Start)}))::int as prior30,
            (count(*) filter (where p.status = 'APPROVED' and p.amount <= ${lowMax}))::int as "riskLow",
            (count(*) filter (where p.status = 'APPROVED' and p.amount > ${lowMax} and p.amount <= ${moderateMax}))::int as "riskModerate",
            (count(*) filter (where p.status = 'APPROVED' and p.amount > ${moderateMax}))::int as "riskHigh"
          from (
            select to_char(${r.requestDate} at time zone 'UTC', 'YYYY-MM') as month,
                   coalesce(nullif(trim(${u.department}), ''), ${NO_DEPARTMENT}) as department,
                   ${r.status} as status, ${r.amount} as amount, ${r.requestDate} as request_date
            from ${r}
            join ${e} on ${e.id} = ${r.employeeId}
            join ${u} on ${u.id} = ${e.userId}
            where ${e.employerId} = ${actor.id}
              and ${r.requestDate} >= ${at(period.start)} and ${r.requestDate} <= ${at(now)}
          ) p
          group by grouping sets ((p.month), (p.department))`,
    )
  ).map((row) => {
    const typed = { ...row };
    for (const field of NUMERIC_FIELDS) typed[field] = Number(row[field]);
    return typed;
  });

  const monthlyRows = rows.filter((row) => row.byDepartment === 0);
  const sum = (pick: (row: GroupRow) => number) =>
    monthlyRows.reduce((total, row) => total + pick(row), 0);
  const totals = {
    total: sum((row) => row.requests),
    approved: sum((row) => row.approved),
    declined: sum((row) => row.declined),
    last30: sum((row) => row.last30),
    prior30: sum((row) => row.prior30),
    riskLow: sum((row) => row.riskLow),
    riskModerate: sum((row) => row.riskModerate),
    riskHigh: sum((row) => row.riskHigh),
  };
  const totalCents = sum((row) => toCents(row.amount));
  const approvedCents = sum((row) => toCents(row.approvedAmount));
  // Approved advances only, by approved amount, then count, then name; five at most.
  const departmentRows = rows
    .filter((row) => row.byDepartment === 1 && row.approved > 0)
    .map((row) => ({
      department: row.department ?? NO_DEPARTMENT,
      advances: row.approved,
      cents: toCents(row.approvedAmount),
    }))
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

  const decided = totals.approved + totals.declined;
  const byMonth = new Map(monthlyRows.map((row) => [row.month, row]));
  const riskTotal = totals.riskLow + totals.riskModerate + totals.riskHigh;

  return {
    period: {
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      months: REPORT_MONTHS,
    },
    totalAdvances: totals.total,
    approvedAdvances: totals.approved,
    declinedAdvances: totals.declined,
    pendingAdvances: totals.total - decided,
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
        amountCents: row ? toCents(row.amount) : 0,
      };
    }),
    departments: departmentRows.map((row) => ({
      department: row.department,
      advances: row.advances,
      amountCents: row.cents,
      percent: percentOf(row.cents, approvedCents),
    })),
    risk: [
      { band: "low", label: "Low (up to $150)", count: totals.riskLow },
      {
        band: "moderate",
        label: "Moderate ($151 to $350)",
        count: totals.riskModerate,
      },
      { band: "high", label: "High (above $350)", count: totals.riskHigh },
    ].map((r) => ({ ...r, percent: percentOf(r.count, riskTotal) })),
    estimates: ESTIMATES,
  };
}
