import { sql } from "drizzle-orm";
import { db, queryRows, type Executor } from "~/utils/db.server";

// The reports' rollup (decision 0039). Triggers (migration
// reports_rollup) append each change of a request, and each change of an employee's department
// or employer, to report_deltas / report_moves inside the business transaction; nothing there
// takes a lock another transaction waits for. These functions fold them into report_months /
// report_hours, one at a time (an advisory lock), from the job worker only: the report and the
// employer dashboard read without folding (decision 0144).

/**
 * SPEC §9 risk bands on approved advances, in cents: low ≤ $150, moderate ≤ $350, high above.
 * The rollup's triggers and compaction (migration reports_rollup) band amounts the same way.
 */
export const RISK_LOW_MAX_CENTS = 15000;
export const RISK_MODERATE_MAX_CENTS = 35000;

/** A reader that finds more unfolded deltas than this folds them after reading. */
export const COMPACT_BACKLOG = 500;

/**
 * Folds the committed deltas into the rollup. Returns how many were folded, or -1 when another
 * compaction is running (it folds them). Never waits.
 */
export async function compactReportRollup(
  executor: Executor = db(),
): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    executor,
    sql`select report_rollup_compact() as folded`,
  );
  return Number(row.folded);
}

/** Rebuilds the rollup from the requests themselves (after a bulk load or a restore). */
export async function rebuildReportRollup(
  executor: Executor = db(),
): Promise<void> {
  await executor.execute(sql`select report_rollup_rebuild()`);
}

/**
 * The WITH items that give one employer's share of the changes not folded yet, for a query that
 * reads report_months / report_hours and must add them (the report, the employer dashboard):
 * `d`, every unfolded delta (`select count(*) from d` is the backlog); `pending`, the
 * employer's rows of them (department, hour, status, requests, amount, risk_low,
 * risk_moderate, risk_high) — deltas of employees filed with this employer, and for an employee
 * who moved since the last fold, all their requests leaving the old place and arriving at the
 * new, as the compaction will file them. Read in the same statement as the rollup: one snapshot.
 */
export function unfoldedChanges(employer: number) {
  const lowMax = RISK_LOW_MAX_CENTS / 100;
  const moderateMax = RISK_MODERATE_MAX_CENTS / 100;
  return sql`
    d as (select employee_id, hour, status, requests, amount, risk_low, risk_moderate, risk_high
          from report_deltas),
    mv as (select distinct employee_id from report_moves),
    cur as (
      select e.id as employee_id, e.employer_id, report_department(u.department) as department
      from employees e join users u on u.id = e.user_id
      where e.id in (select employee_id from d union select employee_id from mv)),
    moved as (
      select c.employee_id, c.employer_id, c.department,
             a.employer_id as from_employer, a.department as from_department
      from cur c join report_attribution a on a.employee_id = c.employee_id
      where (a.employer_id, a.department) is distinct from (c.employer_id, c.department)
        and (a.employer_id = ${employer} or c.employer_id = ${employer})),
    whole as (
      select r.employee_id, report_hour(r.request_date) as hour, r.status,
             count(*)::int as requests, sum(r.amount) as amount,
             (count(*) filter (where r.amount <= ${lowMax}))::int as risk_low,
             (count(*) filter (where r.amount > ${lowMax} and r.amount <= ${moderateMax}))::int as risk_moderate,
             (count(*) filter (where r.amount > ${moderateMax}))::int as risk_high
      from advance_requests r
      where r.employee_id in (select employee_id from moved)
      group by r.employee_id, report_hour(r.request_date), r.status),
    pending as (
      select c.department, d.hour, d.status, d.requests, d.amount, d.risk_low, d.risk_moderate, d.risk_high
      from d join cur c on c.employee_id = d.employee_id
      where c.employer_id = ${employer} and d.employee_id not in (select employee_id from moved)
      union all
      select m.from_department, d.hour, d.status, d.requests, d.amount, d.risk_low, d.risk_moderate, d.risk_high
      from d join moved m on m.employee_id = d.employee_id where m.from_employer = ${employer}
      union all
      select m.from_department, w.hour, w.status, -w.requests, -w.amount, -w.risk_low, -w.risk_moderate, -w.risk_high
      from whole w join moved m on m.employee_id = w.employee_id where m.from_employer = ${employer}
      union all
      select m.department, w.hour, w.status, w.requests, w.amount, w.risk_low, w.risk_moderate, w.risk_high
      from whole w join moved m on m.employee_id = w.employee_id where m.employer_id = ${employer})`;
}
