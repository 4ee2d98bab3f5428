import { sql, type SQL } from "drizzle-orm";
import type { LEDGER_ACCOUNTS, LEDGER_EVENTS } from "#db/schema";
import { queryRows, type Executor, type Tx } from "~/utils/db.server";
import { conflict } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";

// The ledger (DESIGN §3, the money model): every movement of money is a
// journal entry whose postings sum to zero, written in the transaction of the action that moved
// it. A positive posting is a debit. The accounts, per subject:
//
//   receivable (employee)   what the employee owes on their advances (+ when a card is funded)
//   arrears (employee)      what payroll failed to collect, owed on a later pay date
//   card (card)             minus what the card has left to spend
//   merchants               what grocery stores were paid from cards (minus their refunds)
//   fee_payments (employee) fees taken from the employee's own card; fee_income the other side
//   company_fees (company)  fees the company pays for its employees (it owes them to us)
//   payroll (company)       what the company's payroll collected
//   losses (company)        what was written off after an employee's last paycheck
//   credit (employee)       owed back to the employee: payroll collected more than the card
//                           spent before it closed (minus: what the employee is due)
//
// Balances are derived from the postings (owedCents, cardLeftCents, companyTotals). Each
// company's balance per account and month is also kept by the database as postings are written
// (a trigger appends what each posting statement moved; the job worker folds it every minute),
// so the reports read it by key (repaymentSince; decision 0102); whatever inserts
// postings, this module's entryCtes or a bulk load, the trigger sees it. The
// employee's available balance is max advance − reserved − owed, recomputed here
// (refreshAvailable) whenever one of them changes, never adjusted by increments.

export type LedgerEvent = (typeof LEDGER_EVENTS)[number];
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export type Posting = {
  account: LedgerAccount;
  cents: number;
  employeeId?: number | null;
  cardId?: number | null;
  companyId?: number | null;
};

export type EntryInput = {
  event: LedgerEvent;
  companyId: number | null;
  employeeId: number | null;
  requestId?: number | null;
  cardId?: number | null;
  deductionId?: number | null;
  at?: Date;
  postings: Posting[];
};

/** An entry's postings less those of 0, checked to sum to zero (a programming error if not). */
function balancedPostings(input: EntryInput): Posting[] {
  const postings = input.postings.filter((p) => p.cents !== 0);
  const sum = postings.reduce((total, p) => total + p.cents, 0);
  if (sum !== 0)
    throw new Error(`journal entry ${input.event} does not balance: ${sum}`);
  return postings;
}

/**
 * The entry and its postings as two data-modifying common table expressions (`<name>` and
 * `<name>_postings`), for a caller that writes them in its own statement (`with …, <these>
 * select …`); null when every posting is 0.
 */
export function entryCtes(input: EntryInput, name = "entry"): SQL | null {
  const postings = balancedPostings(input);
  if (postings.length === 0) return null;
  const values = sql.join(
    postings.map(
      (p) =>
        sql`(${p.account}, ${p.companyId ?? input.companyId}::int, ${p.employeeId ?? input.employeeId}::int, ${p.cardId ?? input.cardId ?? null}::int, ${fromCents(p.cents)}::numeric)`,
    ),
    sql`, `,
  );
  const entry = sql.raw(name);
  return sql`${entry} as (
      insert into journal_entries (event, company_id, employee_id, request_id, card_id, deduction_id, created_at)
      values (${input.event}, ${input.companyId}::int, ${input.employeeId}::int, ${input.requestId ?? null}::int,
              ${input.cardId ?? null}::int, ${input.deductionId ?? null}::int,
              coalesce(${input.at ? input.at.toISOString() : null}::timestamptz, now()))
      returning id),
    ${sql.raw(`${name}_postings`)} as (
      insert into ledger_postings (entry_id, account, company_id, employee_id, card_id, amount)
      select ${entry}.id, p.account, p.company_id, p.employee_id, p.card_id, p.amount
      from ${entry}, (values ${values}) as p(account, company_id, employee_id, card_id, amount))`;
}

/**
 * Writes one journal entry and its postings. Postings of 0 are left out; an entry whose
 * postings do not sum to zero is a programming error (and the database refuses it at commit).
 */
export async function postEntry(tx: Tx, input: EntryInput): Promise<void> {
  // The entry and its postings in one statement (one round trip).
  const ctes = entryCtes(input);
  if (ctes) await tx.execute(sql`with ${ctes} select 1`);
}

/** A two-sided entry: `cents` debited to `debit`, credited to `credit`. */
export function transfer(
  debit: LedgerAccount,
  credit: LedgerAccount,
  cents: number,
): Posting[] {
  return [
    { account: debit, cents },
    { account: credit, cents: -cents },
  ];
}

/** What the employee owes (receivable + arrears), in cents, from the postings. */
export async function owedCents(
  executor: Executor,
  employeeId: number,
): Promise<number> {
  const [row] = await queryRows<{ owed: string }>(
    executor,
    sql`select coalesce(sum(amount), 0)::text as owed from ledger_postings
        where employee_id = ${employeeId} and account in ('receivable', 'arrears')`,
  );
  return toCents(row?.owed ?? "0");
}

/** What the card has left to spend, in cents, from the postings. */
export async function cardLeftCents(
  executor: Executor,
  cardId: number,
): Promise<number> {
  const [row] = await queryRows<{ left: string }>(
    executor,
    sql`select coalesce(-sum(amount), 0)::text as left from ledger_postings
        where card_id = ${cardId} and account = 'card'`,
  );
  return toCents(row?.left ?? "0");
}

