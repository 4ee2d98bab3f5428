import { sandboxLast4 } from "~/services/payments/sandbox.server";
import { eq } from "drizzle-orm";
import { sandboxPayments } from "#db/schema";
import { issueGroceryCard, CARD_DELAYED } from "~/models/cards/index.server";
import { createPaymentIntent } from "~/models/advances/index.server";
import { action as createCardApi } from "~/routes/api.create-grocery-card";
import { action as createIntentApi } from "~/routes/api.create-payment-intent";
import { action as webhookApi } from "~/routes/api.stripe.webhook";
import {
  action as checkoutAction,
  loader as checkoutLoader,
} from "~/routes/_app.checkout";
import { loader as successLoader } from "~/routes/_app.payment-success";
import { subscribe, type AppEvent } from "~/services/events.server";
import {
  sandboxProvider,
  sandboxDecline,
} from "~/services/payments/sandbox.server";
import { setPaymentProviderForTests } from "~/services/payments/index.server";
import { db } from "~/utils/db.server";
import { unavailable } from "~/utils/errors";
import { readToast } from "~/web/toast.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, approvedAdvance } from "#tests/support/data";
import {
  allCardRowsAsText,
  cardsOf,
  disableStripe,
  FULL_CARD_NUMBER,
  sandboxPaymentsOf,
} from "#tests/support/payments";
import {
  employeeOf,
  deductionsOf,
  columnsOf,
  requestRow,
} from "#tests/support/rows";
import { TERMS_VERSION } from "~/utils/rules";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

useTestDatabase();
beforeAll(() => disableStripe());
afterEach(() => setPaymentProviderForTests(undefined));

const SUCCESS_DESCRIPTION =
  "Your grocery advance has been processed. You can now use your virtual card.";

function payForm(
  requestId: number,
  overrides: Partial<Record<string, string>> = {},
): Record<string, string> {
  return {
    intent: "pay",
    amount: "300.00",
    requestId: String(requestId),
    cardNumber: "4242 4242 4242 4242",
    expiry: "12 / 39",
    cvc: "123",
    ...overrides,
  };
}

async function pay(
  user: Awaited<ReturnType<typeof approvedAdvance>>["user"],
  form: Record<string, string>,
) {
  return call(
    checkoutAction,
    await requestAs(
      user,
      `/checkout?amount=${form.amount}&requestId=${form.requestId}`,
      { form },
    ),
  );
}

/** The fee's intent made and confirmed with the sandbox's good card, as the browser's step would. */
async function payInSandbox(
  user: Awaited<ReturnType<typeof approvedAdvance>>["user"],
  requestId: number,
  amount: string,
) {
  await createPaymentIntent(user, { amount, advanceRequestId: requestId });
  await sandboxProvider.confirmPayment(`pi_sandbox_${requestId}`, {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2039,
    cvc: "123",
  });
}

