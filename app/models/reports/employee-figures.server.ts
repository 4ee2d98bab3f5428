import { sql, type SQL } from "drizzle-orm";
import {
  availableToRequest,
  creditSql,
  owedSql,
} from "~/models/ledger/index.server";
import { queryRows, type Executor } from "~/utils/db.server";
import { toCents } from "~/utils/money";

// An employee's money figures (DESIGN §12): the available balance, what
// they can request, what they owe, what takes up their limit and what is owed back. What is owed
// and owed back are the ledger's (owedSql, creditSql); what is reserved (approved, no card yet)
// and pending reads the requests and the cards, so the figures are the read side's. All in
// cents.

/**
 * What uses an employee's limit: approvals that have no card yet (reserved) plus what is owed.
 * With the available balance it makes the company's max advance (while within it).
 */
export function usedSql(employeeId: SQL | unknown): SQL {
  return sql`(coalesce((select sum(r.amount) from advance_requests r
      where r.employee_id = ${employeeId} and r.status = 'APPROVED'
        and not exists (select 1 from virtual_cards v where v.request_id = r.id)), 0)
    + ${owedSql(employeeId)})`;
}

export type EmployeeFigures = {
  /**
   * Max advance − reserved − owed, floored at 0 (0 for a leaver): the copy refreshAvailable
   * recomputes from the postings in every transaction that changes one of them (the
   * invariants check it).
   */
  availableCents: number;
  /** The available balance less pending requests, floored at 0: what /request accepts. */
  availableToRequestCents: number;
  /** Owed on the advances, to be repaid by payroll (receivable + arrears). */
  owedCents: number;
  /** Reserved (approved, no card yet) + owed: what takes up the limit. */
  usedCents: number;
  /** Owed back to the employee: payroll collected beyond what the cards spent. */
  creditCents: number;
};

/** Each employee's figures, by employee id (an unknown id is left out). */
async function employeeFigures(
  executor: Executor,
  employeeIds: number[],
): Promise<Map<number, EmployeeFigures>> {
  const out = new Map<number, EmployeeFigures>();
  if (employeeIds.length === 0) return out;
  const ids = `{${employeeIds.map(Number).join(",")}}`;
  const rows = await queryRows<{
    id: number;
    available: string;
    pending: string;
    owed: string;
    used: string;
    credit: string;
  }>(
    executor,
    sql`select e.id, e.available_balance::text as available,
          coalesce((select sum(r.amount) from advance_requests r
            where r.employee_id = e.id and r.status = 'PENDING'), 0)::text as pending,
          (${owedSql(sql`e.id`)})::text as owed,
          (${usedSql(sql`e.id`)})::text as used,
          (${creditSql(sql`e.id`)})::text as credit
        from employees e where e.id = any(${ids}::int[])`,
  );
  for (const r of rows) {
    const available = toCents(r.available);
    out.set(r.id, {
      availableCents: available,
      availableToRequestCents: availableToRequest(
        available,
        toCents(r.pending),
      ),
      owedCents: toCents(r.owed),
      usedCents: toCents(r.used),
      creditCents: Math.max(0, toCents(r.credit)),
    });
  }
  return out;
}

/** One employee's figures (zeros when there is no such employee). */
export async function employeeFiguresOf(
  executor: Executor,
  employeeId: number,
): Promise<EmployeeFigures> {
  return (
    (await employeeFigures(executor, [employeeId])).get(employeeId) ?? {
      availableCents: 0,
      availableToRequestCents: 0,
      owedCents: 0,
      usedCents: 0,
      creditCents: 0,
    }
  );
}
