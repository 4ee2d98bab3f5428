import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { toCents } from "~/utils/money";
import type { LedgerEvent } from "./ledger.server";

export type CompanyTotals = {
  fundedCents: number;
  spentCents: number;
  returnedCents: number;
  collectedCents: number;
  writtenOffCents: number;
  owedCents: number;
  feesCents: number;
  /** Fees the company pays for its employees' advances. */
  companyFeesCents: number;
  /** Owed back to employees (collected beyond what their closed cards spent). */
  creditCents: number;
};

/** What a company has funded onto cards, collected through payroll and written off. */
export async function companyTotals(
  executor: Executor,
  companyId: number,
): Promise<CompanyTotals> {
  const rows = await queryRows<{
    event: LedgerEvent;
    account: string;
    total: string;
  }>(
    executor,
    sql`select j.event, p.account, sum(p.amount)::text as total
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.company_id = ${companyId}
        group by j.event, p.account`,
  );
  const sum = (event: LedgerEvent | null, account: string) =>
    rows
      .filter(
        (r) => (event === null || r.event === event) && r.account === account,
      )
      .reduce((total, r) => total + toCents(r.total), 0);
  return {
    fundedCents: sum("card.funded", "receivable"),
    spentCents:
      sum("card.purchase", "merchants") * -1 -
      sum("card.purchase_reversed", "merchants") -
      sum("card.merchant_refund", "merchants"),
    returnedCents: sum("card.unspent_returned", "card"),
    collectedCents: sum(null, "payroll"),
    writtenOffCents: sum(null, "losses"),
    owedCents: sum(null, "receivable") + sum(null, "arrears"),
    feesCents: -sum(null, "fee_income"),
    companyFeesCents: sum(null, "company_fees"),
    creditCents: -sum(null, "credit"),
  };
}

export type Repayment = {
  collectedCents: number;
  writtenOffCents: number;
  owedCents: number;
  /** Fees of advances the company pays for its employees. */
  companyFeesCents: number;
  /** Owed back to the company's employees now (their credits). */
  creditCents: number;
  /** Credits paid back (with a paycheck, or by the employer to a leaver) since `from`. */
  paidBackCents: number;
};

/** One row of repaymentStatement, as the database returns it. */
export type RepaymentRow = {
  collected: string;
  lost: string;
  owed: string;
  company_fees: string;
  credit: string;
  paid_back: string;
};

/**
 * What a company owes back to its employees now (the credit account's balance, negated), as an
 * SQL expression in dollars: read by key from its balances per account and month and its
 * deltas not folded yet. The dashboard and the reports read it.
 */
export function companyCreditSql(companyId: number): SQL {
  return sql`(-coalesce((select sum(b.amount) from (
      select amount from ledger_balances where company_id = ${companyId} and account = 'credit'
      union all
      select amount from ledger_balance_deltas
      where company_id = ${companyId} and account = 'credit') b), 0))`;
}

/**
 * What a company paid back of its employees' credits since `from` (the `credit.paid_back`
 * entries' postings to the credit account), as an SQL expression in dollars.
 */
function companyPaidBackSql(companyId: number, from: Date): SQL {
  return sql`coalesce((select sum(p.amount) from journal_entries j
      join ledger_postings p on p.entry_id = j.id and p.account = 'credit'
      where j.company_id = ${companyId} and j.event = 'credit.paid_back'
        and j.created_at >= ${from.toISOString()}::timestamptz), 0)`;
}

/**
 * The statement of repaymentSince (one row, RepaymentRow's columns), for a caller that reads it
 * within its own statement (the report: one round trip, one snapshot). Read by key from the
 * company's balances per account and month plus its deltas not folded yet, so its cost does not
 * grow with the company's postings. `from` is the first instant of a UTC month.
 */
export function repaymentStatement(companyId: number, from: Date): SQL {
  if (!from.toISOString().endsWith("-01T00:00:00.000Z"))
    throw new Error(
      `repayment figures start at a month's start, not ${from.toISOString()}`,
    );
  const month = from.toISOString().slice(0, 10);
  return sql`select
      coalesce(sum(b.amount) filter (where b.account = 'payroll' and b.month >= ${month}::date), 0)::text as collected,
      coalesce(sum(b.amount) filter (where b.account = 'losses' and b.month >= ${month}::date), 0)::text as lost,
      coalesce(sum(b.amount) filter (where b.account in ('receivable', 'arrears')), 0)::text as owed,
      coalesce(sum(b.amount) filter (where b.account = 'company_fees' and b.month >= ${month}::date), 0)::text as company_fees,
      (-coalesce(sum(b.amount) filter (where b.account = 'credit'), 0))::text as credit,
      (${companyPaidBackSql(companyId, from)})::text as paid_back
    from (
      select account, month, amount from ledger_balances
      where company_id = ${companyId}
        and account in ('payroll', 'losses', 'company_fees', 'receivable', 'arrears', 'credit')
      union all
      select account, month, amount from ledger_balance_deltas
      where company_id = ${companyId}
        and account in ('payroll', 'losses', 'company_fees', 'receivable', 'arrears', 'credit')) b`;
}

/**
 * The figures of a row of repaymentStatement, in cents. Only reads: the deltas not folded yet
 * are folded by the job worker (foldLedgerBalances), never by a reader.
 */
export function repaymentOf(row: RepaymentRow): Repayment {
  return {
    collectedCents: toCents(row.collected),
    writtenOffCents: toCents(row.lost),
    owedCents: toCents(row.owed),
    companyFeesCents: toCents(row.company_fees),
    creditCents: Math.max(0, toCents(row.credit)),
    paidBackCents: toCents(row.paid_back),
  };
}

/**
 * What payroll collected and what was written off (a loss) since `from` (a month's start), what
 * is owed now, and the fees the company paid for its employees since `from`: the reports'
 * repayment figures, read by key (repaymentStatement).
 */
export async function repaymentSince(
  executor: Executor,
  companyId: number,
  from: Date,
): Promise<Repayment> {
  const [row] = await queryRows<RepaymentRow>(
    executor,
    repaymentStatement(companyId, from),
  );
  return repaymentOf(row);
}
