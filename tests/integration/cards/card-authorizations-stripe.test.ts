import { eq } from "drizzle-orm";
import { auditEvents, virtualCards, type User } from "#db/schema";
import { action as displayKeyApi } from "~/routes/api.virtual-cards.$id.ephemeral-key";
import { DETAILS_SHOWN_BY_SANDBOX } from "~/models/cards/index.server";
import { CARD_DISPLAY_REFUSED } from "~/services/payments/stripe.server";
import { action as webhookApi } from "~/routes/api.stripe.webhook";
import { action as sandboxApi } from "~/routes/api.sandbox.card-authorizations";
import { action as freezeApi } from "~/routes/api.virtual-cards.$id.freeze";
import { action as unfreezeApi } from "~/routes/api.virtual-cards.$id.unfreeze";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import {
  allCardRowsAsText,
  authorizationsOf,
  disableStripe,
  enableStripe,
  useFakeStripe,
  stripeSignature,
} from "#tests/support/payments";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Grocery-only cards with Stripe Issuing: the real-time authorization webhook answered by
// authorizeCardPurchase, the outcome events recorded, and freeze/unfreeze sent to Stripe (the
// real stripe SDK against the fake Stripe server).

useTestDatabase();

const fakeStripe = useFakeStripe();

const sign = (payload: string) => stripeSignature(payload);

let counter = 0;

