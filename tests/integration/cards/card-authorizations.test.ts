import { and, eq, sql } from "drizzle-orm";
import { auditEvents, virtualCards } from "#db/schema";
import {
  authorizeCardPurchase,
  DECLINE_FROZEN,
  DECLINE_NOT_GROCERY,
} from "~/models/cards/index.server";

import * as cardPage from "~/routes/_app.cards.$id";
import { action as sandboxApi } from "~/routes/api.sandbox.card-authorizations";
import { loader as cardsApi } from "~/routes/api.virtual-cards";
import { action as freezeApi } from "~/routes/api.virtual-cards.$id.freeze";
import { action as unfreezeApi } from "~/routes/api.virtual-cards.$id.unfreeze";
import {
  connection,
  connectPostgres,
  db,
  setConnection,
} from "~/utils/db.server";
import { subscribe, type AppEvent } from "~/services/events.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { authorizationsOf } from "#tests/support/payments";
import type { User } from "#db/schema";
import { companyIdOf } from "#tests/support/rows";

import { checkInvariants } from "~/models/reports/index.server";
// Grocery-only cards, proven: every purchase is decided by authorizeCardPurchase, through the
// sandbox's JSON endpoint, the card page's "Simulate a purchase" form, or directly.

useTestDatabase();

async function waitFor(check: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function cardOf(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, { amount, status: "APPROVED" });
  const card = await insertCard(request);
  return { employer, user, request, card };
}

function purchase(
  user: User | null,
  body: Record<string, unknown> | string,
): Promise<Response> {
  return requestAs(user, "/api/sandbox/card-authorizations", {
    ...(typeof body === "string"
      ? { body, headers: { "Content-Type": "application/json" } }
      : { json: body }),
  }).then((req) => call(sandboxApi, req));
}

const grocery = (cardId: number, amount = "50.00") => ({
  cardId,
  amount,
  merchantName: "Fresh Market",
  merchantCategory: "grocery_stores_supermarkets",
});

async function listedCard(user: User, cardId: number) {
  const res = await call(cardsApi, await requestAs(user, "/api/virtual-cards"));
  const cards = (await res.json()) as Array<Record<string, unknown>>;
  return cards.find((c) => c.id === cardId)!;
}

