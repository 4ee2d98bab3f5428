import Stripe from "stripe";
import { createPaymentIntent } from "~/models/payment.server";
import { issueGroceryCard } from "~/models/card.server";
import { action as createCardApi } from "~/routes/api.create-grocery-card";
import { action as createIntentApi } from "~/routes/api.create-payment-intent";
import { action as webhookApi } from "~/routes/api.stripe.webhook";
import { loader as checkoutLoader } from "~/routes/_app.checkout";
import { paymentProvider } from "~/services/payments/index.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance } from "#tests/support/data";
import { call, requestAs } from "#tests/support/factories";
import { startFakeStripe, type FakeStripe } from "#tests/support/fake-stripe";
import {
  allCardRowsAsText,
  approvedAdvance,
  cardsOf,
  disableStripe,
  enableStripe,
  FULL_CARD_NUMBER,
  requestRow,
  WEBHOOK_SECRET,
} from "#tests/support/issue5-helpers";

// The Stripe adapter with the real `stripe` SDK against a fake Stripe server on 127.0.0.1.

useTestDatabase();

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  enableStripe(fake);
});
afterAll(async () => {
  disableStripe();
  await fake.stop();
});

// Only used to sign test payloads, as Stripe would.
const signer = new Stripe("sk_test_signer_only");

function webhook(payload: string, signature: string | null) {
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

function succeededEvent(intentId: string, requestId: number, id = "evt_1") {
  return JSON.stringify({
    id,
    object: "event",
    type: "payment_intent.succeeded",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: "payment_intent",
        amount: 30000,
        status: "succeeded",
        metadata: { advanceRequestId: String(requestId) },
      },
    },
  });
}

const sign = (payload: string) =>
  signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

/** An approved request whose Stripe intent the browser has confirmed. */
async function paidAdvance(amount = "300.00") {
  const advance = await approvedAdvance(amount);
  const { paymentIntentId } = await createPaymentIntent(advance.user, {
    amount,
    advanceRequestId: advance.request.id,
  });
  fake.setIntentStatus(paymentIntentId, "succeeded");
  return { ...advance, paymentIntentId };
}

describe("Stripe payment intents", () => {
  it("creates one intent per request: amount in cents, usd, automatic payment methods, idempotency key", async () => {
    const { user, request } = await approvedAdvance("300.00");
    expect(paymentProvider().name).toBe("stripe");
    const res = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: "300.00", advanceRequestId: request.id },
      }),
    );
    expect(res.status).toBe(200);
    const { clientSecret } = await res.json();

    const [created] = fake.calls("POST", "/v1/payment_intents");
    expect(created.idempotencyKey).toBe(`advance-request-${request.id}`);
    expect(created.body).toMatchObject({
      amount: "30000",
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      metadata: { advanceRequestId: String(request.id) },
    });
    const intent = fake.intents.get(
      (await requestRow(request.id)).paymentIntentId!,
    )!;
    expect(clientSecret).toBe(intent.client_secret);

    // The amount alone finds the same request, and the stored intent is reused.
    const again = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: 300 },
      }),
    );
    expect((await again.json()).clientSecret).toBe(clientSecret);
    expect(fake.calls("POST", "/v1/payment_intents")).toHaveLength(1);
  });

  it("retries a 5xx when creating the intent, with the same idempotency key", async () => {
    const { user, request } = await approvedAdvance("200.00");
    const before = fake.calls("POST", "/v1/payment_intents").length;
    fake.failNext(1, { method: "POST", path: "/v1/payment_intents" });
    const result = await createPaymentIntent(user, {
      amount: 200,
      advanceRequestId: request.id,
    });
    expect(result.clientSecret).toMatch(/_secret_/);
    const calls = fake.calls("POST", "/v1/payment_intents").slice(before);
    expect(calls.map((c) => c.status)).toEqual([500, 200]);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(
      new Set([`advance-request-${request.id}`]),
    );
  });

  it("shows the Payment Element's publishable key on /checkout", async () => {
    const { user, request } = await approvedAdvance("300.00");
    const res = await call(
      checkoutLoader,
      await requestAs(user, `/checkout?amount=300.00&requestId=${request.id}`),
    );
    expect(await res.json()).toMatchObject({
      state: "ready",
      provider: "stripe",
      publishableKey: "pk_test_fake_grocery_advance",
      paid: false,
    });
  });
});