describe("sandbox checkout, end to end", () => {
  it("creates one intent, pays with 4242, issues a masked grocery card and redirects with 'Success!'", async () => {
    const { user, employer, request } = await approvedAdvance("300.00");
    const events: AppEvent[] = [];
    const stop = [
      await subscribe(user.id, (e) => events.push(e)),
      await subscribe(employer.id, (e) => events.push(e), employer.companyId),
    ];

    const first = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: 300, advanceRequestId: request.id },
      }),
    );
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.clientSecret).toMatch(
      new RegExp(`^pi_sandbox_${request.id}_secret_`),
    );
    // The same request gets the same intent, with the amount alone too.
    const again = await createPaymentIntent(user, { amount: "300" });
    expect(again.clientSecret).toBe(body.clientSecret);
    expect(again.advanceRequestId).toBe(request.id);
    expect((await requestRow(request.id)).paymentIntentId).toBe(
      `pi_sandbox_${request.id}`,
    );

    // Card numbers are accepted with spaces.
    const res = await pay(user, payForm(request.id));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/payment-success");
    const { toast } = await readToast(
      new Request("http://localhost/payment-success", {
        headers: { Cookie: res.headers.get("Set-Cookie")!.split(";")[0] },
      }),
    );
    expect(toast).toEqual({
      type: "success",
      title: "Success!",
      description: SUCCESS_DESCRIPTION,
    });

    const [card] = await cardsOf(request.id);
    expect(card).toMatchObject({
      providerCardId: `ic_sandbox_${request.id}`,
      cardNumber: `•••• •••• •••• ${sandboxLast4(request.id)}`,
      amount: "300.00",
      status: "active",
    });
    expect(card.expiryYear).toBe(new Date().getFullYear() + 3);
    expect(card.expiryMonth).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(card.spendingLimits)).toEqual({
      restrictions: "Grocery stores only",
      allowedCategories: [
        "grocery_stores_supermarkets",
        "wholesale_clubs",
        "discount_stores",
        "department_stores",
      ],
      limitCents: 30000,
    });
    expect((await requestRow(request.id)).paidAt).toBeInstanceOf(Date);
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.requestId, request.id));
    // Checkout authorized only the fee, never the $300.00 advance; the card captured it.
    expect(payment).toMatchObject({
      status: "succeeded",
      amountCents: 1599,
      authorizedCents: 1599,
      capturedCents: 1599,
      releasedCents: 0,
    });
    expect(await requestRow(request.id)).toMatchObject({
      authorizedAmount: "15.99",
      capturedAmount: "15.99",
      releasedAmount: "0.00",
      termsVersion: TERMS_VERSION,
    });
    expect((await requestRow(request.id)).termsAcceptedAt).toBeInstanceOf(Date);

    // A repeat returns the existing card with 200.
    const repeat = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({
      id: card.id,
      cardNumber: card.cardNumber,
      status: "active",
      amount: "300.00",
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      spendingLimits: card.spendingLimits,
      createdAt: card.createdAt.toISOString(),
    });
    expect(await cardsOf(request.id)).toHaveLength(1);

    // The employee and the employer heard about the payment and the card.
    await expect
      .poll(() =>
        events.map((e) => `${e.type}:${e.to.join(",")}|${e.company}`).sort(),
      )
      .toEqual(
        [
          `card.issued:${user.id}|${employer.companyId}`,
          `card.issued:${user.id}|${employer.companyId}`,
          `request.paid:${user.id}|${employer.companyId}`,
          `request.paid:${user.id}|${employer.companyId}`,
        ].sort(),
      );
    stop.forEach((s) => s());

    // A paid request has no further checkout.
    const reopened = await call(
      checkoutLoader,
      await requestAs(user, `/checkout?amount=300.00&requestId=${request.id}`),
    );
    expect(reopened.status).toBe(409);
    expect(await reopened.json()).toMatchObject({
      state: "error",
      message: "A grocery card has already been issued for this advance.",
      toast: {
        type: "error",
        title: "Payment setup failed",
        description: "A grocery card has already been issued for this advance.",
      },
    });
  });

  it("declines 4000 0000 0000 0002 with 'Payment failed' and issues nothing", async () => {
    const { user, request } = await approvedAdvance("300.00");
    const res = await pay(
      user,
      payForm(request.id, { cardNumber: "4000 0000 0000 0002" }),
    );
    expect(res.status).toBe(402);
    const data = await res.json();
    // The card form's form-level error (titled 'Payment failed' on the page), no toast.
    expect(data.result.error).toEqual({ "": ["Your card was declined."] });
    expect(data.toast).toBeUndefined();
    // The CVC is never sent back.
    expect(JSON.stringify(data)).not.toContain('"123"');
    expect(await cardsOf(request.id)).toHaveLength(0);
    const row = await requestRow(request.id);
    expect(row.paidAt).toBeNull();
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.requestId, request.id));
    expect(payment).toMatchObject({
      status: "requires_payment_method",
      lastError: "Your card was declined.",
    });

    // Paying again with the success card works.
    const ok = await pay(user, payForm(request.id));
    expect(ok.status).toBe(302);
    expect(await cardsOf(request.id)).toHaveLength(1);
  });

  it("checks the card form: format errors are 400 with field messages and nothing is paid", async () => {
    const { user, request } = await approvedAdvance("300.00");
    const res = await pay(
      user,
      payForm(request.id, { cvc: "12", expiry: "13/40", cardNumber: "12ab" }),
    );
    expect(res.status).toBe(400);
    const { result } = await res.json();
    expect(result.error).toMatchObject({
      cvc: ["Your card's security code is incomplete."],
      expiry: ["Enter the expiry date as MM / YY."],
      cardNumber: ["Your card number is incorrect."],
    });
    expect(await sandboxPaymentsOf(request.id)).toBe(0);
  });

  it("knows Stripe's test cards", () => {
    const card = (number: string) => ({
      number,
      expMonth: 12,
      expYear: 2039,
      cvc: "123",
    });
    expect(sandboxDecline(card("4242424242424242"))).toBeNull();
    expect(sandboxDecline(card("4242-4242-4242-4242"))).toBeNull();
    expect(sandboxDecline(card("4000 0000 0000 0002"))).toBe(
      "Your card was declined.",
    );
    expect(sandboxDecline(card("4000000000009995"))).toBe(
      "Your card has insufficient funds.",
    );
    expect(sandboxDecline(card("4242424242424241"))).toBe(
      "Your card number is incorrect.",
    );
    expect(sandboxDecline(card("4111111111111111"))).toMatch(
      /^Your card was declined\. The sandbox accepts only test cards/,
    );
    expect(sandboxDecline({ ...card("4242424242424242"), expYear: 2020 })).toBe(
      "Your card's expiration date is in the past.",
    );
  });
});

