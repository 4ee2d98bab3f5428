import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { companies, employees, users, type User } from "#db/schema";
import { NO_FEE_TO_PAY, requestAdvance } from "~/models/advances/index.server";

import { action as createIntentApi } from "~/routes/api.create-payment-intent";
import {
  action as checkoutAction,
  loader as checkoutLoader,
} from "~/routes/_app.checkout";
import { loader as historyLoader } from "~/routes/_app.history";
import { db } from "~/utils/db.server";
import { requestLanguage } from "~/utils/i18n.server";
import { requestContext } from "~/utils/request-context.server";
import { resetEnvCache } from "~/utils/env.server";
import shipped from "~/utils/state-rules.data";
import { resetStateRulesCache } from "~/utils/state-rules.server";
import { TERMS_VERSION } from "~/utils/rules";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import {
  cardsOf,
  disableStripe,
  sandboxPaymentsOf,
  useFakeStripe,
} from "#tests/support/payments";
import { requestRow } from "#tests/support/rows";

import { checkInvariants } from "~/models/reports/index.server";
// A state whose monthly cap on fees is used up makes the next advance's fee $0.00: checkout never
// sends it through payment, the employee confirms without a charge, as when the company pays the
// fee. With the sandbox and with Stripe (the real SDK against the fake Stripe server).

useTestDatabase();

/** A deployment's table in which Connecticut caps an employee's fees at one $15.99 a month. */
beforeAll(() => {
  const file = structuredClone(shipped) as typeof shipped;
  file.states = file.states.map((row) =>
    row.state === "CT"
      ? {
          ...row,
          noCostOptionRequired: false,
          noCostOptionDefault: false,
          feeCapPerAdvanceCents: null,
          feeCapPerAdvancePercent: null,
          feeCapPerMonthCents: 1599,
        }
      : row,
  ) as typeof file.states;
  const path = join(mkdtempSync(join(tmpdir(), "rules-")), "rules.json");
  writeFileSync(path, JSON.stringify(file));
  process.env.STATE_RULES_PATH = path;
  resetEnvCache();
  resetStateRulesCache();
});
afterAll(() => {
  delete process.env.STATE_RULES_PATH;
  resetEnvCache();
  resetStateRulesCache();
});

/** An employee in Connecticut whose second advance this month is free: both auto-approved. */
async function freeAdvance(language: "en" | "es" = "en") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  await db()
    .update(employees)
    .set({ workState: "CT" })
    .where(eq(employees.userId, user.id));
  // Both auto-approved: under the company's auto-approval limit.
  await db()
    .update(companies)
    .set({ approvalLimit: "500.00" })
    .where(eq(companies.id, employer.companyId!));
  if (language === "es")
    await db().update(users).set({ language }).where(eq(users.id, user.id));
  const first = await requestAdvance(user, {
    amount: "200.00",
    repaymentPeriods: 1,
  });
  expect(first.feeAmount).toBe("15.99");
  const second = await requestAdvance(user, {
    amount: "250.00",
    repaymentPeriods: 1,
  });
  expect(second).toMatchObject({ status: "APPROVED", feeAmount: "0.00" });
  return { employer, user, request: second };
}

const checkoutPath = (id: number) => `/checkout?amount=250.00&requestId=${id}`;

async function confirm(user: User, id: number) {
  return call(
    checkoutAction,
    await requestAs(user, checkoutPath(id), {
      form: { intent: "issue-card", amount: "250.00", requestId: String(id) },
    }),
  );
}

