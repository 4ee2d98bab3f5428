import { sql } from "drizzle-orm";
import { action as webhookApi } from "~/routes/api.stripe.webhook";
import {
  authorizeCardPurchase,
  closeCardInTx,
} from "~/models/cards/index.server";

import { db, queryRows } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import { stripeSignature, useFakeStripe } from "#tests/support/payments";
import { call, createEmployee, createEmployer } from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// Stripe's merchant refunds (issuing_transaction.created of type refund) go through the same
// decision under the card's lock: however many arrive at once, together they never give back
// more than the card spent; one that would is acknowledged and stored, not applied.

useTestDatabase();

const fakeStripe = useFakeStripe();

let counter = 0;

function refundEvent(providerCardId: string, cents: number) {
  counter += 1;
  return JSON.stringify({
    id: `evt_refund_${counter}`,
    object: "event",
    type: "issuing_transaction.created",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ipi_refund_${counter}`,
        object: "issuing.transaction",
        type: "refund",
        amount: cents,
        card: providerCardId,
        merchant_data: {
          name: "Fresh Market",
          category: "grocery_stores_supermarkets",
        },
      },
    },
  });
}

function authorizationEvent(
  type: string,
  providerCardId: string,
  id: string,
  cents: number,
  status: string,
) {
  counter += 1;
  return JSON.stringify({
    id: `evt_auth_${counter}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id,
        object: "issuing.authorization",
        amount: cents,
        approved: true,
        status,
        currency: "usd",
        card: { id: providerCardId, object: "issuing.card" },
        merchant_data: {
          name: "Fresh Market",
          category: "grocery_stores_supermarkets",
        },
        pending_request: null,
        request_history: [],
      },
    },
  });
}

function post(payload: string) {
  return call(
    webhookApi,
    new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": stripeSignature(payload),
      },
    }),
  );
}

describe("Stripe's merchant refunds under the card's lock", () => {
  it("five parallel $150 refunds on a closed card that spent $210 apply at most $210", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
    });
    const card = await insertCard(request);
    fakeStripe().cards.set(card.providerCardId, {
      id: card.providerCardId,
      object: "issuing.card",
      status: "active",
      last4: "4242",
    });
    await authorizeCardPurchase(card.id, {
      amountCents: 21_000,
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
    });
    await db().transaction((tx) =>
      closeCardInTx(tx, card.id, null, "employee"),
    );

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(refundEvent(card.providerCardId, -15_000)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await queryRows<{ approved: boolean; reason: string | null }>(
      db(),
      sql`select approved, reason from card_authorizations
          where card_id = ${card.id} and kind = 'refund' order by id`,
    );
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.approved)).toHaveLength(1);
    expect(rows.filter((r) => !r.approved).map((r) => r.reason)).toEqual(
      Array(4).fill("Not applied: the refund is more than the card has spent."),
    );
    const [spend] = await queryRows<{ spent: string }>(
      db(),
      sql`select coalesce(-sum(amount), 0)::text as spent from ledger_postings
          where card_id = ${card.id} and account = 'merchants'`,
    );
    expect(spend.spent).toBe("60.00");
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("a purchase reversed after its refund does not make the card's spend negative", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
    });
    const card = await insertCard(request);
    fakeStripe().cards.set(card.providerCardId, {
      id: card.providerCardId,
      object: "issuing.card",
      status: "active",
      last4: "4242",
    });
    const spent = async () => {
      const [row] = await queryRows<{ spent: string; left: string }>(
        db(),
        sql`select
              coalesce(-sum(amount) filter (where account = 'merchants'), 0)::text as spent,
              coalesce(-sum(amount) filter (where account = 'card'), 0)::text as left
            from ledger_postings where card_id = ${card.id}`,
      );
      return row;
    };
    // Stripe approves a $100.00 purchase and a $40.00 one; the merchant refunds the $100.00.
    for (const [id, cents] of [
      ["iauth_rev_1", 10_000],
      ["iauth_rev_2", 4_000],
    ] as const)
      expect(
        (
          await post(
            authorizationEvent(
              "issuing_authorization.created",
              card.providerCardId,
              id,
              cents,
              "pending",
            ),
          )
        ).status,
      ).toBe(200);
    expect((await post(refundEvent(card.providerCardId, -10_000))).status).toBe(
      200,
    );
    expect(await spent()).toEqual({ spent: "40.00", left: "260.00" });
    // Then Stripe reverses the $100.00 authorization itself: the same money, not again.
    expect(
      (
        await post(
          authorizationEvent(
            "issuing_authorization.updated",
            card.providerCardId,
            "iauth_rev_1",
            10_000,
            "reversed",
          ),
        )
      ).status,
    ).toBe(200);
    expect(await spent()).toEqual({ spent: "40.00", left: "260.00" });
    const refunds = await queryRows<{ approved: boolean; reason: string }>(
      db(),
      sql`select approved, reason from card_authorizations
          where card_id = ${card.id} and kind = 'refund'`,
    );
    expect(refunds).toEqual([
      {
        approved: false,
        reason: "Not applied: the purchase it refunded was reversed.",
      },
    ]);
    // And the $40.00 one reversed too: nothing spent, never below zero.
    await post(
      authorizationEvent(
        "issuing_authorization.updated",
        card.providerCardId,
        "iauth_rev_2",
        4_000,
        "reversed",
      ),
    );
    expect(await spent()).toEqual({ spent: "0.00", left: "300.00" });
    expect(await checkInvariants(db())).toEqual([]);
  });
});