describe("issueGroceryCard", () => {
  it("refuses before the payment succeeded (409) and creates nothing", async () => {
    const { user, request } = await approvedAdvance();
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
    // An intent that exists but is unpaid is not enough either.
    await createPaymentIntent(user, {
      amount: "300.00",
      advanceRequestId: request.id,
    });
    await expect(issueGroceryCard(user, request.id)).rejects.toMatchObject({
      status: 409,
    });
    expect(await cardsOf(request.id)).toHaveLength(0);
    expect((await requestRow(request.id)).paidAt).toBeNull();
  });

  it("20 concurrent calls for one request make exactly one card", async () => {
    const { user, request } = await approvedAdvance("450.00");
    await payInSandbox(user, request.id, "450.00");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => issueGroceryCard(user, request.id)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.card.id)).size).toBe(1);
    expect(await cardsOf(request.id)).toHaveLength(1);

    // And 20 concurrent API calls after it: all 200 with that card.
    const responses = await Promise.all(
      Array.from({ length: 20 }, async () =>
        call(
          createCardApi,
          await requestAs(user, "/api/create-grocery-card", {
            json: { advanceRequestId: request.id },
          }),
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await cardsOf(request.id)).toHaveLength(1);
  });

  it("201 for the API call that creates the card", async () => {
    const { user, request } = await approvedAdvance("250.00");
    await payInSandbox(user, request.id, "250.00");
    const res = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: String(request.id) },
      }),
    );
    expect(res.status).toBe(201);
    const card = await res.json();
    expect(card).toMatchObject({
      cardNumber: `•••• •••• •••• ${sandboxLast4(request.id)}`,
      status: "active",
      amount: "250.00",
    });
    expect(card.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.parse(card.spendingLimits).limitCents).toBe(25000);
  });
});

describe("card data at rest", () => {
  it("no card row holds a full card number or a CVC", async () => {
    // A few cards through the real flow, with numbers typed in different ways.
    for (const cardNumber of ["4242 4242 4242 4242", "4242424242424242"]) {
      const { user, request } = await approvedAdvance();
      expect(
        (await pay(user, payForm(request.id, { cardNumber }))).status,
      ).toBe(302);
    }
    const rows = await allCardRowsAsText();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        expect(value, column).not.toMatch(FULL_CARD_NUMBER);
      }
      expect(row.card_number).toMatch(/^•••• •••• •••• \d{4}$/);
    }
    const columns = await columnsOf("virtual_cards");
    expect(columns).toContain("card_number");
    expect(columns.filter((c) => /cvc|cvv|security/i.test(c))).toEqual([]);
    // The sandbox's own state keeps no card data either.
    expect(
      (await columnsOf("sandbox_payments")).filter((c) =>
        /card|cvc|number/i.test(c),
      ),
    ).toEqual([]);
  });
});

