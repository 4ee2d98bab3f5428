import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { requestNoticeFacts } from "~/models/advances/index.server";
import type {
  CardIssuedFacts,
  DeclinedPurchase,
} from "~/models/notifications/index.server";

// What the cards' notices name, read here in the caller's transaction and handed to them.

/** A card just issued as its notice names it: the card, its request's fee and deductions. */
export async function cardIssuedFacts(
  tx: Executor,
  cardId: number,
): Promise<CardIssuedFacts | null> {
  const [c] = await queryRows<
    { request_id: number } & Pick<
      CardIssuedFacts,
      | "card_number"
      | "amount"
      | "spending_limits"
      | "expiry_month"
      | "expiry_year"
      | "created_at"
    >
  >(
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

/** A declined purchase as its notice names it; null unless it is there and was declined. */
export async function declinedPurchaseOf(
  tx: Executor,
  authorizationId: number,
): Promise<DeclinedPurchase | null> {
  const [a] = await queryRows<DeclinedPurchase>(
    tx,
    sql`select a.id as authorization_id, a.card_id, a.amount::text as amount, a.merchant_name,
               a.reason, u.id as user_id, u.language
        from card_authorizations a
        join virtual_cards c on c.id = a.card_id
        join advance_requests r on r.id = c.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        where a.id = ${authorizationId} and not a.approved`,
  );
  return a ?? null;
}
