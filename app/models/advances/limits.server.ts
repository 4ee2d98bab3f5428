import { addDays, addMonths, subDays, subMonths } from "date-fns";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  advanceRequests,
  companies,
  deductionAuthorizations,
  employees,
  payrollDeductions,
} from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { isoDate } from "~/utils/dates";
import { PROCESSING_FEE_CENTS } from "~/utils/rules";
import {
  coolingOffUntil,
  DEDUCTION_AUTHORIZATION_REQUIRED,
  noCostRequired,
  stateLimitUntil,
  stateNotEnabled,
  yearlyLimitUntil,
  type FeeLimit,
  type PaycheckCheck,
  type StateRule,
} from "~/utils/state-rules";
import { latestNetPay } from "~/models/people/index.server";
import { stateRuleFor } from "~/utils/state-rules.server";

// What bounds an employee's next advance besides their balance
// (docs/compliance.md): the rules of the state they work in, and their company's limits on
// repeat use, the stricter of the two wherever both speak. One function, read by /request (to
// show each limit and when it lifts), the quote, and the request rules (to refuse with the date).

/** Requests that count as advances: filed and not declined or cancelled. */
const COUNTED = ["PENDING", "APPROVED"] as const;

type RepeatLimit = {
  /** The most advances in the window, and how many the employee has had in it. */
  max: number;
  used: number;
  /** The window's length: 12 months (the company's), or the state's days. */
  days: number | null;
  /** When the next advance becomes possible again (yyyy-MM-dd), when the limit is reached. */
  liftsOn: string | null;
};

export type AdvanceTerms = {
  workState: string | null;
  rule: StateRule;
  /** The fee's bounds for the quote and the fee stored on a request. */
  feeLimit: FeeLimit | null;
  /** The repayment period counts offered: 1 to the state's most. */
  maxPeriods: number;
  /** The wait after each repaid advance (the stricter of the company and the state), in days. */
  coolingOffDays: number;
  /** While that wait runs: the day it ends (yyyy-MM-dd), else null. */
  coolingOffUntil: string | null;
  yearly: RepeatLimit;
  /** The state's own count limit, when it has one. */
  state: (RepeatLimit & { stateName: string }) | null;
  /** What is left of the next paycheck is checked when the employee's net pay is known. */
  paycheck: PaycheckCheck | null;
  /** The employee's wage-deduction authorisation in force, if any. */
  authorization: { id: number; version: string; signedAt: Date } | null;
  /** True when no signed, unwithdrawn wage-deduction authorisation is in force. */
  authorizationMissing: boolean;
  /** Why a request is refused now, whatever its amount (the first rule that stops it), or null. */
  refusal: string | null;
};

/** Where the next advance is possible again once `max` in a window are reached. */
function liftsOn(
  dates: Date[],
  max: number,
  windowEnd: (from: Date) => Date,
): string | null {
  if (dates.length < max) return null;
  // The oldest advance that must leave the window for one fewer than the most to remain.
  return isoDate(windowEnd(dates[dates.length - max]));
}

/**
 * The terms of an employee's next advance now. `employeeId` is the caller's own record (the
 * callers read it through employees.user_id).
 */