describe("Stripe Issuing cards", () => {
  it("refuses a card until Stripe reports the payment succeeded, without calling Issuing", async () => {
    const { user, request } = await approvedAdvance();
    await createPaymentIntent(user, {
      amount: "300.00",
      advanceRequestId: request.id,
    });
    const before = fake.calls("POST", "/v1/issuing/cards").length;
    const res = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The payment for this advance has not been completed.",
    });
    expect(fake.calls("POST", "/v1/issuing/cards")).toHaveLength(before);
    expect(await cardsOf(request.id)).toHaveLength(0);
  });

  it("creates a grocery-only virtual card with an all_time limit, and one cardholder per employee", async () => {
    const { user, request } = await paidAdvance("300.00");
    const res = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(res.status).toBe(201);
    const card = await res.json();

    const holderCalls = fake
      .calls("POST", "/v1/issuing/cardholders")
      .filter(
        (c) =>
          (c.body.metadata as { userId?: string })?.userId === String(user.id),
      );
    expect(holderCalls).toHaveLength(1);
    expect(holderCalls[0].idempotencyKey).toBe(`cardholder-user-${user.id}`);
    expect(holderCalls[0].body).toMatchObject({
      type: "individual",
      email: user.email,
      name: `${user.firstName} ${user.lastName}`,
    });
    const cardCalls = fake
      .calls("POST", "/v1/issuing/cards")
      .filter((c) => c.idempotencyKey === `grocery-card-${request.id}`);
    expect(cardCalls).toHaveLength(1);
    expect(cardCalls[0].body).toMatchObject({
      type: "virtual",
      currency: "usd",
      status: "active",
      spending_controls: {
        allowed_categories: ["grocery_stores_supermarkets"],
        spending_limits: [{ amount: "30000", interval: "all_time" }],
      },
      metadata: { advanceRequestId: String(request.id) },
    });

    const issued = [...fake.cards.values()].find(
      (c) =>
        (c.metadata as { advanceRequestId?: string }).advanceRequestId ===
        String(request.id),
    )!;
    const [row] = await cardsOf(request.id);
    expect(row).toMatchObject({
      providerCardId: issued.id,
      cardNumber: `•••• •••• •••• ${issued.last4}`,
      expiryMonth: issued.exp_month,
      expiryYear: issued.exp_year,
      amount: "300.00",
      status: "active",
    });
    expect(card).toMatchObject({ id: row.id, cardNumber: row.cardNumber });
    // Stripe answered with the full number and CVC (as if expanded): neither is kept.
    expect(JSON.stringify(card)).not.toContain(String(issued.number));
    for (const r of await allCardRowsAsText()) {
      for (const [column, value] of Object.entries(r)) {
        expect(value, column).not.toMatch(FULL_CARD_NUMBER);
        expect(value, column).not.toBe(issued.cvc);
      }
    }

    // A second advance of the same employee reuses the cardholder.
    const second = await insertAdvance(user, {
      amount: "200.00",
      status: "APPROVED",
    });
    const intent = await createPaymentIntent(user, {
      amount: "200.00",
      advanceRequestId: second.id,
    });
    fake.setIntentStatus(intent.paymentIntentId, "succeeded");
    const next = await issueGroceryCard(user, second.id);
    expect(next.created).toBe(true);
    expect(
      fake
        .calls("POST", "/v1/issuing/cardholders")
        .filter(
          (c) =>
            (c.body.metadata as { userId?: string })?.userId ===
            String(user.id),
        ),
    ).toHaveLength(1);
    const cards = [...fake.cards.values()].filter(
      (c) => c.cardholder === issued.cardholder,
    );
    expect(cards).toHaveLength(2);

    // A repeat is 200 with the same card and no Stripe call.
    const callsBefore = fake.requests.length;
    const repeat = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(repeat.status).toBe(200);
    expect((await repeat.json()).id).toBe(row.id);
    expect(fake.requests.length).toBe(callsBefore);
  });

  it("retries a 5xx during card issuance without creating a duplicate card", async () => {
    const { user, request } = await paidAdvance("400.00");
    // Stripe made the card but the answer was lost: the SDK retries with the same key.
    fake.failNext(1, {
      method: "POST",
      path: "/v1/issuing/cards",
      afterProcessing: true,
    });
    const result = await issueGroceryCard(user, request.id);
    expect(result.created).toBe(true);
    const calls = fake
      .calls("POST", "/v1/issuing/cards")
      .filter((c) => c.idempotencyKey === `grocery-card-${request.id}`);
    expect(calls.map((c) => c.status)).toEqual([500, 200]);
    const made = [...fake.cards.values()].filter(
      (c) =>
        (c.metadata as { advanceRequestId?: string }).advanceRequestId ===
        String(request.id),
    );
    expect(made).toHaveLength(1);
    expect((await cardsOf(request.id))[0].providerCardId).toBe(made[0].id);
  });

  it("answers 503 with a message when Stripe stays down, then issues one card on retry", async () => {
    const { user, request } = await paidAdvance("250.00");
    fake.failNext(3, { method: "POST", path: "/v1/issuing/cards" });
    const down = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      message:
        "The card payment provider is not available. Please try again later.",
    });
    expect(await cardsOf(request.id)).toHaveLength(0);

    const retry = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(retry.status).toBe(201);
    expect(await cardsOf(request.id)).toHaveLength(1);
  });

  it("concurrent card creations for one request make one card at Stripe and in the database", async () => {
    const { user, request } = await paidAdvance("350.00");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => issueGroceryCard(user, request.id)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await cardsOf(request.id)).toHaveLength(1);
    const made = [...fake.cards.values()].filter(
      (c) =>
        (c.metadata as { advanceRequestId?: string }).advanceRequestId ===
        String(request.id),
    );
    expect(made).toHaveLength(1);
  });
});

