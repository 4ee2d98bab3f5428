import { createPaymentIntent } from "~/models/advances/index.server";
import {
  issueGroceryCard,
  CARD_DELAYED,
  recoverPaidRequests,
} from "~/models/cards/index.server";
import { action as createCardApi } from "~/routes/api.create-grocery-card";
import { action as createIntentApi } from "~/routes/api.create-payment-intent";
import { action as webhookApi } from "~/routes/api.stripe.webhook";
import { loader as checkoutLoader } from "~/routes/_app.checkout";
import { paymentProvider } from "~/services/payments/index.server";
import { eq } from "drizzle-orm";
import { advanceRequests, auditEvents } from "#db/schema";
import { addMinutes } from "date-fns";
import { db } from "~/utils/db.server";
import { insertAdvance, approvedAdvance } from "#tests/support/data";
import {
  allCardRowsAsText,
  cardsOf,
  useFakeStripe,
  FULL_CARD_NUMBER,
  stripePaidAdvance,
  stripeSignature,
} from "#tests/support/payments";
import { deductionsOf, requestRow } from "#tests/support/rows";
import { useTestDatabase } from "#tests/support/db";
import { call, requestAs } from "#tests/support/factories";

// The Stripe adapter with the real `stripe` SDK against a fake Stripe server on 127.0.0.1.

useTestDatabase();

const fakeStripe = useFakeStripe();

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