// max advance − reserved (approved, no card yet) − owed, floored at 0; 0 for a leaver or an
// employee with no company. One SQL expression, used to recompute the stored copy and to check
// it (the invariants).
const AVAILABLE = sql`greatest(0, case when e.offboarded_at is not null or e.employer_id is null then 0 else
  coalesce((select c.max_advance from companies c where c.id = e.employer_id), 0)
  - coalesce((select sum(r.amount) from advance_requests r
      where r.employee_id = e.id and r.status = 'APPROVED'
        and r.card_issued_at is null), 0)
  - coalesce((select sum(p.amount) from ledger_postings p
      where p.employee_id = e.id and p.account in ('receivable', 'arrears')), 0) end)`;

/** The SQL expression of an employee `e`'s available balance (for checks and reports). */
export const availableExpression = AVAILABLE;

/**
 * Recomputes the stored available balance of some employees (or of a whole company) from the
 * ledger and the reservations, inside the caller's transaction. Returns each employee's user id
 * with the balance before the floor, so a caller can refuse an action that would take it below
 * zero (an approval the balance no longer covers).
 */
export async function refreshAvailable(
  tx: Executor,
  scope: { employeeIds: number[] } | { companyId: number },
): Promise<{ employeeId: number; userId: number; balanceCents: number }[]> {
  const where =
    "companyId" in scope
      ? sql`e.employer_id = ${scope.companyId}`
      : sql`e.id = any(${`{${scope.employeeIds.map(Number).join(",")}}`}::int[])`;
  if ("employeeIds" in scope && scope.employeeIds.length === 0) return [];
  // The rows are locked first, in id order, and the balances computed by a second statement:
  // under READ COMMITTED each statement sees what committed before it began, so a balance is
  // never computed from a snapshot taken before a concurrent approval or payment committed.
  await tx.execute(
    sql`select e.id from employees e where ${where} order by e.id for update`,
  );
  const rows = await queryRows<{
    id: number;
    user_id: number;
    balance: string;
  }>(
    tx,
    sql`update employees e set available_balance = ${AVAILABLE}
        where ${where}
        returning e.id, e.user_id, e.available_balance::text as balance`,
  );
  return rows.map((r) => ({
    employeeId: r.id,
    userId: r.user_id,
    balanceCents: toCents(r.balance),
  }));
}

/**
 * Reserves an approval: the employee's row is locked, then the balance is recomputed with the
 * newly approved request among the reservations; if the unfloored figure is below zero the
 * approval is refused (409) and the caller's transaction rolls back. The lock makes two
 * approvals for one employee take turns, each seeing the other's reservation.
 */
export async function reserveOrRefuse(
  tx: Tx,
  employeeId: number,
  message: string,
): Promise<void> {
  await tx.execute(
    sql`select id from employees where id = ${employeeId} for update`,
  );
  const [row] = await queryRows<{ raw: string }>(
    tx,
    sql`select (coalesce((select c.max_advance from companies c where c.id = e.employer_id), 0)
          - coalesce((select sum(r.amount) from advance_requests r
              where r.employee_id = e.id and r.status = 'APPROVED'
                and r.card_issued_at is null), 0)
          - coalesce((select sum(p.amount) from ledger_postings p
              where p.employee_id = e.id and p.account in ('receivable', 'arrears')), 0))::text as raw
        from employees e where e.id = ${employeeId} and e.offboarded_at is null`,
  );
  if (!row || toCents(row.raw) < 0) throw conflict(message);
  await refreshAvailable(tx, { employeeIds: [employeeId] });
}

/**
 * A card was issued: the program funds it with the advance (the employee owes it) and the fee
 * captured from the employee's own card is income. Then the employee's available balance is
 * recomputed (the reservation became a debt: unchanged, but checked).
 */
export async function recordCardFunded(
  tx: Tx,
  card: {
    cardId: number;
    requestId: number;
    employeeId: number;
    companyId: number | null;
    amountCents: number;
    /** The fee captured from the employee's own card. */
    feeCents: number;
    /** The fee the company pays instead; 0 when the employee paid it. */
    companyFeeCents?: number;
    at?: Date;
  },
): Promise<void> {
  const subject = {
    companyId: card.companyId,
    employeeId: card.employeeId,
    requestId: card.requestId,
    at: card.at,
  };
  await postEntry(tx, {
    ...subject,
    event: "card.funded",
    cardId: card.cardId,
    postings: transfer("receivable", "card", card.amountCents),
  });
  await postEntry(tx, {
    ...subject,
    event: "fee.charged",
    postings: transfer("fee_payments", "fee_income", card.feeCents),
  });
  await postEntry(tx, {
    ...subject,
    event: "fee.billed_to_company",
    postings: transfer("company_fees", "fee_income", card.companyFeeCents ?? 0),
  });
  await refreshAvailable(tx, { employeeIds: [card.employeeId] });
}

/**
 * Folds the committed balance deltas into ledger_balances. Returns how
 * many were folded, or -1 when another fold (or a rebuild) is running: it folds them. Never waits.
 */
export async function foldLedgerBalances(executor: Executor): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    executor,
    sql`select ledger_balances_fold() as folded`,
  );
  return Number(row.folded);
}

/** Recomputes every company's balances from the postings (after a bulk load or a restore). */
export async function rebuildLedgerBalances(executor: Executor): Promise<void> {
  await executor.execute(sql`select ledger_balances_rebuild()`);
}
