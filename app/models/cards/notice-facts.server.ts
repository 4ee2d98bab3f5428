import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { requestNoticeFacts } from "~/models/advances/index.server";
import type { CardIssuedFacts } from "~/models/notifications/index.server";

// What the cards' notices name, read here in the caller's transaction and handed to them.

/** A card just issued as its notice names it: the card, its request's fee and deductions. */
export async function cardIssuedFacts(
  tx: Executor,
  cardId: number,
): Promise<CardIssuedFacts | null> {
  const [c] = await queryRows<{
    request_id: number;
    card_number: string;
    amount: string;
    spending_limits: string;
    expiry_month: number;
    expiry_year: number;
    created_at: Date | string;
  }>(
    tx,
    sql`select request_id, card_number, amount::text as amount, spending_limits,
               expiry_month, expiry_year, created_at
        from virtual_cards where id = ${cardId}`,
  );
  if (!c) return null;
  const [charged] = await queryRows<{ captured_amount: string | null }>(
    tx,
    sql`select captured_amount::text as captured_amount from advance_requests
        where id = ${c.request_id}`,
  );
  const deductions = await queryRows<{
    amount: string;
    deduction_date: Date | string;
  }>(
    tx,
    sql`select amount::text as amount, deduction_date from payroll_deductions
        where request_id = ${c.request_id} order by deduction_date, id`,
  );
  return {
    card_id: cardId,
    card_number: c.card_number,
    amount: c.amount,
    spending_limits: c.spending_limits,
    expiry_month: c.expiry_month,
    expiry_year: c.expiry_year,
    created_at: c.created_at,
    captured_amount: charged?.captured_amount ?? null,
    deductions,
    request: await requestNoticeFacts(tx, c.request_id),
  };
}