function succeededEvent(
  intentId: string,
  requestId: number,
  id = "evt_1",
  type = "payment_intent.succeeded",
) {
  return JSON.stringify({
    id,
    object: "event",
    type,
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

const sign = (payload: string) => stripeSignature(payload);

const paidAdvance = (amount?: string) =>
  stripePaidAdvance(fakeStripe(), amount);

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

    const [created] = fakeStripe().calls("POST", "/v1/payment_intents");
    // Only the fee is authorized on the employee's card, never the $300.00 advance.
    expect(created.idempotencyKey).toBe(`fee-advance-request-${request.id}`);
    expect(created.body).toMatchObject({
      amount: "1599",
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      capture_method: "manual",
      metadata: { advanceRequestId: String(request.id) },
    });
    const intent = fakeStripe().intents.get(
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
    expect(fakeStripe().calls("POST", "/v1/payment_intents")).toHaveLength(1);
  });

  it("retries a 5xx when creating the intent, with the same idempotency key", async () => {
    const { user, request } = await approvedAdvance("200.00");
    const before = fakeStripe().calls("POST", "/v1/payment_intents").length;
    fakeStripe().failNext(1, { method: "POST", path: "/v1/payment_intents" });
    const result = await createPaymentIntent(user, {
      amount: 200,
      advanceRequestId: request.id,
    });
    expect(result.clientSecret).toMatch(/_secret_/);
    const calls = fakeStripe()
      .calls("POST", "/v1/payment_intents")
      .slice(before);
    expect(calls.map((c) => c.status)).toEqual([500, 200]);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(
      new Set([`fee-advance-request-${request.id}`]),
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
    const before = fakeStripe().calls("POST", "/v1/issuing/cards").length;
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
    expect(fakeStripe().calls("POST", "/v1/issuing/cards")).toHaveLength(
      before,
    );
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

    const holderCalls = fakeStripe()
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
    const cardCalls = fakeStripe()
      .calls("POST", "/v1/issuing/cards")
      .filter((c) => c.idempotencyKey === `grocery-card-${request.id}`);
    expect(cardCalls).toHaveLength(1);
    expect(cardCalls[0].body).toMatchObject({
      type: "virtual",
      currency: "usd",
      status: "active",
      spending_controls: {
        allowed_categories: [
          "grocery_stores_supermarkets",
          "wholesale_clubs",
          "discount_stores",
          "department_stores",
        ],
        spending_limits: [{ amount: "30000", interval: "all_time" }],
      },
      metadata: { advanceRequestId: String(request.id) },
    });

    const issued = [...fakeStripe().cards.values()].find(
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
    fakeStripe().confirmIntent(intent.paymentIntentId);
    const next = await issueGroceryCard(user, second.id);
    expect(next.created).toBe(true);
    expect(
      fakeStripe()
        .calls("POST", "/v1/issuing/cardholders")
        .filter(
          (c) =>
            (c.body.metadata as { userId?: string })?.userId ===
            String(user.id),
        ),
    ).toHaveLength(1);
    const cards = [...fakeStripe().cards.values()].filter(
      (c) => c.cardholder === issued.cardholder,
    );
    expect(cards).toHaveLength(2);

    // A repeat is 200 with the same card and no Stripe call.
    const callsBefore = fakeStripe().requests.length;
    const repeat = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(repeat.status).toBe(200);
    expect((await repeat.json()).id).toBe(row.id);
    expect(fakeStripe().requests.length).toBe(callsBefore);
  });

  it("retries a 5xx during card issuance without creating a duplicate card", async () => {
    const { user, request } = await paidAdvance("400.00");
    // Stripe made the card but the answer was lost: the SDK retries with the same key.
    fakeStripe().failNext(1, {
      method: "POST",
      path: "/v1/issuing/cards",
      afterProcessing: true,
    });
    const result = await issueGroceryCard(user, request.id);
    expect(result.created).toBe(true);
    const calls = fakeStripe()
      .calls("POST", "/v1/issuing/cards")
      .filter((c) => c.idempotencyKey === `grocery-card-${request.id}`);
    expect(calls.map((c) => c.status)).toEqual([500, 200]);
    const made = [...fakeStripe().cards.values()].filter(
      (c) =>
        (c.metadata as { advanceRequestId?: string }).advanceRequestId ===
        String(request.id),
    );
    expect(made).toHaveLength(1);
    expect((await cardsOf(request.id))[0].providerCardId).toBe(made[0].id);
  });

  it("when Stripe cannot issue the card: 503 and the card is being issued; past the hour the hold is cancelled at Stripe, nothing charged", async () => {
    const { user, request, paymentIntentId } = await paidAdvance("250.00");
    fakeStripe().failNext(3, { method: "POST", path: "/v1/issuing/cards" });
    const down = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: CARD_DELAYED });
    // Paid, no card yet, nothing captured or cancelled: the recovery job retries.
    const paid = await requestRow(request.id);
    expect(paid).toMatchObject({ status: "APPROVED", capturedAmount: null });
    expect(paid.paidAt).not.toBeNull();
    expect(fakeStripe().intents.get(paymentIntentId)).toMatchObject({
      status: "requires_capture",
    });

    // Stripe keeps failing until the job's last run inside the hour: it gives up.
    fakeStripe().failNext(3, { method: "POST", path: "/v1/issuing/cards" });
    const run = await recoverPaidRequests(addMinutes(paid.paidAt!, 56));
    expect(run.cancelled).toBeGreaterThanOrEqual(1);
    expect(await cardsOf(request.id)).toHaveLength(0);
    // Stripe received a cancel of the intent and no capture.
    const cancels = fakeStripe().calls(
      "POST",
      `/v1/payment_intents/${paymentIntentId}/cancel`,
    );
    expect(cancels.map((c) => c.status)).toEqual([200]);
    expect(cancels[0].idempotencyKey).toBe(
      `cancel-advance-request-${request.id}`,
    );
    expect(
      fakeStripe().calls(
        "POST",
        `/v1/payment_intents/${paymentIntentId}/capture`,
      ),
    ).toHaveLength(0);
    expect(fakeStripe().intents.get(paymentIntentId)).toMatchObject({
      status: "canceled",
      amount_received: 0,
    });
    expect(await requestRow(request.id)).toMatchObject({
      status: "CANCELLED",
      authorizedAmount: "15.99",
      capturedAmount: "0.00",
      releasedAmount: "15.99",
    });

    // The request is over: a retry is refused and Stripe is not asked for a card again.
    const issuing = fakeStripe().calls("POST", "/v1/issuing/cards").length;
    const retry = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(retry.status).toBe(409);
    expect(fakeStripe().calls("POST", "/v1/issuing/cards")).toHaveLength(
      issuing,
    );
  });

  it("authorizes and captures only the fee: Stripe receives an intent of 1599 and a capture of 1599", async () => {
    const { user, request, paymentIntentId } = await paidAdvance("300.00");
    const { card } = await issueGroceryCard(user, request.id);
    expect(card.amount).toBe("300.00");
    const captures = fakeStripe().calls(
      "POST",
      `/v1/payment_intents/${paymentIntentId}/capture`,
    );
    expect(captures).toHaveLength(1);
    expect(captures[0].body).toEqual({ amount_to_capture: "1599" });
    expect(captures[0].idempotencyKey).toBe(
      `capture-advance-request-${request.id}`,
    );
    expect(
      fakeStripe().calls(
        "POST",
        `/v1/payment_intents/${paymentIntentId}/cancel`,
      ),
    ).toHaveLength(0);
    // Stripe authorized and charged the 15.99 fee; the 300.00 advance never touched the card.
    expect(fakeStripe().intents.get(paymentIntentId)).toMatchObject({
      status: "succeeded",
      amount: 1599,
      amount_received: 1599,
      amount_capturable: 0,
    });
    expect(
      fakeStripe()
        .calls("POST", "/v1/payment_intents")
        .filter((c) => c.idempotencyKey === `fee-advance-request-${request.id}`)
        .map((c) => (c.body as { amount: string }).amount),
    ).toEqual(["1599"]);
    expect(await requestRow(request.id)).toMatchObject({
      authorizedAmount: "15.99",
      capturedAmount: "15.99",
      releasedAmount: "0.00",
    });
    const deductions = await deductionsOf(request.id);
    expect(deductions.map((d) => d.amount)).toEqual(["300.00"]);
  });

  it("concurrent card creations for one request make one card at Stripe and in the database", async () => {
    const { user, request } = await paidAdvance("350.00");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => issueGroceryCard(user, request.id)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await cardsOf(request.id)).toHaveLength(1);
    const made = [...fakeStripe().cards.values()].filter(
      (c) =>
        (c.metadata as { advanceRequestId?: string }).advanceRequestId ===
        String(request.id),
    );
    expect(made).toHaveLength(1);
  });
});

