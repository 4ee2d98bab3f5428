import { sql } from "drizzle-orm";
import {
  authorizeCardPurchase,
  closeOwnCard,
  simulateMerchantRefund,
} from "~/models/cards/index.server";

import { db, queryRows } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// Merchant refunds are decided under the card's row lock against the ledger's spend: however
// many arrive at once, together they never give back more than the card spent.

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";

async function cardOf(requestId: number) {
  const [card] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${requestId}`,
  );
  return card;
}

/** The card's spend by the ledger and by its rows, and the applied refunds, in cents. */
async function figuresOf(cardId: number) {
  const [row] = await queryRows<{
    ledger: string;
    rows: string;
    refunded: string;
    credit: string;
  }>(
    db(),
    sql`select
          coalesce((select -sum(amount) from ledger_postings
            where card_id = ${cardId} and account = 'merchants'), 0)::text as ledger,
          coalesce((select sum(case when kind = 'refund' then -amount else amount end)
            from card_authorizations where card_id = ${cardId} and approved
              and status <> 'reversed'), 0)::text as rows,
          coalesce((select sum(amount) from card_authorizations
            where card_id = ${cardId} and approved and kind = 'refund'), 0)::text as refunded,
          coalesce((select -sum(p.amount) from ledger_postings p
            join journal_entries j on j.id = p.entry_id
            where j.card_id = ${cardId} and p.account = 'credit'), 0)::numeric(12,2)::text as credit`,
  );
  return row;
}

describe("merchant refunds under the card's lock", () => {
  it("five parallel $150 refunds on a closed card that spent $210 give back at most $210", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00", 2);
    const card = await cardOf(request.id);
    for (const cents of [12_000, 9_000])
      await authorizeCardPurchase(card.id, {
        amountCents: cents,
        merchantName: "Corner Grocer",
        merchantCategory: GROCERY,
      });
    await closeOwnCard(user, card.id);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        simulateMerchantRefund(user, card.id, {
          amount: "150.00",
          merchantName: "Corner Grocer",
        }),
      ),
    );
    const approved = outcomes.filter((o) => o.status === "fulfilled").length;
    expect(approved).toBe(1);
    const figures = await figuresOf(card.id);
    expect(figures).toEqual({
      ledger: "60.00",
      rows: "60.00",
      refunded: "150.00",
      // Payroll collected nothing: nothing is owed back.
      credit: "0.00",
    });
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("refuses one refund more than the card spent, and changes nothing", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00");
    const card = await cardOf(request.id);
    await authorizeCardPurchase(card.id, {
      amountCents: 5_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    await expect(
      simulateMerchantRefund(user, card.id, {
        amount: "50.01",
        merchantName: "Corner Grocer",
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: "A refund cannot be more than the card has spent.",
    });
    await simulateMerchantRefund(user, card.id, {
      amount: "50.00",
      merchantName: "Corner Grocer",
    });
    expect((await figuresOf(card.id)).ledger).toBe("0.00");
    expect(await checkInvariants(db())).toEqual([]);
  });
});