describe("POST /api/sandbox/card-authorizations", () => {
  it("approves a grocery purchase within the balance and stores it", async () => {
    const { user, card } = await cardOf("300.00");
    const res = await purchase(user, grocery(card.id, "50.00"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ approved: true, reason: null });
    const [row] = await authorizationsOf(card.id);
    expect(row).toMatchObject({
      amount: "50.00",
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
      approved: true,
      reason: null,
      providerAuthorizationId: null,
    });
    expect(await listedCard(user, card.id)).toMatchObject({
      amount: "300.00",
      spentAmount: "50.00",
      remainingBalance: "250.00",
    });
  });

  it("declines a restaurant, with the reason, and stores the decline", async () => {
    const { user, card } = await cardOf();
    const res = await purchase(user, {
      ...grocery(card.id, "20.00"),
      merchantName: "Luigi's Trattoria",
      merchantCategory: "eating_places_restaurants",
    });
    expect(await res.json()).toMatchObject({
      approved: false,
      reason: DECLINE_NOT_GROCERY,
    });
    const [row] = await authorizationsOf(card.id);
    expect(row).toMatchObject({
      approved: false,
      reason: DECLINE_NOT_GROCERY,
      merchantCategory: "eating_places_restaurants",
    });
    expect((await listedCard(user, card.id)).remainingBalance).toBe("300.00");
  });

  it("declines a purchase over the remaining balance, to the cent", async () => {
    const { user, card } = await cardOf("300.00");
    expect(
      (await (await purchase(user, grocery(card.id, "250.00"))).json())
        .approved,
    ).toBe(true);
    const over = await (await purchase(user, grocery(card.id, "50.01"))).json();
    expect(over).toEqual({
      approved: false,
      reason:
        "The purchase of $50.01 is more than the card's remaining balance of $50.00.",
      authorizationId: expect.any(Number),
    });
    const exact = await (await purchase(user, grocery(card.id, "50"))).json();
    expect(exact.approved).toBe(true);
    expect(await listedCard(user, card.id)).toMatchObject({
      spentAmount: "300.00",
      remainingBalance: "0.00",
    });
    const last = await (await purchase(user, grocery(card.id, "0.01"))).json();
    expect(last.approved).toBe(false);
  });

  it("declines everything on a frozen card until it is unfrozen; both recorded in the audit trail", async () => {
    const { user, card, employer } = await cardOf();
    const frozen = await call(
      freezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/freeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    expect(frozen.status).toBe(200);
    expect(await frozen.json()).toMatchObject({
      id: card.id,
      status: "frozen",
      remainingBalance: "300.00",
    });
    // Freezing twice changes nothing more.
    await call(
      freezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/freeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    const declined = await (await purchase(user, grocery(card.id))).json();
    expect(declined).toMatchObject({ approved: false, reason: DECLINE_FROZEN });

    const unfrozen = await call(
      unfreezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/unfreeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    expect((await unfrozen.json()).status).toBe("active");
    expect(
      (await (await purchase(user, grocery(card.id))).json()).approved,
    ).toBe(true);

    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, user.id))
      .orderBy(auditEvents.id);
    const cardEvents = audit.filter((e) => e.action.startsWith("card."));
    expect(cardEvents.map((e) => e.action)).toEqual([
      "card.frozen",
      "card.unfrozen",
    ]);
    expect(cardEvents[0]).toMatchObject({
      actorId: user.id,
      companyId: companyIdOf(employer),
      requestId: card.requestId,
    });
  });

  it("never overspends under 20 concurrent authorizations", async () => {
    const { user, card } = await cardOf("300.00");
    // Twenty $35.00 purchases at once: exactly eight fit in $300.00.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        purchase(user, {
          ...grocery(card.id, "35.00"),
          merchantName: `Till ${i + 1}`,
        }).then((r) => r.json()),
      ),
    );
    expect(answers.filter((a) => a.approved)).toHaveLength(8);
    expect(
      answers.filter(
        (a) =>
          !a.approved &&
          a.reason ===
            "The purchase of $35.00 is more than the card's remaining balance of $20.00.",
      ),
    ).toHaveLength(12);
    const rows = await authorizationsOf(card.id);
    expect(rows).toHaveLength(20);
    expect(await listedCard(user, card.id)).toMatchObject({
      spentAmount: "280.00",
      remainingBalance: "20.00",
    });

    // And straight through the model, twenty at once with odd amounts.
    const second = await cardOf("200.00");
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        authorizeCardPurchase(second.card.id, {
          amountCents: 1_333 + i,
          merchantName: "Corner Grocer",
          merchantCategory: "grocery_stores_supermarkets",
        }),
      ),
    );
    const approvedCents = (await authorizationsOf(second.card.id))
      .filter((r) => r.approved)
      .reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    expect(decisions.filter((d) => d.approved).length).toBeGreaterThan(0);
    expect(approvedCents).toBeLessThanOrEqual(20_000);
    expect(await checkInvariants(db())).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ rule: "card spend within the card amount" }),
      ]),
    );
  });

  it("tells the card holder's open pages once the decision is stored, and only then", async () => {
    const { user, card, request } = await cardOf("300.00");
    const seen: AppEvent[] = [];
    const off = await subscribe(user.id, (event) => seen.push(event));
    try {
      const approved = await authorizeCardPurchase(card.id, {
        amountCents: 1_250,
        merchantName: "Fresh Market",
        merchantCategory: "grocery_stores_supermarkets",
      });
      expect(approved.approved).toBe(true);
      await waitFor(() => seen.length === 1);
      expect(seen[0]).toMatchObject({
        type: "card.updated",
        to: [user.id],
        requestId: request.id,
      });
      // A decline is stored too, and the page hears of it.
      await authorizeCardPurchase(card.id, {
        amountCents: 1_000,
        merchantName: "Steak House",
        merchantCategory: "eating_places_restaurants",
      });
      await waitFor(() => seen.length === 2);

      // A decision whose write fails is not stored and not announced; the card is not left
      // locked and the next purchase is decided on the balance as it was.
      await db().execute(
        sql`alter table card_authorizations add constraint refuse_test_till check (merchant_name <> 'Broken Till')`,
      );
      try {
        const failed = await authorizeCardPurchase(card.id, {
          amountCents: 2_000,
          merchantName: "Broken Till",
          merchantCategory: "grocery_stores_supermarkets",
        }).then(
          () => null,
          (error: unknown) => error as Error,
        );
        // drizzle on PGlite wraps the database's error as its cause.
        expect(`${String(failed)} ${String(failed?.cause)}`).toMatch(
          /refuse_test_till/,
        );
      } finally {
        await db().execute(
          sql`alter table card_authorizations drop constraint refuse_test_till`,
        );
      }
      expect(await authorizationsOf(card.id)).toHaveLength(2);
      const next = await authorizeCardPurchase(card.id, {
        amountCents: 28_750,
        merchantName: "Fresh Market",
        merchantCategory: "grocery_stores_supermarkets",
      });
      expect(next.approved).toBe(true);
      await waitFor(() => seen.length >= 3);
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toHaveLength(3);
      expect(await listedCard(user, card.id)).toMatchObject({
        spentAmount: "300.00",
        remainingBalance: "0.00",
      });
      expect(await checkInvariants(db())).toEqual([]);
    } finally {
      off();
    }
  });

  it("keeps no prepared statement on a connection told not to (a pooler that cannot keep them)", async () => {
    const conn = connection();
    if (conn.kind !== "postgres") return; // PGlite has no pooler in front of it
    const { card } = await cardOf("300.00");
    const unprepared = connectPostgres(conn.url, 1, { prepare: false });
    if (unprepared.kind !== "postgres")
      throw new Error("a PostgreSQL connection");
    setConnection(unprepared);
    try {
      const decision = await authorizeCardPurchase(card.id, {
        amountCents: 500,
        merchantName: "Fresh Market",
        merchantCategory: "grocery_stores_supermarkets",
      });
      expect(decision.approved).toBe(true);
      // One connection: the statements above ran on the session this asks.
      const [{ count }] = await unprepared.client<{ count: number }[]>`
        select count(*)::int as count from pg_prepared_statements`;
      expect(count).toBe(0);
    } finally {
      setConnection(conn);
      await unprepared.client.end();
    }
    expect(await authorizationsOf(card.id)).toHaveLength(1);
  });

  it("refuses another employee's card (404), other roles and anonymous callers, without storing anything", async () => {
    const { card, employer } = await cardOf();
    const stranger = await createEmployee(employer);
    const res = await purchase(stranger, grocery(card.id));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Card not found." });
    expect((await purchase(employer, grocery(card.id))).status).toBe(403);
    expect((await purchase(null, grocery(card.id))).status).toBe(401);
    expect((await purchase(stranger, grocery(999_999))).status).toBe(404);
    expect(await authorizationsOf(card.id)).toHaveLength(0);
  });

  it("answers bad input with a 400 and a message, never a 500", async () => {
    const { user, card } = await cardOf();
    const bad: Array<Record<string, unknown> | string> = [
      {},
      "not json",
      "[1,2]",
      { ...grocery(card.id), amount: "abc" },
      { ...grocery(card.id), amount: "1.234" },
      { ...grocery(card.id), amount: "-5.00" },
      { ...grocery(card.id), amount: "0.00" },
      { ...grocery(card.id), amount: 1e300 },
      { ...grocery(card.id), amount: null },
      { ...grocery(card.id), cardId: "x" },
      { ...grocery(card.id), cardId: -1 },
      { ...grocery(card.id), cardId: 1.5 },
      { ...grocery(card.id), cardId: 99_999_999_999 },
      { ...grocery(card.id), merchantName: "" },
      { ...grocery(card.id), merchantName: "x".repeat(101) },
      { ...grocery(card.id), merchantName: 12 },
      { ...grocery(card.id), merchantCategory: "Grocery Stores!" },
      {
        ...grocery(card.id),
        merchantCategory: ["grocery_stores_supermarkets"],
      },
    ];
    for (const body of bad) {
      const res = await purchase(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
    expect(await authorizationsOf(card.id)).toHaveLength(0);
  });
});

