import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import {
  CARD_GIVE_UP_MINUTES,
  PAY_BY_DAYS,
  PROCESSING_FEE_CENTS,
} from "~/utils/rules";
import { availableExpression } from "~/models/ledger/index.server";

export type Violation = { rule: string; detail: string };

type Check = {
  rule: string;
  query: ReturnType<typeof sql>;
  describe: (row: Record<string, unknown>) => string;
};

// What a card's return holds against a SUBMITTED deduction `d` (never reduced once in a run; the
// return is settled after its result): the part of it the employee no longer owes.
const HELD = sql`case when d.status = 'SUBMITTED' then coalesce((select -sum(p.amount)
    from journal_entries j join ledger_postings p on p.entry_id = j.id
    where j.deduction_id = d.id and j.event = 'card.unspent_returned'
      and p.account in ('receivable', 'arrears')), 0) else 0 end`;

// The invariants that keep the money right, read across every domain's tables (the ledger, the
// requests, the cards and their authorizations, the schedule, the runs and payouts): the read
// side's, not the ledger's (decision 0155). Each query returns the offending rows; an
// empty result everywhere means the database is consistent.
const CHECKS: Check[] = [
  {
    rule: "each carded advance's card was funded with its amount",
    query: sql`select r.id, r.amount::text as amount,
                      coalesce((select sum(p.amount) from journal_entries j
                        join ledger_postings p on p.entry_id = j.id and p.account = 'receivable'
                        where j.request_id = r.id and j.event = 'card.funded'), 0)::text as funded
               from advance_requests r join virtual_cards c on c.request_id = r.id
               where r.amount <> coalesce((select sum(p.amount) from journal_entries j
                        join ledger_postings p on p.entry_id = j.id and p.account = 'receivable'
                        where j.request_id = r.id and j.event = 'card.funded'), 0)`,
    describe: (r) => `request ${r.id}: amount ${r.amount}, funded ${r.funded}`,
  },
  {
    // Every dollar of an advance is collected, written off, returned from the card, or still
    // owed on an open deduction.
    rule: "what the ledger says is owed on each advance equals its open deductions",
    query: sql`with owed as (
                 select j.request_id, sum(p.amount) as owed
                 from journal_entries j join ledger_postings p on p.entry_id = j.id
                 where j.request_id is not null and p.account in ('receivable', 'arrears')
                 group by j.request_id),
               open as (
                 select d.request_id, sum(d.amount - ${HELD}) as open from payroll_deductions d
                 where d.status in ('SCHEDULED', 'SUBMITTED') group by d.request_id)
               select coalesce(o.request_id, d.request_id) as request,
                      coalesce(o.owed, 0)::text as owed, coalesce(d.open, 0)::text as open
               from owed o full join open d on d.request_id = o.request_id
               where coalesce(o.owed, 0) <> coalesce(d.open, 0)`,
    describe: (r) =>
      `request ${r.request}: ledger owes ${r.owed}, open deductions ${r.open}`,
  },
  {
    rule: "every journal entry sums to zero",
    query: sql`select entry_id, sum(amount)::text as total from ledger_postings
               group by entry_id having sum(amount) <> 0`,
    describe: (r) => `journal entry ${r.entry_id} sums to ${r.total}`,
  },
  {
    // The balances the reports read by key (folded, plus the deltas not folded yet), recomputed
    // from the postings in the same statement.
    rule: "each company's ledger balances equal the sums of its postings",
    query: sql`with posted as (
                 select p.company_id, p.account,
                        date_trunc('month', j.created_at at time zone 'UTC')::date as month,
                        sum(p.amount) as amount
                 from ledger_postings p join journal_entries j on j.id = p.entry_id
                 where p.company_id is not null group by 1, 2, 3),
               kept as (
                 select company_id, account, month, sum(amount) as amount
                 from (select company_id, account, month, amount from ledger_balances
                       union all
                       select company_id, account, month, amount from ledger_balance_deltas) b
                 group by 1, 2, 3)
               select company_id, account, to_char(month, 'YYYY-MM') as month,
                      coalesce(p.amount, 0)::text as posted, coalesce(k.amount, 0)::text as kept
               from posted p full join kept k using (company_id, account, month)
               where coalesce(p.amount, 0) <> coalesce(k.amount, 0)`,
    describe: (r) =>
      `company ${String(r.company_id)}, ${String(r.account)}, ${String(r.month)}: postings sum to ${String(r.posted)}, the balance says ${String(r.kept)}`,
  },
  {
    rule: "what the ledger says an employee owes equals their open deductions",
    query: sql`with owed as (
                 select employee_id, sum(amount) as owed from ledger_postings
                 where account in ('receivable', 'arrears') group by employee_id),
               open as (
                 select r.employee_id, sum(d.amount - ${HELD}) as open from payroll_deductions d
                 join advance_requests r on r.id = d.request_id
                 where d.status in ('SCHEDULED', 'SUBMITTED') group by r.employee_id)
               select coalesce(o.employee_id, d.employee_id) as employee,
                      coalesce(o.owed, 0)::text as owed, coalesce(d.open, 0)::text as open
               from owed o full join open d on d.employee_id = o.employee_id
               where coalesce(o.owed, 0) <> coalesce(d.open, 0)`,
    describe: (r) =>
      `employee ${r.employee}: ledger owes ${r.owed}, open deductions ${r.open}`,
  },
  {
    rule: "a card's spend in the ledger equals its authorizations, and a closed card has nothing left",
    query: sql`select c.id, c.status,
                      coalesce((select sum(case when a.kind = 'refund' then -a.amount else a.amount end)
                        from card_authorizations a
                        where a.card_id = c.id and a.approved and a.status <> 'reversed'), 0)::text as spent,
                      coalesce((select -sum(p.amount) from ledger_postings p
                        where p.card_id = c.id and p.account = 'merchants'), 0)::text as ledger_spent,
                      coalesce((select -sum(p.amount) from ledger_postings p
                        where p.card_id = c.id and p.account = 'card'), 0)::text as card_left
               from virtual_cards c
               where coalesce((select sum(case when a.kind = 'refund' then -a.amount else a.amount end)
                        from card_authorizations a
                        where a.card_id = c.id and a.approved and a.status <> 'reversed'), 0)
                     <> coalesce((select -sum(p.amount) from ledger_postings p
                        where p.card_id = c.id and p.account = 'merchants'), 0)
                  or coalesce((select -sum(p.amount) from ledger_postings p
                        where p.card_id = c.id and p.account = 'card'), 0) < 0
                  or (c.status = 'closed' and coalesce((select sum(p.amount) from ledger_postings p
                        where p.card_id = c.id and p.account = 'card'), 0) <> 0)`,
    describe: (r) =>
      `card ${r.id} (${r.status}): spent ${r.spent}, in the ledger ${r.ledger_spent}, left ${r.card_left}`,
  },
  {
    rule: "every available balance is max advance − reserved − owed",
    query: sql`select e.id, e.available_balance::text as stored, (${availableExpression})::text as computed
               from employees e where e.available_balance <> ${availableExpression}`,
    describe: (r) =>
      `employee ${r.id}: stored ${r.stored}, computed ${r.computed}`,
  },
  {
    rule: "captured = fee for every carded request (none when the company pays it), and charged once in the ledger",
    query: sql`select r.id, r.captured_amount::text as captured,
                      coalesce((select sum(p.amount) from journal_entries j
                        join ledger_postings p on p.entry_id = j.id and p.account = 'fee_payments'
                        where j.request_id = r.id), 0)::text as ledger
               from advance_requests r join virtual_cards c on c.request_id = r.id
               where coalesce(r.captured_amount, 0) <> case when r.fee_paid_by = 'COMPANY' then 0
                       else coalesce(r.fee_amount, least(${PROCESSING_FEE_CENTS / 100}::numeric, r.amount)) end
                  or coalesce(r.captured_amount, 0) <> coalesce((select sum(p.amount) from journal_entries j
                        join ledger_postings p on p.entry_id = j.id and p.account = 'fee_payments'
                        where j.request_id = r.id), 0)`,
    describe: (r) =>
      `request ${r.id}: captured ${r.captured ?? "nothing"}, fee in the ledger ${r.ledger}`,
  },
  {
    rule: "a fee the company pays is billed to it once, and only then",
    query: sql`select r.id, r.fee_paid_by, coalesce((select sum(p.amount) from journal_entries j
                        join ledger_postings p on p.entry_id = j.id and p.account = 'company_fees'
                        where j.request_id = r.id), 0)::text as billed
               from advance_requests r join virtual_cards c on c.request_id = r.id
               where coalesce((select sum(p.amount) from journal_entries j
                        join ledger_postings p on p.entry_id = j.id and p.account = 'company_fees'
                        where j.request_id = r.id), 0)
                     <> case when r.fee_paid_by = 'COMPANY'
                          then coalesce(r.fee_amount, least(${PROCESSING_FEE_CENTS / 100}::numeric, r.amount)) else 0 end`,
    describe: (r) =>
      `request ${r.id} (fee paid by ${r.fee_paid_by}): billed to the company ${r.billed}`,
  },
  {
    rule: "no deduction paid without a recorded collection",
    query: sql`select d.id, d.collected_amount::text as collected from payroll_deductions d
               where (d.is_paid or d.collected_amount > 0)
                 and coalesce(d.collected_amount, 0) <> coalesce((select sum(p.amount)
                   from journal_entries j join ledger_postings p on p.entry_id = j.id
                   where j.deduction_id = d.id and j.event = 'deduction.collected'
                     and p.account = 'payroll'), 0)`,
    describe: (r) =>
      `deduction ${r.id} is paid (${r.collected ?? "no amount"}) without a matching collection`,
  },
  {
    rule: "no deduction dated before its card",
    query: sql`select d.id, d.deduction_date, c.created_at from payroll_deductions d
               join virtual_cards c on c.request_id = d.request_id
               where d.deduction_date < date_trunc('day', c.created_at)`,
    describe: (r) =>
      `deduction ${r.id} on ${String(r.deduction_date)}, card issued ${String(r.created_at)}`,
  },
  {
    rule: "no deduction after its leaver's last pay date while it is open",
    query: sql`select d.id, d.deduction_date, e.last_pay_date::text as last_pay_date
               from payroll_deductions d join advance_requests r on r.id = d.request_id
               join employees e on e.id = r.employee_id
               where e.last_pay_date is not null and d.status in ('SCHEDULED', 'SUBMITTED')
                 and d.deduction_date >= (e.last_pay_date + 1)::timestamptz`,
    describe: (r) =>
      `deduction ${r.id} on ${String(r.deduction_date)}, after the last pay date ${r.last_pay_date}`,
  },
  {
    // Refunds are decided under the card's lock against its spend (DESIGN §12).
    rule: "no card with negative spend or refunds above its purchases",
    query: sql`select c.id, x.purchases::text as purchases, x.refunds::text as refunds,
                      x.spent::text as spent
               from virtual_cards c cross join lateral (select
                 coalesce((select sum(a.amount) from card_authorizations a
                   where a.card_id = c.id and a.approved and a.status <> 'reversed'
                     and a.kind = 'purchase'), 0) as purchases,
                 coalesce((select sum(a.amount) from card_authorizations a
                   where a.card_id = c.id and a.approved and a.status <> 'reversed'
                     and a.kind = 'refund'), 0) as refunds,
                 coalesce((select -sum(p.amount) from ledger_postings p
                   where p.card_id = c.id and p.account = 'merchants'), 0) as spent) x
               where x.refunds > x.purchases or x.spent < 0`,
    describe: (r) =>
      `card ${r.id}: purchases ${r.purchases}, refunds ${r.refunds}, spent ${r.spent}`,
  },
  {
    // What an advance gave rise to owing back: only on a closed card, never beside a loss, never
    // negative, and once the advance is settled exactly collected + netted into it − spent.
    // What is netted against another advance or paid back comes off the
    // employee's credit, checked below.
    rule: "an advance's credit = collected + netted − spent, never negative, and never beside a loss",
    query: sql`select r.id, x.card_status, x.credit::text as credit,
                      x.collected::text as collected, x.spent::text as spent, x.lost::text as lost,
                      x.netted::text as netted
               from advance_requests r join virtual_cards c on c.request_id = r.id
               cross join lateral (select c.status as card_status,
                 coalesce((select -sum(p.amount) from journal_entries j
                   join ledger_postings p on p.entry_id = j.id
                   where j.request_id = r.id and p.account = 'credit'
                     and j.event <> 'credit.netted'), 0) as credit,
                 coalesce((select sum(p.amount) from journal_entries j
                   join ledger_postings p on p.entry_id = j.id
                   where j.request_id = r.id and p.account = 'credit'
                     and j.event = 'credit.netted'), 0) as netted,
                 coalesce((select sum(p.amount) from journal_entries j
                   join ledger_postings p on p.entry_id = j.id
                   where j.request_id = r.id and p.account = 'payroll'), 0) as collected,
                 coalesce((select -sum(p.amount) from ledger_postings p
                   where p.card_id = c.id and p.account = 'merchants'), 0) as spent,
                 coalesce((select sum(p.amount) from journal_entries j
                   join ledger_postings p on p.entry_id = j.id
                   where j.request_id = r.id and p.account = 'losses'), 0) as lost,
                 exists (select 1 from payroll_deductions d where d.request_id = r.id
                   and d.status in ('SCHEDULED', 'SUBMITTED')) as open) x
               where x.credit < 0
                  or (x.credit > 0 and (x.card_status <> 'closed' or x.lost <> 0))
                  or (x.card_status = 'closed' and not x.open
                      and x.credit <> greatest(0, x.collected + x.netted - x.spent))`,
    describe: (r) =>
      `request ${r.id} (card ${r.card_status}): credit ${r.credit}, collected ${r.collected}, netted ${r.netted}, spent ${r.spent}, written off ${r.lost}`,
  },
  {
    // An employee's credit = what their advances gave rise to − netted − paid back.
    rule: "an employee's credit is never negative and covers the reimbursement lines in runs",
    query: sql`select e.id, x.credit::text as credit, x.in_run::text as in_run
               from employees e cross join lateral (select
                 coalesce((select -sum(p.amount) from ledger_postings p
                   where p.employee_id = e.id and p.account = 'credit'), 0) as credit,
                 coalesce((select sum(o.amount) from credit_payouts o
                   where o.employee_id = e.id and o.status = 'SUBMITTED'), 0) as in_run) x
               where x.credit < 0 or x.in_run > x.credit`,
    describe: (r) =>
      `employee ${r.id}: credit ${r.credit}, in reimbursement lines ${r.in_run}`,
  },
  {
    rule: "every paid credit payout is posted to the ledger, and nothing else pays one back",
    query: sql`with paid as (
                 select employee_id, sum(amount) as paid from credit_payouts
                 where status = 'PAID' group by employee_id),
               posted as (
                 select p.employee_id, sum(p.amount) as posted
                 from journal_entries j join ledger_postings p on p.entry_id = j.id
                 where j.event = 'credit.paid_back' and p.account = 'credit'
                 group by p.employee_id)
               select coalesce(a.employee_id, b.employee_id) as employee,
                      coalesce(a.paid, 0)::text as paid, coalesce(b.posted, 0)::text as posted
               from paid a full join posted b on b.employee_id = a.employee_id
               where coalesce(a.paid, 0) <> coalesce(b.posted, 0)`,
    describe: (r) =>
      `employee ${r.employee}: payouts paid ${r.paid}, posted ${r.posted}`,
  },
  {
    // A deduction in a run is never deleted or reduced, so a run can always be reconciled.
    rule: "a SUBMITTED payroll run has open deductions or reimbursement lines, a RECONCILED one none",
    query: sql`select p.id, p.status, x.open, x.lines
               from payroll_runs p cross join lateral (select
                 (select count(*) from payroll_deductions d
                   where d.run_id = p.id and d.status = 'SUBMITTED')::int as open,
                 (select count(*) from credit_payouts o
                   where o.run_id = p.id and o.status = 'SUBMITTED')::int as lines) x
               where (p.status = 'SUBMITTED' and x.open + x.lines = 0)
                  or (p.status = 'RECONCILED' and x.open + x.lines > 0)`,
    describe: (r) =>
      `payroll run ${r.id} is ${r.status} with ${r.open} open deductions and ${r.lines} open reimbursement lines`,
  },
  {
    rule: "deductions exist only for carded advances",
    query: sql`select distinct d.request_id from payroll_deductions d
               where not exists (select 1 from virtual_cards c where c.request_id = d.request_id)`,
    describe: (r) => `request ${r.request_id} has deductions but no card`,
  },
  {
    rule: "captured ≤ authorized",
    query: sql`select 'request ' || id as what, authorized_amount::text as authorized,
                      captured_amount::text as captured
               from advance_requests
               where captured_amount is not null
                 and (authorized_amount is null or captured_amount > authorized_amount
                      or captured_amount + coalesce(released_amount, 0) > authorized_amount)
               union all
               select 'sandbox payment ' || id, (authorized_cents / 100.0)::text,
                      (captured_cents / 100.0)::text
               from sandbox_payments
               where captured_cents + released_cents > authorized_cents`,
    describe: (r) =>
      `${r.what}: authorized ${r.authorized ?? "nothing"}, captured ${r.captured}`,
  },
  {
    rule: "every deduction belongs to an approved request",
    query: sql`select d.id, d.request_id, r.status from payroll_deductions d
               join advance_requests r on r.id = d.request_id where r.status <> 'APPROVED'`,
    describe: (r) => `deduction ${r.id} of ${r.status} request ${r.request_id}`,
  },
  {
    rule: "at most one card per request",
    query: sql`select request_id, count(*)::int as cards from virtual_cards
               group by request_id having count(*) > 1`,
    describe: (r) => `request ${r.request_id} has ${r.cards} cards`,
  },
  {
    // The advances ask the request, not the cards' table, whether it has its card.
    rule: "a request is stamped card-issued exactly when it has a card",
    query: sql`select r.id, r.card_issued_at, c.id as card_id from advance_requests r
               left join virtual_cards c on c.request_id = r.id
               where (r.card_issued_at is null) <> (c.id is null)`,
    describe: (r) =>
      r.card_id === null
        ? `request ${r.id} is stamped card-issued but has no card`
        : `request ${r.id} has card ${r.card_id} but is not stamped card-issued`,
  },
  {
    rule: "cards only for approved, paid requests",
    query: sql`select c.id, c.request_id, r.status, r.paid_at from virtual_cards c
               join advance_requests r on r.id = c.request_id
               where r.status <> 'APPROVED' or r.paid_at is null`,
    describe: (r) =>
      `card ${r.id} for request ${r.request_id} (${r.status}, paid ${r.paid_at ?? "never"})`,
  },
  {
    rule: "card spend within the card amount",
    query: sql`select c.id, c.amount::text as amount,
                      sum(case when a.kind = 'refund' then -a.amount else a.amount end)::text as spent
               from virtual_cards c join card_authorizations a on a.card_id = c.id
               where a.approved and a.status <> 'reversed'
               group by c.id, c.amount
               having sum(case when a.kind = 'refund' then -a.amount else a.amount end) > c.amount`,
    describe: (r) => `card ${r.id}: amount ${r.amount}, spent ${r.spent}`,
  },
  {
    rule: "no full card number stored",
    query: sql`select id from virtual_cards
               where regexp_replace(card_number, '[^0-9]', '', 'g') ~ '[0-9]{13,19}'
                  or card_number ~ '[0-9]{5,}'`,
    describe: (r) => `card ${r.id} holds more than the last four digits`,
  },
  {
    rule: "no CVC stored",
    query: sql`select table_name, column_name from information_schema.columns
               where table_schema = 'public' and (column_name ilike '%cvc%' or column_name ilike '%cvv%')`,
    describe: (r) => `column ${r.table_name}.${r.column_name} could hold a CVC`,
  },
  {
    // The recovery job gives up on a card within the hour.
    rule: "no paid request without a card or a refund older than 1 hour",
    query: sql`select r.id, r.status, r.paid_at from advance_requests r
               where r.paid_at < now() - make_interval(mins => ${CARD_GIVE_UP_MINUTES})
                 and ((r.status = 'APPROVED'
                       and not exists (select 1 from virtual_cards c where c.request_id = r.id))
                   or (r.status = 'CANCELLED' and r.payment_settled_at is null
                       and r.cancelled_at < now() - make_interval(mins => ${CARD_GIVE_UP_MINUTES})))`,
    describe: (r) =>
      `request ${r.id} (${r.status}) paid ${String(r.paid_at)} has no card and its fee was not given back`,
  },
  {
    rule: `no approved-unpaid request older than ${PAY_BY_DAYS} days`,
    query: sql`select r.id, r.approval_date from advance_requests r
               where r.status = 'APPROVED' and r.paid_at is null
                 and r.approval_date < now() - make_interval(days => ${PAY_BY_DAYS})
                 and not exists (select 1 from virtual_cards c where c.request_id = r.id)`,
    describe: (r) =>
      `request ${r.id} approved ${String(r.approval_date)} is still unpaid`,
  },
  {
    // The company's sums (dashboard, next payroll) read deductions by this copy.
    rule: "each deduction is filed under its employee's company",
    query: sql`select d.id, d.employer_id, e.employer_id as company
               from payroll_deductions d join advance_requests r on r.id = d.request_id
               join employees e on e.id = r.employee_id
               where d.employer_id is distinct from e.employer_id`,
    describe: (r) =>
      `deduction ${r.id} is filed under company ${String(r.employer_id)}, its employee is in ${String(r.company)}`,
  },
];

export async function checkInvariants(
  executor: Executor,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const check of CHECKS) {
    const rows = await queryRows<Record<string, unknown>>(
      executor,
      check.query,
    );
    for (const row of rows)
      violations.push({ rule: check.rule, detail: check.describe(row) });
  }
  return violations;
}

export const INVARIANT_RULES = CHECKS.map((c) => c.rule);