describe("Stripe webhook", () => {
  it("a browser that closed: payment_intent.amount_capturable_updated issues the card, captures the fee and schedules repayment, once", async () => {
    const { user, request, paymentIntentId } = await paidAdvance("300.00");
    await db()
      .update(advanceRequests)
      .set({ repaymentPeriods: 3 })
      .where(eq(advanceRequests.id, request.id));
    const payload = succeededEvent(
      paymentIntentId,
      request.id,
      "evt_hold",
      "payment_intent.amount_capturable_updated",
    );
    // The webhook, repeated deliveries and the success page's return all race.
    const results = await Promise.all([
      webhook(payload, sign(payload)),
      webhook(payload, sign(payload)),
      issueGroceryCard(user, request.id),
      webhook(payload, sign(payload)),
    ]);
    for (const res of [results[0], results[1], results[3]] as Response[])
      expect(res.status).toBe(200);
    expect(await cardsOf(request.id)).toHaveLength(1);
    const deductions = await deductionsOf(request.id);
    expect(deductions.map((d) => d.amount)).toEqual([
      "100.00",
      "100.00",
      "100.00",
    ]);
    // Every capture carried the same idempotency key: Stripe captured the fee once.
    const captures = fakeStripe().calls(
      "POST",
      `/v1/payment_intents/${paymentIntentId}/capture`,
    );
    expect(captures.length).toBeGreaterThanOrEqual(1);
    expect(new Set(captures.map((c) => c.idempotencyKey))).toEqual(
      new Set([`capture-advance-request-${request.id}`]),
    );
    expect(fakeStripe().intents.get(paymentIntentId)).toMatchObject({
      status: "succeeded",
      amount_received: 1599,
    });
    const audit = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, request.id));
    expect(audit.filter((a) => a.action === "fee.captured")).toHaveLength(1);
    expect(audit.filter((a) => a.action === "card.issued")).toHaveLength(1);
    expect(audit.filter((a) => a.action === "request.paid")).toHaveLength(1);
  });

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
    const wrongSecret = stripeSignature(payload, "whsec_someone_else");
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
