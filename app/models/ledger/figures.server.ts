import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { toCents } from "~/utils/money";

// The ledger's part of the money figures every surface shows (DESIGN §12):
// what an employee owes and is owed back, what a card has left, and how a credit comes back.
// Computed from the ledger's postings, and read by the pages, the mails, `/api` and the webhooks
// alike, so no two surfaces can tell different figures. The figures that also read a domain's
// own rows stand in that domain: a card's (cards/card-figures.server.ts), a deduction's
// (repayments/deduction-figures.server.ts), an employee's limit (reports/employee-figures.server.ts).

/**
 * What an employee owes, to be repaid by payroll (receivable + arrears), as an SQL expression
 * over `employeeId` (a column or expression of the caller's query), in dollars.
 */
export function owedSql(employeeId: SQL | unknown): SQL {
  return sql`coalesce((select sum(p.amount) from ledger_postings p
    where p.employee_id = ${employeeId} and p.account in ('receivable', 'arrears')), 0)`;
}

/**
 * What the program owes back to an employee (payroll collected beyond what the cards spent), as
 * an SQL expression over `employeeId`, in dollars (negative or 0 when nothing is owed back).
 */
export function creditSql(employeeId: SQL | unknown): SQL {
  return sql`coalesce((select -sum(p.amount) from ledger_postings p
    where p.employee_id = ${employeeId} and p.account = 'credit'), 0)`;
}

/** Available to request: the available balance less pending requests, floored at 0. */
export function availableToRequest(
  availableCents: number,
  pendingCents: number,
): number {
  return Math.max(0, availableCents - pendingCents);
}

/**
 * A card's remaining balance in dollars, as an SQL expression over the card's id and status
 * columns (for a list that selects it with the card): what its postings leave on it, 0 once it
 * is closed (closing returns the unspent balance; a closed card whose return is not posted yet
 * has nothing to spend either). cardFigures reads the same expression.
 */
export function cardRemainingSql(
  cardId: SQL | unknown,
  status: SQL | unknown,
): SQL {
  return sql`(case when ${status} = 'closed' then 0 else greatest(0, coalesce(-(
    select sum(p.amount) from ledger_postings p
    where p.card_id = ${cardId} and p.account = 'card'), 0)) end)`;
}

export type CreditPayback = {
  /** Owed back to the employee (the ledger's credit), in cents. */
  creditCents: number;
  /**
   * How it comes back: PAYROLL, added to a paycheck (a line on a run already,
   * or on the company's next one); EMPLOYER, paid by the employer directly (a leaver with no
   * paycheck to come).
   */
  by: "PAYROLL" | "EMPLOYER";
  /** The pay date it comes back with ("yyyy-MM-dd"); null when the employer pays it. */
  payDate: string | null;
};

/** What creditPaybackSql selects, as the database returns it (JSON). */
export type CreditPaybackRow = {
  credit: string | number;
  run_date: string | null;
  next_pay: string | null;
  last_pay: string | null;
  left: boolean;
};

/**
 * An SQL expression, one JSON object (CreditPaybackRow), of what creditPaybackFrom needs for the
 * employee the `where` condition picks (over `e`, employees): for a page that reads it inside a
 * query it sends anyway.
 */
export function creditPaybackSql(where: SQL): SQL {
  return sql`(select json_build_object(
      'credit', coalesce((select -sum(p.amount) from ledger_postings p
        where p.employee_id = e.id and p.account = 'credit'), 0)::text,
      'run_date', (select min(r.pay_date)::text from credit_payouts o
        join payroll_runs r on r.id = o.run_id
        where o.employee_id = e.id and o.status = 'SUBMITTED'),
      'next_pay', c.next_pay_date::text,
      'last_pay', e.last_pay_date::text,
      'left', e.offboarded_at is not null)
    from employees e left join companies c on c.id = e.employer_id
    where ${where})`;
}

/** How and when the credit comes back, from creditPaybackSql's row; null when none is owed. */
export function creditPaybackFrom(
  row: CreditPaybackRow | null | undefined,
): CreditPayback | null {
  const creditCents = row ? toCents(String(row.credit)) : 0;
  if (!row || creditCents <= 0) return null;
  if (row.run_date)
    return { creditCents, by: "PAYROLL", payDate: row.run_date };
  const paycheckToCome =
    row.next_pay !== null &&
    (!row.left || (row.last_pay !== null && row.last_pay >= row.next_pay));
  return paycheckToCome
    ? { creditCents, by: "PAYROLL", payDate: row.next_pay }
    : { creditCents, by: "EMPLOYER", payDate: null };
}

/**
 * How and when an employee's credit comes back; null when nothing is owed back. The employee by
 * id, or by their user's id.
 */
export async function creditPaybackOf(
  executor: Executor,
  who: number | { userId: number },
): Promise<CreditPayback | null> {
  const where =
    typeof who === "number"
      ? sql`e.id = ${who}`
      : sql`e.user_id = ${who.userId}`;
  const [row] = await queryRows<{ payback: CreditPaybackRow | string | null }>(
    executor,
    sql`select ${creditPaybackSql(where)} as payback`,
  );
  const payback =
    typeof row?.payback === "string"
      ? (JSON.parse(row.payback) as CreditPaybackRow)
      : row?.payback;
  return creditPaybackFrom(payback);
}
