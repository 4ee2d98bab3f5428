import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { toCents } from "~/utils/money";

// The money figures every surface shows (DESIGN §12; docs/decisions/0103): an employee's
// available balance, what they can request, what they owe and what is owed back to them; a
// card's funded, spent, returned and remaining amounts; a deduction's due, collected and short
// amounts and where the shortfall went. Computed here from the ledger's postings, and read by
// the pages, the mails, `/api` and the webhooks alike, so no two surfaces can tell different
// figures. All in cents.

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

/** Available to request: the available balance less pending requests, floored at 0. */
export function availableToRequest(
  availableCents: number,
  pendingCents: number,
): number {
  return Math.max(0, availableCents - pendingCents);
}

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

export type CardFigures = {
  /** What the program put on the card. */
  fundedCents: number;
  /** Purchases − reversals − merchant refunds. */
  spentCents: number;
  /** The unspent balance the card gave back when it closed. */
  returnedCents: number;
  /** What is left to spend: 0 once the card is closed (its balance was returned). */
  remainingCents: number;
  /** The part of the return that payroll had already collected: owed back to the employee. */
  owedBackCents: number;
};

const NO_CARD: CardFigures = {
  fundedCents: 0,
  spentCents: 0,
  returnedCents: 0,
  remainingCents: 0,
  owedBackCents: 0,
};

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

/** Each card's figures, by card id, from the postings tagged with the card. */
export async function cardFigures(
  executor: Executor,
  cardIds: number[],
): Promise<Map<number, CardFigures>> {
  const out = new Map<number, CardFigures>();
  if (cardIds.length === 0) return out;
  const ids = `{${cardIds.map(Number).join(",")}}`;
  const rows = await queryRows<{
    card_id: number;
    funded: string;
    spent: string;
    returned: string;
    remaining: string;
    owed_back: string;
  }>(
    executor,
    sql`select c.id as card_id, f.funded, f.spent, f.returned, f.owed_back,
          (${cardRemainingSql(sql`c.id`, sql`c.status`)})::text as remaining
        from virtual_cards c, lateral (select
          coalesce(-sum(p.amount) filter (where p.account = 'card' and j.event = 'card.funded'), 0)::text as funded,
          coalesce(-sum(p.amount) filter (where p.account = 'merchants'), 0)::text as spent,
          coalesce(sum(p.amount) filter (where p.account = 'card' and j.event = 'card.unspent_returned'), 0)::text as returned,
          coalesce(-sum(p.amount) filter (where p.account = 'credit' and j.event = 'card.unspent_returned'), 0)::text as owed_back
          from ledger_postings p join journal_entries j on j.id = p.entry_id
          where p.card_id = c.id) f
        where c.id = any(${ids}::int[])`,
  );
  for (const id of cardIds) out.set(id, { ...NO_CARD });
  for (const r of rows)
    out.set(r.card_id, {
      fundedCents: toCents(r.funded),
      spentCents: toCents(r.spent),
      returnedCents: toCents(r.returned),
      remainingCents: toCents(r.remaining),
      owedBackCents: Math.max(0, toCents(r.owed_back)),
    });
  return out;
}

/** One card's figures. */
export async function cardFiguresOf(
  executor: Executor,
  cardId: number,
): Promise<CardFigures> {
  return (await cardFigures(executor, [cardId])).get(cardId) ?? NO_CARD;
}

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

export type CreditPayback = {
  /** Owed back to the employee (the ledger's credit), in cents. */
  creditCents: number;
  /**
   * How it comes back (decision 0107): PAYROLL, added to a paycheck (a line on a run already,
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