describe("freeze and unfreeze endpoints", () => {
  it("404 for another employee's card or a malformed id; 403 for an employer", async () => {
    const { card, employer } = await cardOf();
    const stranger = await createEmployee(employer);
    for (const id of [String(card.id), "abc", "0", "99999999999"]) {
      const res = await call(
        freezeApi,
        await requestAs(stranger, `/api/virtual-cards/${id}/freeze`, {
          method: "POST",
        }),
        { id },
      );
      expect(res.status).toBe(404);
    }
    const res = await call(
      unfreezeApi,
      await requestAs(employer, `/api/virtual-cards/${card.id}/unfreeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    expect(res.status).toBe(403);
    const [row] = await db()
      .select()
      .from(virtualCards)
      .where(eq(virtualCards.id, card.id));
    expect(row.status).toBe("active");
  });

  it("refuses to unfreeze a card that is neither active nor frozen (409)", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await insertAdvance(user, { status: "APPROVED" });
    const card = await insertCard(request, { status: "canceled" });
    const res = await call(
      unfreezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/unfreeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    expect(res.status).toBe(409);
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.subjectUserId, user.id),
            eq(auditEvents.action, "card.unfrozen"),
          ),
        ),
    ).toHaveLength(0);
  });
});

describe("the card page /cards/:id", () => {
  it("shows the owner the figures and purchases; anyone else gets a 404", async () => {
    const { user, card, employer } = await cardOf("300.00");
    await purchase(user, grocery(card.id, "120.50"));
    await purchase(user, {
      ...grocery(card.id, "30.00"),
      merchantName: "The Tap Room",
      merchantCategory: "drinking_places",
    });
    const res = await call(
      cardPage.loader,
      await requestAs(user, `/cards/${card.id}`),
      { id: String(card.id) },
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data).toMatchObject({
      cardNumber: "•••• •••• •••• 4242",
      status: "active",
      expiry: "03/2029",
      limit: "$300.00",
      spent: "$120.50",
      remaining: "$179.50",
      sandbox: true,
    });
    expect(data.authorizations).toMatchObject([
      {
        merchantName: "The Tap Room",
        category: "Bar or tavern",
        approved: false,
        reason: DECLINE_NOT_GROCERY,
      },
      { merchantName: "Fresh Market", amount: "$120.50", approved: true },
    ]);

    const stranger = await createEmployee(employer);
    for (const [who, id] of [
      [stranger, String(card.id)],
      [user, "999999"],
      [user, "abc"],
    ] as const) {
      const refused = await call(
        cardPage.loader,
        await requestAs(who, `/cards/${id}`),
        { id },
      );
      expect(refused.status).toBe(404);
    }
    const asEmployer = await call(
      cardPage.loader,
      await requestAs(employer, `/cards/${card.id}`),
      { id: String(card.id) },
    );
    expect(asEmployer.status).toBe(403);
  });

  it("simulates purchases and freezes the card through its forms", async () => {
    const { user, card } = await cardOf("200.00");
    const post = async (form: Record<string, string>) =>
      call(
        cardPage.action,
        await requestAs(user, `/cards/${card.id}`, { form }),
        { id: String(card.id) },
      );
    const shown = async (res: Response) => {
      expect(res.status).toBe(302);
      const location = res.headers.get("Location")!;
      expect(location).toMatch(
        new RegExp(`^/cards/${card.id}\\?purchase=\\d+$`),
      );
      const page = await call(
        cardPage.loader,
        await requestAs(user, location),
        { id: String(card.id) },
      );
      return (await page.json()).simulated;
    };
    expect(
      await shown(
        await post({
          intent: "simulate",
          amount: "42.10",
          merchantName: "Green Grocer",
          merchantCategory: "grocery_stores_supermarkets",
        }),
      ),
    ).toEqual({
      approved: true,
      reason: null,
      summary: "Approved: $42.10 at Green Grocer.",
    });
    expect(
      await shown(
        await post({
          intent: "simulate",
          amount: "12.00",
          merchantName: "Burger Barn",
          merchantCategory: "fast_food_restaurants",
        }),
      ),
    ).toEqual({
      approved: false,
      reason: DECLINE_NOT_GROCERY,
      summary: "Declined: $12.00 at Burger Barn.",
    });
    const invalid = await post({
      intent: "simulate",
      amount: "twelve",
      merchantName: "",
      merchantCategory: "grocery_stores_supermarkets",
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).result.error).toMatchObject({
      amount: ["Enter an amount in dollars, like 50.00"],
      merchantName: ["Enter the merchant's name"],
    });

    const frozen = await post({ intent: "freeze" });
    expect(frozen.status).toBe(302);
    expect(frozen.headers.get("Location")).toBe(`/cards/${card.id}`);
    const onFrozen = await post({
      intent: "simulate",
      amount: "5.00",
      merchantName: "Green Grocer",
      merchantCategory: "grocery_stores_supermarkets",
    });
    expect(await shown(onFrozen)).toMatchObject({
      approved: false,
      reason: DECLINE_FROZEN,
    });
    expect((await post({ intent: "unfreeze" })).status).toBe(302);
    expect((await post({ intent: "other" })).status).toBe(400);
    expect(await authorizationsOf(card.id)).toHaveLength(3);

    // Another employee's purchase id in the address shows nothing.
    const other = await cardOf();
    const theirs = await authorizeCardPurchase(other.card.id, {
      amountCents: 100,
      merchantName: "Their Grocer",
      merchantCategory: "grocery_stores_supermarkets",
    });
    const page = await call(
      cardPage.loader,
      await requestAs(
        user,
        `/cards/${card.id}?purchase=${theirs.authorizationId}`,
      ),
      { id: String(card.id) },
    );
    expect((await page.json()).simulated).toBeNull();
  });
});