describe("refusals change nothing", () => {
  async function expectNothingCreated(requestId: number) {
    expect(await cardsOf(requestId)).toHaveLength(0);
    const row = await requestRow(requestId);
    expect(row.paymentIntentId).toBeNull();
    expect(row.paidAt).toBeNull();
  }

  async function postIntent(
    user: Parameters<typeof requestAs>[0],
    json: unknown,
  ) {
    const res = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", { json }),
    );
    return { status: res.status, body: await res.json() };
  }

  it("an amount that does not match the request: 400 with a message", async () => {
    const { user, request } = await approvedAdvance("300.00");
    const res = await postIntent(user, {
      amount: "350.00",
      advanceRequestId: request.id,
    });
    expect(res).toEqual({
      status: 400,
      body: {
        message:
          "The amount $350.00 does not match the approved advance of $300.00.",
        errors: { amount: ["The amount does not match the approved advance."] },
      },
    });
    const alone = await postIntent(user, { amount: 275 });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe(
      "No approved advance of $275.00 is waiting for payment.",
    );
    const checkout = await pay(user, payForm(request.id, { amount: "350.00" }));
    expect(checkout.status).toBe(400);
    const refused = await checkout.json();
    expect(refused.result.error[""]).toEqual([expect.any(String)]);
    expect(refused.toast).toBeUndefined();
    await expectNothingCreated(request.id);
    expect(await sandboxPaymentsOf(request.id)).toBe(0);
  });

  it("someone else's request: 404 on every path", async () => {
    const { request } = await approvedAdvance("300.00");
    const other = await createEmployee(await createEmployer());
    const intent = await postIntent(other, {
      amount: "300.00",
      advanceRequestId: request.id,
    });
    expect(intent).toEqual({
      status: 404,
      body: { message: "Advance request not found." },
    });
    // With the amount alone, another employee's request is never matched.
    expect((await postIntent(other, { amount: "300.00" })).status).toBe(400);
    const card = await call(
      createCardApi,
      await requestAs(other, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(card.status).toBe(404);
    expect(await card.json()).toEqual({
      message: "Advance request not found.",
    });
    const page = await call(
      checkoutLoader,
      await requestAs(other, `/checkout?amount=300.00&requestId=${request.id}`),
    );
    expect(page.status).toBe(404);
    expect((await pay(other, payForm(request.id))).status).toBe(404);
    await expectNothingCreated(request.id);
  });

  it("a pending or declined request: 409 with a message", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const pending = await insertAdvance(user, { amount: "300.00" });
    const declined = await insertAdvance(user, {
      amount: "300.00",
      status: "DECLINED",
    });
    expect(
      await postIntent(user, {
        amount: "300.00",
        advanceRequestId: pending.id,
      }),
    ).toEqual({
      status: 409,
      body: { message: "This advance request has not been approved yet." },
    });
    expect(
      await postIntent(user, {
        amount: "300.00",
        advanceRequestId: declined.id,
      }),
    ).toEqual({
      status: 409,
      body: { message: "This advance request was declined." },
    });
    expect((await postIntent(user, { amount: "300.00" })).status).toBe(400);
    for (const id of [pending.id, declined.id]) {
      const res = await call(
        createCardApi,
        await requestAs(user, "/api/create-grocery-card", {
          json: { advanceRequestId: id },
        }),
      );
      expect(res.status).toBe(409);
      expect((await pay(user, payForm(id))).status).toBe(409);
      await expectNothingCreated(id);
      expect(await sandboxPaymentsOf(id)).toBe(0);
    }
  });

  it("bad bodies, anonymous callers and employers", async () => {
    const { employer, user, request } = await approvedAdvance();
    for (const json of [
      {},
      { amount: -5 },
      { amount: "abc" },
      { amount: "300.001" },
      { amount: 300, advanceRequestId: "x" },
    ]) {
      const res = await postIntent(user, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    const noId = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", { json: {} }),
    );
    expect(noId.status).toBe(400);
    expect(await noId.json()).toMatchObject({
      message: "advanceRequestId is required",
    });
    expect((await postIntent(null, { amount: 300 })).status).toBe(401);
    expect((await postIntent(employer, { amount: 300 })).status).toBe(403);
    const employerCard = await call(
      createCardApi,
      await requestAs(employer, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(employerCard.status).toBe(403);
    await expectNothingCreated(request.id);
  });
});

describe("/checkout", () => {
  it("needs a positive amount and a requestId", async () => {
    const { user, request } = await approvedAdvance();
    for (const query of [
      "",
      "?amount=300.00",
      `?requestId=${request.id}`,
      `?amount=0&requestId=${request.id}`,
      `?amount=-300&requestId=${request.id}`,
      `?amount=abc&requestId=${request.id}`,
      "?amount=300.00&requestId=",
      "?amount=300.00&requestId=abc",
    ]) {
      const res = await call(
        checkoutLoader,
        await requestAs(user, `/checkout${query}`),
      );
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({
        state: "error",
        message: "Invalid checkout parameters. Please try again.",
        toast: null,
        i18n: expect.objectContaining({ checkout: expect.any(Object) }),
      });
    }
  });

  it("shows the sandbox form for the employee's approved request", async () => {
    const { user, request } = await approvedAdvance("300.00");
    const res = await call(
      checkoutLoader,
      await requestAs(user, `/checkout?amount=300&requestId=${request.id}`),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      state: "ready",
      advanceRequestId: request.id,
      amount: "300.00",
      paid: false,
      provider: "sandbox",
      publishableKey: null,
      defaults: { cardNumber: "4242 4242 4242 4242" },
    });
    // Reading the page creates nothing.
    expect(await sandboxPaymentsOf(request.id)).toBe(0);
  });

  it("refuses employers with 403 and anonymous visitors with a redirect", async () => {
    const { employer, request } = await approvedAdvance();
    const path = `/checkout?amount=300.00&requestId=${request.id}`;
    expect(
      (await call(checkoutLoader, await requestAs(employer, path))).status,
    ).toBe(403);
    const anon = await call(checkoutLoader, await requestAs(null, path));
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toBe(
      `/auth?redirectTo=${encodeURIComponent(path)}`,
    );
  });

  it("a provider outage at the card step leaves the request paid and its card being issued: nothing captured, nothing cancelled", async () => {
    const { user, request } = await approvedAdvance("300.00");
    const balanceBefore = (await employeeOf(user)).availableBalance;
    setPaymentProviderForTests({
      ...sandboxProvider,
      issueGroceryCard: async () => {
        throw unavailable(
          "The card payment provider is not available. Please try again later.",
        );
      },
    });
    const res = await pay(user, payForm(request.id));
    expect(res.status).toBe(503);
    expect((await res.json()).toast).toEqual({
      type: "error",
      title: "Card creation failed",
      description: CARD_DELAYED,
    });
    expect(await cardsOf(request.id)).toHaveLength(0);
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      status: "APPROVED",
      authorizedAmount: "15.99",
      capturedAmount: null,
      cancelledAt: null,
    });
    expect(row.paidAt).not.toBeNull();
    // The fee's authorization stays in place for the retry: nothing captured or released.
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.requestId, request.id));
    expect(payment).toMatchObject({
      status: "requires_capture",
      authorizedCents: 1599,
      capturedCents: 0,
      releasedCents: 0,
    });
    // The reservation stays; nothing to collect yet.
    expect((await employeeOf(user)).availableBalance).toBe(balanceBefore);
    expect(await deductionsOf(request.id)).toEqual([]);

    // When the provider is back, the same call issues the card.
    setPaymentProviderForTests(undefined);
    const issued = await issueGroceryCard(user, request.id);
    expect(issued.created).toBe(true);
    expect(await requestRow(request.id)).toMatchObject({
      capturedAmount: "15.99",
    });
  });
});