describe("a $0.00 fee with the sandbox provider", () => {
  beforeAll(() => disableStripe());

  it("offers a confirmation instead of the card form, and refuses to take a payment", async () => {
    const { user, request } = await freeAdvance();
    const view = await (
      await call(
        checkoutLoader,
        await requestAs(user, checkoutPath(request.id)),
      )
    ).json();
    expect(view).toMatchObject({
      state: "ready",
      provider: "sandbox",
      noFee: true,
      companyPays: false,
      paid: false,
      feeAmount: "0.00",
    });
    expect(view.quote).toMatchObject({ feeCents: 0, totalCents: 25000 });
    expect(view.paying).toBe(
      "The processing fee of this advance is $0.00 (your state's monthly limit on fees is used up): nothing is charged to your card. Pressing Get my card confirms the advance and issues your grocery card.",
    );

    // No payment intent of $0.00 is made, from the API or a card typed into the sandbox form.
    const intent = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: 250, advanceRequestId: request.id },
      }),
    );
    expect(intent.status).toBe(409);
    expect((await intent.json()).message).toBe(NO_FEE_TO_PAY);
    const typed = await call(
      checkoutAction,
      await requestAs(user, checkoutPath(request.id), {
        form: {
          intent: "pay",
          amount: "250.00",
          requestId: String(request.id),
          cardNumber: "4242 4242 4242 4242",
          expiry: "12 / 30",
          cvc: "123",
        },
      }),
    );
    expect(typed.status).toBe(409);
    expect(await sandboxPaymentsOf(request.id)).toBe(0);
    expect((await requestRow(request.id)).paymentIntentId).toBeNull();
  });

  it("issues the card on 'Get my card' with nothing charged, and the books agree", async () => {
    const { user, request } = await freeAdvance();
    const res = await confirm(user, request.id);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/payment-success");
    const [card] = await cardsOf(request.id);
    expect(card).toMatchObject({ amount: "250.00", status: "active" });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      feePaidBy: "EMPLOYEE",
      feeAmount: "0.00",
      paymentIntentId: null,
      authorizedAmount: "0.00",
      capturedAmount: "0.00",
      termsVersion: TERMS_VERSION,
    });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await sandboxPaymentsOf(request.id)).toBe(0);
    expect(await checkInvariants(db())).toEqual([]);
    const history = await (
      await call(historyLoader, await requestAs(user, "/history"))
    ).text();
    expect(history).toContain(
      "The processing fee of this advance was $0.00: nothing was charged to your card.",
    );
  });

  it("says so in Spanish", async () => {
    const { user, request } = await freeAdvance("es");
    const view = await (
      await call(
        checkoutLoader,
        await requestAs(user, checkoutPath(request.id)),
      )
    ).json();
    expect(view.noFee).toBe(true);
    expect(view.paying).toBe(
      "El cargo por servicio de este adelanto es de $0.00 (el límite mensual de cargos de tu estado ya se alcanzó): no se cobra nada a tu tarjeta. Al presionar Recibir mi tarjeta confirmas el adelanto y se emite tu tarjeta de supermercado.",
    );
    // The JSON API in the language of Accept-Language, as the server adapter runs it.
    const intent = await requestContext.run(
      { userId: null, language: requestLanguage(null, "es") },
      async () =>
        call(
          createIntentApi,
          await requestAs(user, "/api/create-payment-intent", {
            json: { amount: 250, advanceRequestId: request.id },
            headers: { "Accept-Language": "es" },
          }),
        ),
    );
    expect(intent.status).toBe(409);
    expect((await intent.json()).message).toBe(
      "El cargo por servicio de este adelanto es de $0.00: no hay nada que pagar. Confirma el adelanto para recibir tu tarjeta.",
    );
  });
});

describe("a $0.00 fee with Stripe", () => {
  const fake = useFakeStripe();

  it("never creates a payment intent, and issues the card on confirmation without a capture", async () => {
    const { user, request } = await freeAdvance();
    const view = await (
      await call(
        checkoutLoader,
        await requestAs(user, checkoutPath(request.id)),
      )
    ).json();
    expect(view).toMatchObject({ provider: "stripe", noFee: true });
    const intent = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: 250, advanceRequestId: request.id },
      }),
    );
    expect(intent.status).toBe(409);
    const res = await confirm(user, request.id);
    expect(res.status).toBe(302);
    const [card] = await cardsOf(request.id);
    expect(card).toMatchObject({ amount: "250.00" });
    expect(fake().calls("POST", "/v1/payment_intents")).toHaveLength(0);
    expect(fake().calls("POST", /\/capture$/)).toHaveLength(0);
    expect(fake().calls("POST", "/v1/issuing/cards").length).toBeGreaterThan(0);
    expect(await requestRow(request.id)).toMatchObject({
      feePaidBy: "EMPLOYEE",
      capturedAmount: "0.00",
      paymentIntentId: null,
    });
    expect(await checkInvariants(db())).toEqual([]);
  });
});
