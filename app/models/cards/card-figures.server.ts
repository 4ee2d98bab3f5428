import { sql } from "drizzle-orm";
import { cardRemainingSql } from "~/models/ledger/index.server";
import { queryRows, type Executor } from "~/utils/db.server";
import { toCents } from "~/utils/money";

// A card's money figures (DESIGN §12): funded, spent, returned, remaining
// and owed back, from the ledger's postings tagged with the card. All in cents.

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