describe("Stripe webhook", () => {
  it("issues the card on payment_intent.succeeded, once, however often it is delivered", async () => {
    const { request, paymentIntentId } = await paidAdvance("300.00");
    const payload = succeededEvent(paymentIntentId, request.id);
    const first = await webhook(payload, sign(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      received: true,
      handled: true,
    });
    const [card] = await cardsOf(request.id);
    expect(card.status).toBe("active");
    expect((await requestRow(request.id)).paidAt).toBeInstanceOf(Date);

    for (let i = 0; i < 3; i++) {
      const again = await webhook(payload, sign(payload));
      expect(again.status).toBe(200);
    }
    expect(await cardsOf(request.id)).toHaveLength(1);
  });

  it("refuses a bad or missing signature with 400 and does nothing", async () => {
    const { request, paymentIntentId } = await paidAdvance("300.00");
    const payload = succeededEvent(paymentIntentId, request.id);
    const wrongSecret = signer.webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_someone_else",
    });
    const bad = await webhook(payload, wrongSecret);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Invalid webhook signature." });
    // A signature for another body does not carry over.
    const tampered = await webhook(
      payload.replace("30000", "1"),
      sign(payload),
    );
    expect(tampered.status).toBe(400);
    const missing = await webhook(payload, null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      message: "Missing Stripe-Signature header.",
    });
    expect(await cardsOf(request.id)).toHaveLength(0);
  });

  it("acknowledges events it has nothing to do for", async () => {
    const { request, paymentIntentId } = await approvedAdvance().then(
      async (a) => ({
        ...a,
        ...(await createPaymentIntent(a.user, {
          amount: "300.00",
          advanceRequestId: a.request.id,
        })),
      }),
    );
    // Signed, but Stripe says the intent has not succeeded: no card.
    const early = succeededEvent(paymentIntentId, request.id, "evt_early");
    const res = await webhook(early, sign(early));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      handled: false,
      message: "The payment for this advance has not been completed.",
    });
    const other = JSON.stringify({
      id: "evt_other",
      object: "event",
      type: "charge.refunded",
      data: { object: { id: "ch_1", object: "charge" } },
    });
    const ignored = await webhook(other, sign(other));
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toMatchObject({
      type: "charge.refunded",
      handled: false,
    });
    const unknown = succeededEvent("pi_unknown", 999_999, "evt_unknown");
    const missing = await webhook(unknown, sign(unknown));
    expect(missing.status).toBe(200);
    expect(await missing.json()).toMatchObject({
      handled: false,
      message: "Advance request not found.",
    });
    expect(await cardsOf(request.id)).toHaveLength(0);
  });
});