export async function advanceTermsFor(
  executor: Executor,
  employeeId: number,
  now: Date = new Date(),
): Promise<AdvanceTerms> {
  const [row] = await executor
    .select({
      workState: employees.workState,
      companyPaysFee: companies.companyPaysFee,
      coolingOffDays: companies.coolingOffDays,
      maxAdvancesPerYear: companies.maxAdvancesPerYear,
      minPaycheckLeftPercent: companies.minPaycheckLeftPercent,
    })
    .from(employees)
    .leftJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, employeeId));
  const rule = stateRuleFor(row?.workState ?? null);
  const stateName = rule.name || (row?.workState ?? "");

  // Advances in the longest window that matters: 12 months, or the state's days if longer.
  const stateWindow = rule.maxAdvances;
  const yearAgo = subMonths(now, 12);
  const since =
    stateWindow && subDays(now, stateWindow.days) < yearAgo
      ? subDays(now, stateWindow.days)
      : yearAgo;
  const [recent, [month], settled, authorizations, netPay, [nextPaycheck]] =
    await Promise.all([
      executor
        .select({ requestDate: advanceRequests.requestDate })
        .from(advanceRequests)
        .where(
          and(
            eq(advanceRequests.employeeId, employeeId),
            inArray(advanceRequests.status, [...COUNTED]),
            gt(advanceRequests.requestDate, since),
          ),
        )
        .orderBy(asc(advanceRequests.requestDate)),
      // The fees of this calendar month's advances (UTC), for a monthly cap.
      executor
        .select({
          cents: sql<number>`coalesce(sum(coalesce(${advanceRequests.feeAmount}, least(${PROCESSING_FEE_CENTS / 100}::numeric, ${advanceRequests.amount})) * 100), 0)::int`,
        })
        .from(advanceRequests)
        .where(
          and(
            eq(advanceRequests.employeeId, employeeId),
            inArray(advanceRequests.status, [...COUNTED]),
            sql`date_trunc('month', ${advanceRequests.requestDate} at time zone 'UTC') = date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC')`,
          ),
        ),
      // When the latest fully repaid advance was repaid: its last deduction's payment, all of its
      // deductions settled (collected, or written off).
      executor
        .select({
          repaidMs: sql<number>`(extract(epoch from max(coalesce(${payrollDeductions.paymentDate}, ${payrollDeductions.deductionDate}))) * 1000)::float8`,
          open: sql<boolean>`bool_or(${payrollDeductions.status} in ('SCHEDULED', 'SUBMITTED'))`,
        })
        .from(payrollDeductions)
        .innerJoin(
          advanceRequests,
          eq(advanceRequests.id, payrollDeductions.requestId),
        )
        .where(eq(advanceRequests.employeeId, employeeId))
        .groupBy(payrollDeductions.requestId),
      executor
        .select({
          id: deductionAuthorizations.id,
          version: deductionAuthorizations.version,
          signedAt: deductionAuthorizations.signedAt,
          withdrawnAt: deductionAuthorizations.withdrawnAt,
        })
        .from(deductionAuthorizations)
        .where(eq(deductionAuthorizations.employeeId, employeeId)),
      latestNetPay(executor, employeeId),
      // What is already due from the next paycheck: the open deductions on the earliest open
      // deduction date.
      executor
        .select({
          cents: sql<number>`coalesce(sum(${payrollDeductions.amount}) filter (where ${payrollDeductions.deductionDate} = (select min(d2.deduction_date) from payroll_deductions d2 join advance_requests r2 on r2.id = d2.request_id where r2.employee_id = ${employeeId} and d2.status in ('SCHEDULED', 'SUBMITTED'))) * 100, 0)::int`,
        })
        .from(payrollDeductions)
        .innerJoin(
          advanceRequests,
          eq(advanceRequests.id, payrollDeductions.requestId),
        )
        .where(
          and(
            eq(advanceRequests.employeeId, employeeId),
            inArray(payrollDeductions.status, ["SCHEDULED", "SUBMITTED"]),
          ),
        ),
    ]);
  const authorization =
    authorizations.find((a) => a.withdrawnAt === null) ?? null;

  const dates = recent.map((r) => r.requestDate);
  const maxPerYear = row?.maxAdvancesPerYear ?? 12;
  const inYear = dates.filter((d) => d > yearAgo);
  const yearly: RepeatLimit = {
    max: maxPerYear,
    used: inYear.length,
    days: null,
    liftsOn: liftsOn(inYear, maxPerYear, (d) => addMonths(d, 12)),
  };
  const state = stateWindow
    ? (() => {
        const inWindow = dates.filter(
          (d) => d > subDays(now, stateWindow.days),
        );
        return {
          stateName,
          max: stateWindow.count,
          used: inWindow.length,
          days: stateWindow.days,
          liftsOn: liftsOn(inWindow, stateWindow.count, (d) =>
            addDays(d, stateWindow.days),
          ),
        };
      })()
    : null;

  const coolingOffDays = Math.max(
    row?.coolingOffDays ?? 0,
    rule.coolingOffDays,
  );
  const repaidTimes = settled
    .filter((r) => !r.open)
    .map((r) => Number(r.repaidMs));
  const repaidAt = repaidTimes.length
    ? new Date(Math.max(...repaidTimes))
    : null;
  const pauseEnds =
    repaidAt && coolingOffDays > 0 ? addDays(repaidAt, coolingOffDays) : null;
  const coolingOff = pauseEnds && pauseEnds > now ? isoDate(pauseEnds) : null;

  const capped =
    rule.feeCapPerAdvanceCents !== null ||
    rule.feeCapPerAdvancePercent !== null ||
    rule.feeCapPerMonthCents !== null;
  const feeLimit: FeeLimit | null = capped
    ? {
        stateName,
        perAdvanceCents: rule.feeCapPerAdvanceCents,
        percent: rule.feeCapPerAdvancePercent,
        monthLeftCents:
          rule.feeCapPerMonthCents !== null
            ? Math.max(0, rule.feeCapPerMonthCents - Number(month?.cents ?? 0))
            : null,
      }
    : null;

  const noCostMissing =
    (rule.noCostOptionRequired || rule.noCostOptionDefault) &&
    !row?.companyPaysFee;
  // Never signed, or withdrawn and not signed again: no advance may be filed without a
  // deduction authorised in writing (signing does not help where the program is not enabled,
  // so that comes first).
  const refusal = !rule.enabled
    ? stateNotEnabled(stateName)
    : authorization === null
      ? DEDUCTION_AUTHORIZATION_REQUIRED
      : noCostMissing
        ? noCostRequired(stateName)
        : coolingOff
          ? coolingOffUntil(coolingOff)
          : yearly.liftsOn
            ? yearlyLimitUntil(yearly.max, yearly.liftsOn)
            : state?.liftsOn
              ? stateLimitUntil(
                  state.stateName,
                  state.max,
                  state.days ?? 0,
                  state.liftsOn,
                )
              : null;

  return {
    workState: row?.workState ?? null,
    rule,
    feeLimit,
    maxPeriods: rule.maxRepaymentPeriods,
    coolingOffDays,
    coolingOffUntil: coolingOff,
    yearly,
    state,
    authorization: authorization && {
      id: authorization.id,
      version: authorization.version,
      signedAt: authorization.signedAt,
    },
    authorizationMissing: authorization === null,
    paycheck: netPay
      ? {
          netPayCents: netPay.cents,
          source: netPay.source,
          otherCents: Number(nextPaycheck?.cents ?? 0),
          minPercent: row?.minPaycheckLeftPercent ?? 50,
        }
      : null,
    refusal,
  };
}