describe("/payment-success and the webhook without Stripe", () => {
  it("shows the success screen, and issues the card of a returned payment_intent", async () => {
    const { user, employer, request } = await approvedAdvance();
    const plain = await call(
      successLoader,
      await requestAs(user, "/payment-success"),
    );
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({
      toast: null,
      moneyLines: [],
      cardId: null,
      companyPaid: false,
      i18n: expect.objectContaining({ checkout: expect.any(Object) }),
    });

    await payInSandbox(user, request.id, "300.00");
    const returned = await call(
      successLoader,
      await requestAs(
        user,
        `/payment-success?payment_intent=pi_sandbox_${request.id}&redirect_status=succeeded`,
      ),
    );
    expect(returned.status).toBe(302);
    expect(returned.headers.get("Location")).toBe("/payment-success");
    expect(await cardsOf(request.id)).toHaveLength(1);

    // Someone else's payment intent is not found.
    const other = await createEmployee(employer);
    const foreign = await call(
      successLoader,
      await requestAs(
        other,
        `/payment-success?payment_intent=pi_sandbox_${request.id}`,
      ),
    );
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).toast).toMatchObject({
      title: "Card creation failed",
      description: "Advance request not found.",
    });
    expect(
      (await call(successLoader, await requestAs(employer, "/payment-success")))
        .status,
    ).toBe(403);
  });

  it("answers the webhook with 404 and a message when Stripe is not configured", async () => {
    const res = await call(
      webhookApi,
      new Request("http://localhost/api/stripe/webhook", {
        method: "POST",
        body: JSON.stringify({ type: "payment_intent.succeeded" }),
        headers: { "stripe-signature": "t=1,v1=abc" },
      }),
    );
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/not configured/);
  });
});
