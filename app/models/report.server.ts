import { and, eq, gt, gte, lte, sql, type SQL } from "drizzle-orm";
import { advanceRequests, employees, users, type User } from "../../db/schema";
import { db } from "~/utils/db.server";
import { forbidden } from "~/utils/errors";
import { toCents } from "~/utils/money";

// The employer's analytics (SPEC §2 Reports, §9 Reports; DESIGN §4 Reports). Every figure is
// an SQL aggregate over the requests of the employer's own employees in the reporting period;
// no request list is loaded. Choices the spec leaves open: docs/decisions/0700-reports.md.

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

const int = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);
const money = (expression: SQL) =>
  sql<string>`coalesce(${expression}, 0)::text`;

export type EmployerReport = Awaited<ReturnType<typeof getEmployerReport>>;

export async function getEmployerReport(actor: User, now: Date = new Date()) {
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can see reports.");
  const period = reportingPeriod(now);
  const approved = eq(advanceRequests.status, "APPROVED");
  const amount = advanceRequests.amount;
  // The employer's own employees, in the period: uses employees(employer_id) and
  // advance_requests(employee_id, request_date).
  const scope = and(
    eq(employees.employerId, actor.id),
    gte(advanceRequests.requestDate, period.start),
    lte(advanceRequests.requestDate, now),
  );
  const last30Start = new Date(now.getTime() - TREND_DAYS * DAY_MS);
  const prior30Start = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS);

  const [totals] = await db()
    .select({
      total: int(sql`count(*)`),
      totalAmount: money(sql`sum(${amount})`),
      approved: int(sql`count(*) filter (where ${approved})`),
      approvedAmount: money(sql`sum(${amount}) filter (where ${approved})`),
      declined: int(
        sql`count(*) filter (where ${eq(advanceRequests.status, "DECLINED")})`,
      ),
      last30: int(
        sql`count(*) filter (where ${gt(advanceRequests.requestDate, last30Start)})`,
      ),
      prior30: int(
        sql`count(*) filter (where ${and(
          gt(advanceRequests.requestDate, prior30Start),
          lte(advanceRequests.requestDate, last30Start),
        )})`,
      ),
      riskLow: int(
        sql`count(*) filter (where ${approved} and ${amount} <= ${RISK_LOW_MAX_CENTS / 100})`,
      ),
      riskModerate: int(
        sql`count(*) filter (where ${approved} and ${amount} > ${RISK_LOW_MAX_CENTS / 100} and ${amount} <= ${RISK_MODERATE_MAX_CENTS / 100})`,
      ),
      riskHigh: int(
        sql`count(*) filter (where ${approved} and ${amount} > ${RISK_MODERATE_MAX_CENTS / 100})`,
      ),
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(scope);

  const month = sql<string>`to_char(${advanceRequests.requestDate} at time zone 'UTC', 'YYYY-MM')`;
  const monthlyRows = await db()
    .select({
      month,
      requests: int(sql`count(*)`),
      approved: int(sql`count(*) filter (where ${approved})`),
      amount: money(sql`sum(${amount})`),
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(scope)
    .groupBy(month);

  // The fallback is a literal, not a parameter: GROUP BY must match the selected expression.
  const department = sql<string>`coalesce(nullif(trim(${users.department}), ''), ${sql.raw(`'${NO_DEPARTMENT}'`)})`;
  const departmentAmount = sql`sum(${amount})`;
  const departmentRows = await db()
    .select({
      department,
      advances: int(sql`count(*)`),
      amount: money(departmentAmount),
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(scope, approved))
    .groupBy(department)
    .orderBy(sql`${departmentAmount} desc`, sql`count(*) desc`, department)
    .limit(TOP_DEPARTMENTS);

  const totalCents = toCents(totals.totalAmount);
  const approvedCents = toCents(totals.approvedAmount);
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
    departments: departmentRows.map((row) => {
      const cents = toCents(row.amount);
      return {
        department: row.department,
        advances: row.advances,
        amountCents: cents,
        percent: percentOf(cents, approvedCents),
      };
    }),
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
