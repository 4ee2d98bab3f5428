import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "~/utils/db.server";
import { toCents } from "~/utils/money";
import {
  postEntry,
  transfer,
  type EntryInput,
} from "~/models/ledger/index.server";

/**
 * Brings the card's spend in the ledger in line with its authorizations (approved purchases
 * not reversed, less merchant refunds): the difference is posted as a purchase, or as a
 * reversal or refund. Called in the transaction of every change to a card's authorizations,
 * so the ledger's card balance equals the rows it summarizes.
 */
export async function syncCardSpend(
  tx: Tx,
  cardId: number,
  event: "card.purchase" | "card.merchant_refund" | "card.purchase_reversed",
): Promise<void> {
  // The card's spend by its rows and by the ledger, and its subject, in one round trip.
  const [row] = await queryRows<{
    rows: string;
    ledger: string;
    request_id: number;
    employee_id: number;
    company_id: number | null;
  }>(
    tx,
    sql`select
          coalesce((select sum(case when a.kind = 'refund' then -a.amount else a.amount end)
            from card_authorizations a
            where a.card_id = c.id and a.approved and a.status <> 'reversed'), 0)::text as rows,
          coalesce((select sum(p.amount) from ledger_postings p
            where p.card_id = c.id and p.account = 'merchants'), 0)::text as ledger,
          r.id as request_id, e.id as employee_id, e.employer_id as company_id
        from virtual_cards c join advance_requests r on r.id = c.request_id
        join employees e on e.id = r.employee_id where c.id = ${cardId}`,
  );
  if (!row) throw new Error(`no card ${cardId}`);
  const entry = cardSpendEntry(
    cardId,
    {
      requestId: row.request_id,
      employeeId: row.employee_id,
      companyId: row.company_id,
    },
    toCents(row.rows),
    toCents(row.ledger),
    event,
  );
  if (entry) await postEntry(tx, entry);
}

/**
 * The entry that brings a card's spend in the ledger in line with its authorizations: `rows`
 * is what its authorizations add up to (approved, not reversed, less refunds), `merchants` the
 * sum of its merchants postings (negative: purchases credit it), both in cents. Null when they
 * agree. syncCardSpend's rule, for a caller that has both figures already.
 */
export function cardSpendEntry(
  cardId: number,
  subject: { requestId: number; employeeId: number; companyId: number | null },
  rows: number,
  merchants: number,
  event: "card.purchase" | "card.merchant_refund" | "card.purchase_reversed",
): EntryInput | null {
  // merchants is credited (negative) by purchases: spend in the ledger = −merchants.
  const delta = rows + merchants;
  if (delta === 0) return null;
  return {
    ...subject,
    cardId,
    event:
      delta > 0
        ? "card.purchase"
        : event === "card.purchase"
          ? "card.purchase_reversed"
          : event,
    postings: transfer(
      delta > 0 ? "card" : "merchants",
      delta > 0 ? "merchants" : "card",
      Math.abs(delta),
    ),
  };
}
