import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { toCents } from "~/utils/money";

// A deduction's money figures (DESIGN §12): due, collected, short, where
// the shortfall went and what was written off, from the schedule and the ledger's postings
// tagged with it. All in cents.

export type DeductionFigures = {
  id: number;
  requestId: number;
  status: string;
  deductionDate: Date;
  /** What this deduction asks payroll to take. */
  dueCents: number;
  /** What payroll took for it (the ledger's collections tagged with it). */
  collectedCents: number;
  /** Due − collected once its result is recorded; 0 before. */
  shortfallCents: number;
  /** The later deduction the shortfall moved to, and its date (null when none). */
  arrearsDeductionId: number | null;
  arrearsDate: Date | null;
  /** The part of the shortfall written off after the employee's last paycheck. */
  writtenOffCents: number;
  /** This deduction is itself the arrears of an earlier one. */
  arrearsOfId: number | null;
};

/**
 * The deductions' figures, in schedule order (date, then id): of some requests, some
 * deductions by id, or a payroll run.
 */
export async function deductionFigures(
  executor: Executor,
  scope:
    { requestIds: number[] } | { deductionIds: number[] } | { runId: number },
): Promise<DeductionFigures[]> {
  let where: SQL;
  if ("runId" in scope) where = sql`d.run_id = ${scope.runId}`;
  else {
    const list = "requestIds" in scope ? scope.requestIds : scope.deductionIds;
    if (list.length === 0) return [];
    const ids = `{${list.map(Number).join(",")}}`;
    where =
      "requestIds" in scope
        ? sql`d.request_id = any(${ids}::int[])`
        : sql`d.id = any(${ids}::int[])`;
  }
  const rows = await queryRows<{
    id: number;
    request_id: number;
    status: string;
    deduction_date: Date | string;
    due: string;
    collected: string;
    written_off: string;
    arrears_id: number | null;
    arrears_date: Date | string | null;
    arrears_of_id: number | null;
  }>(
    executor,
    sql`select d.id, d.request_id, d.status, d.deduction_date, d.amount::text as due,
          d.arrears_of_id,
          coalesce((select sum(p.amount) from journal_entries j join ledger_postings p on p.entry_id = j.id
            where j.deduction_id = d.id and j.event = 'deduction.collected' and p.account = 'payroll'), 0)::text as collected,
          coalesce((select sum(p.amount) from journal_entries j join ledger_postings p on p.entry_id = j.id
            where j.deduction_id = d.id and p.account = 'losses'), 0)::text as written_off,
          a.id as arrears_id, a.deduction_date as arrears_date
        from payroll_deductions d
        left join lateral (select x.id, x.deduction_date from payroll_deductions x
          where x.arrears_of_id = d.id order by x.id limit 1) a on true
        where ${where}
        order by d.deduction_date, d.id`,
  );
  return rows.map((r) => {
    const due = toCents(r.due);
    const collected = toCents(r.collected);
    const settled = r.status !== "SCHEDULED" && r.status !== "SUBMITTED";
    return {
      id: r.id,
      requestId: r.request_id,
      status: r.status,
      deductionDate: new Date(r.deduction_date),
      dueCents: due,
      collectedCents: collected,
      shortfallCents: settled ? Math.max(0, due - collected) : 0,
      arrearsDeductionId: r.arrears_id,
      arrearsDate: r.arrears_date ? new Date(r.arrears_date) : null,
      writtenOffCents: toCents(r.written_off),
      arrearsOfId: r.arrears_of_id,
    };
  });
}