function event(type: string, object: Record<string, unknown>) {
  counter += 1;
  return JSON.stringify({
    id: `evt_card_${counter}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

function authorization(
  providerCardId: string,
  options: {
    id?: string;
    amount?: number;
    category?: string;
    name?: string;
    approved?: boolean;
    status?: string;
    currency?: string;
    networkId?: string;
  } = {},
) {
  return {
    id: options.id ?? `iauth_test_${++counter}`,
    object: "issuing.authorization",
    amount: 0,
    approved: options.approved ?? false,
    status: options.status ?? "pending",
    currency: "usd",
    card: { id: providerCardId, object: "issuing.card" },
    merchant_data: {
      category: options.category ?? "grocery_stores_supermarkets",
      name: options.name ?? "Fresh Market",
      ...(options.networkId ? { network_id: options.networkId } : {}),
    },
    pending_request: {
      amount: options.amount ?? 5_000,
      currency: options.currency ?? "usd",
      is_amount_controllable: false,
      merchant_amount: options.amount ?? 5_000,
      merchant_currency: "usd",
    },
    request_history: [],
  };
}

function post(payload: string, signature: string | null = sign(payload)) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  return call(
    webhookApi,
    new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      body: payload,
      headers,
    }),
  );
}

/** A card of an employee, known to the fake Stripe as an active Issuing card. */
async function stripeCard(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, { amount, status: "APPROVED" });
  const card = await insertCard(request);
  fakeStripe().cards.set(card.providerCardId, {
    id: card.providerCardId,
    object: "issuing.card",
    status: "active",
    last4: "4242",
  });
  return { user, card };
}

describe("issuing_authorization.request (real-time authorization)", () => {
  it("approves a grocery purchase within the balance in under 2 s, answering Stripe's contract", async () => {
    const { card } = await stripeCard("300.00");
    const auth = authorization(card.providerCardId, { amount: 12_345 });
    const started = performance.now();
    const res = await post(event("issuing_authorization.request", auth));
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.headers.get("Stripe-Version")).toBe("2026-10-28.endive");
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ approved: true });
    expect(elapsed).toBeLessThan(2_000);
    const [row] = await authorizationsOf(card.id);
    expect(row).toMatchObject({
      amount: "123.45",
      approved: true,
      status: "pending",
      providerAuthorizationId: auth.id,
      merchantName: "Fresh Market",
    });
  });

  it("declines a restaurant, a purchase over the balance, another currency and a frozen card", async () => {
    const { user, card } = await stripeCard("100.00");
    const answers: boolean[] = [];
    for (const auth of [
      authorization(card.providerCardId, {
        category: "eating_places_restaurants",
        name: "Luigi's",
      }),
      authorization(card.providerCardId, { amount: 10_001 }),
      authorization(card.providerCardId, { currency: "eur" }),
    ]) {
      const res = await post(event("issuing_authorization.request", auth));
      answers.push((await res.json()).approved);
    }
    await call(
      freezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/freeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    const frozen = await post(
      event(
        "issuing_authorization.request",
        authorization(card.providerCardId, { amount: 100 }),
      ),
    );
    answers.push((await frozen.json()).approved);
    expect(answers).toEqual([false, false, false, false]);
    expect((await authorizationsOf(card.id)).map((r) => r.reason)).toEqual([
      "This card can only be used at grocery stores.",
      "The purchase of $100.01 is more than the card's remaining balance of $100.00.",
      "This card can only be used for purchases in US dollars.",
      "This card is frozen.",
    ]);
  });

  it("approves a listed superstore at 5310 and declines an unlisted one, naming the rule", async () => {
    const { card } = await stripeCard("300.00");
    const listed = await post(
      event(
        "issuing_authorization.request",
        authorization(card.providerCardId, {
          amount: 7_500,
          category: "discount_stores",
          name: "WAL-MART SUPERCENTER #2280",
          networkId: "100000012345",
        }),
      ),
    );
    expect(await listed.json()).toEqual({ approved: true });
    const unlisted = await post(
      event(
        "issuing_authorization.request",
        authorization(card.providerCardId, {
          amount: 2_000,
          category: "discount_stores",
          name: "DOLLAR BARGAINS 17",
        }),
      ),
    );
    expect(await unlisted.json()).toEqual({ approved: false });
    expect(
      (await authorizationsOf(card.id)).map((r) => [
        r.merchantName,
        r.merchantCategory,
        r.approved,
        r.reason,
      ]),
    ).toEqual([
      ["WAL-MART SUPERCENTER #2280", "discount_stores", true, null],
      [
        "DOLLAR BARGAINS 17",
        "discount_stores",
        false,
        "This shop is not on the card's list of superstores, and purchases in its category (5310) are allowed only there.",
      ],
    ]);
  });

  it("answers a redelivered request with the same decision, stored once", async () => {
    const { card } = await stripeCard("100.00");
    const auth = authorization(card.providerCardId, { amount: 8_000 });
    const first = await post(event("issuing_authorization.request", auth));
    const again = await post(event("issuing_authorization.request", auth));
    expect(await first.json()).toEqual({ approved: true });
    expect(await again.json()).toEqual({ approved: true });
    expect(await authorizationsOf(card.id)).toHaveLength(1);
  });

  it("declines a card it does not know", async () => {
    const res = await post(
      event("issuing_authorization.request", authorization("ic_unknown")),
    );
    expect(await res.json()).toEqual({ approved: false });
  });

  it("refuses a bad signature with 400 and decides nothing", async () => {
    const { card } = await stripeCard();
    const payload = event(
      "issuing_authorization.request",
      authorization(card.providerCardId),
    );
    const forged = stripeSignature(payload, "whsec_someone_else");
    const res = await post(payload, forged);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Invalid webhook signature." });
    expect((await post(payload, null)).status).toBe(400);
    expect(await authorizationsOf(card.id)).toHaveLength(0);
  });
});

describe("issuing outcome events", () => {
  it("records Stripe's final decision, a release, and the capture", async () => {
    const { card } = await stripeCard("100.00");
    const approved = authorization(card.providerCardId, { amount: 6_000 });
    await post(event("issuing_authorization.request", approved));
    // Stripe declined it after all (e.g. our answer came too late): the spend is given back.
    const created = await post(
      event("issuing_authorization.created", {
        ...approved,
        approved: false,
        status: "closed",
        request_history: [{ approved: false, reason: "webhook_timeout" }],
      }),
    );
    expect(await created.json()).toMatchObject({
      received: true,
      handled: true,
    });
    let [row] = await authorizationsOf(card.id);
    expect(row).toMatchObject({
      approved: false,
      status: "closed",
      reason: "Declined by Stripe (webhook_timeout).",
    });

    // One Stripe decided alone (we never saw the request) is recorded as it is.
    const alone = authorization(card.providerCardId, {
      amount: 2_500,
      approved: true,
    });
    await post(event("issuing_authorization.created", alone));
    // A held purchase released: reversed, its amount no longer spent.
    const held = authorization(card.providerCardId, { amount: 3_000 });
    await post(event("issuing_authorization.request", held));
    await post(
      event("issuing_authorization.updated", {
        ...held,
        approved: true,
        status: "reversed",
      }),
    );
    // The capture of the one Stripe approved alone.
    await post(
      event("issuing_transaction.created", {
        id: "ipi_test_1",
        object: "issuing.transaction",
        type: "capture",
        amount: -2_500,
        authorization: alone.id,
        card: card.providerCardId,
      }),
    );
    const rows = await authorizationsOf(card.id);
    expect(
      rows.map((r) => [
        r.providerAuthorizationId,
        r.approved,
        r.status,
        r.providerTransactionId,
      ]),
    ).toEqual([
      [approved.id, false, "closed", null],
      [alone.id, true, "closed", "ipi_test_1"],
      [held.id, true, "reversed", null],
    ]);
    [row] = rows.slice(1);
    expect(row.amount).toBe("25.00");
    // $25.00 spent of $100.00: a $75.00 purchase fits, $75.01 would not.
    const over = await post(
      event(
        "issuing_authorization.request",
        authorization(card.providerCardId, { amount: 7_501 }),
      ),
    );
    expect(await over.json()).toEqual({ approved: false });
  });
});

describe("freeze and unfreeze with Stripe", () => {
  it("sets the Issuing card inactive, then active again", async () => {
    const { user, card } = await stripeCard();
    const before = fakeStripe().calls(
      "POST",
      `/v1/issuing/cards/${card.providerCardId}`,
    );
    expect(before).toHaveLength(0);
    const res = await call(
      freezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/freeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    expect(res.status).toBe(200);
    expect(fakeStripe().cards.get(card.providerCardId)!.status).toBe(
      "inactive",
    );
    await call(
      unfreezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/unfreeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    expect(fakeStripe().cards.get(card.providerCardId)!.status).toBe("active");
    expect(
      fakeStripe()
        .calls("POST", `/v1/issuing/cards/${card.providerCardId}`)
        .map((c) => c.body.status),
    ).toEqual(["inactive", "active"]);
  });

  it("changes nothing when Stripe cannot be told (503, no audit event)", async () => {
    const { user, card } = await stripeCard();
    fakeStripe().failNext(5, {
      method: "POST",
      path: `/v1/issuing/cards/${card.providerCardId}`,
    });
    const res = await call(
      freezeApi,
      await requestAs(user, `/api/virtual-cards/${card.id}/freeze`, {
        method: "POST",
      }),
      { id: String(card.id) },
    );
    expect(res.status).toBe(503);
    const [row] = await db()
      .select()
      .from(virtualCards)
      .where(eq(virtualCards.id, card.id));
    expect(row.status).toBe("active");
    const events = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, user.id));
    expect(events.filter((e) => e.action === "card.frozen")).toHaveLength(0);
  });

  it("has no sandbox purchase endpoint (404)", async () => {
    const { user, card } = await stripeCard();
    const res = await call(
      sandboxApi,
      await requestAs(user, "/api/sandbox/card-authorizations", {
        json: {
          cardId: card.id,
          amount: "5.00",
          merchantName: "Fresh Market",
          merchantCategory: "grocery_stores_supermarkets",
        },
      }),
    );
    expect(res.status).toBe(404);
    expect(await authorizationsOf(card.id)).toHaveLength(0);
  });
});

describe("card details through Stripe's Issuing Elements", () => {
  const keyFor = async (user: User, cardId: number, json: unknown) =>
    call(
      displayKeyApi,
      await requestAs(user, `/api/virtual-cards/${cardId}/ephemeral-key`, {
        json,
      }),
      { id: String(cardId) },
    );

  it("exchanges the browser's nonce for an ephemeral key of the caller's own card, and keeps nothing", async () => {
    const { user, card } = await stripeCard();
    const logged: string[] = [];
    const spies = (["log", "info", "warn", "error"] as const).map((level) =>
      vi
        .spyOn(console, level)
        .mockImplementation((...args) => logged.push(args.join(" "))),
    );
    try {
      const res = await keyFor(user, card.id, { nonce: "ephkn_pub_one" });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const body = await res.json();
      expect(body).toMatchObject({
        issuingCard: card.providerCardId,
        ephemeralKeySecret: expect.stringMatching(/^ek_test_/),
      });
      // Stripe was asked with the nonce, for this card, naming an API version.
      const [asked] = fakeStripe()
        .calls("POST", "/v1/ephemeral_keys")
        .slice(-1);
      expect(asked.body).toEqual({
        nonce: "ephkn_pub_one",
        issuing_card: card.providerCardId,
      });
      expect(asked.stripeVersion).toBeTruthy();
      // The key is neither stored nor logged.
      expect(logged.join("\n")).not.toContain(body.ephemeralKeySecret);
      const rows = await allCardRowsAsText();
      expect(JSON.stringify(rows)).not.toContain(body.ephemeralKeySecret);

      // A used nonce is refused by Stripe: the browser makes a new one.
      const again = await keyFor(user, card.id, { nonce: "ephkn_pub_one" });
      expect(again.status).toBe(400);
      expect((await again.json()).message).toBe(CARD_DISPLAY_REFUSED);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("refuses another employee's card (404), a missing nonce (400) and a closed card (409)", async () => {
    const { user, card } = await stripeCard();
    const other = await stripeCard();
    expect((await keyFor(other.user, card.id, { nonce: "n1" })).status).toBe(
      404,
    );
    const missing = await keyFor(user, card.id, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe(
      "A nonce from Stripe.js is required.",
    );
    await db()
      .update(virtualCards)
      .set({ status: "closed" })
      .where(eq(virtualCards.id, card.id));
    const closed = await keyFor(user, card.id, { nonce: "n2" });
    expect(closed.status).toBe(409);
    // Stripe was never asked for those.
    expect(
      fakeStripe()
        .calls("POST", "/v1/ephemeral_keys")
        .filter((c) => ["n1", "n2"].includes(String(c.body.nonce))),
    ).toEqual([]);
  });

  it("is answered 409 in sandbox mode, where the card page shows its own test numbers", async () => {
    disableStripe();
    try {
      const { user, card } = await stripeCard();
      const res = await keyFor(user, card.id, { nonce: "n3" });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(DETAILS_SHOWN_BY_SANDBOX);
    } finally {
      enableStripe(fakeStripe());
    }
  });
});
