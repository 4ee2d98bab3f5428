import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { CARD_GIVE_UP_MINUTES, PAY_BY_DAYS } from "~/utils/rules";

export type Violation = { rule: string; detail: string };

type Check = {
  rule: string;
  query: ReturnType<typeof sql>;
  describe: (row: Record<string, unknown>) => string;
};

// The invariants that keep the money right. Each query
// returns the offending rows; an empty result everywhere means the database is consistent.
const CHECKS: Check[] = [
  {
    rule: "a carded advance's deductions sum to its amount",
    query: sql`select r.id, r.amount::text as amount, coalesce(sum(d.amount), 0)::text as deducted
               from advance_requests r
               join virtual_cards c on c.request_id = r.id
               left join payroll_deductions d on d.request_id = r.id
               where r.status = 'APPROVED'
               group by r.id having coalesce(sum(d.amount), 0) <> r.amount`,
    describe: (r) =>
      `request ${r.id}: amount ${r.amount}, deductions ${r.deducted}`,
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
    rule: "no balance below zero or above the max advance",
    query: sql`select e.id, e.available_balance::text as balance, s.max_advance::text as max
               from employees e left join companies s on s.id = e.employer_id
               where e.available_balance < 0
                  or (s.max_advance is not null and e.available_balance > s.max_advance)`,
    describe: (r) =>
      `employee ${r.id}: balance ${r.balance}, max ${r.max ?? "n/a"}`,
  },
  {
    rule: "at most one card per request",
    query: sql`select request_id, count(*)::int as cards from virtual_cards
               group by request_id having count(*) > 1`,
    describe: (r) => `request ${r.request_id} has ${r.cards} cards`,
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
    query: sql`select c.id, c.amount::text as amount, sum(a.amount)::text as spent
               from virtual_cards c join card_authorizations a on a.card_id = c.id
               where a.approved and a.status <> 'reversed'
               group by c.id, c.amount having sum(a.amount) > c.amount`,
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
    // The recovery job gives up on a card within the hour (docs/decisions/1911).
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
