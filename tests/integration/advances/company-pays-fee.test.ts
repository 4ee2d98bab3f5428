import { and, eq, sql } from "drizzle-orm";
import { companies, mailOutbox, type User } from "#db/schema";
import { issueGroceryCard } from "~/models/cards/index.server";

import { COMPANY_PAYS_FEE, NOT_PAID } from "~/models/advances/index.server";
import {
  getEmployerReport,
  checkInvariants,
} from "~/models/reports/index.server";
import { updateCompanySettings } from "~/models/companies/index.server";
import { action as createCardApi } from "~/routes/api.create-grocery-card";
import { action as createIntentApi } from "~/routes/api.create-payment-intent";
import { loader as quoteApi } from "~/routes/api.advance-quote";
import {
  action as checkoutAction,
  loader as checkoutLoader,
} from "~/routes/_app.checkout";
import { loader as howItWorksLoader } from "~/routes/how-it-works";
import { setPaymentProviderForTests } from "~/services/payments/index.server";
import { db, queryRows } from "~/utils/db.server";
import { TERMS_VERSION } from "~/utils/rules";
import { approvedAdvance } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import { call, requestAs } from "#tests/support/factories";
import {
  cardsOf,
  disableStripe,
  sandboxPaymentsOf,
} from "#tests/support/payments";
import { requestRow } from "#tests/support/rows";

// A company that pays the fee: its employees see $0.00 before committing,
// checkout asks only for a confirmation ("Get my card"), nothing is authorized or charged on
// the employee's card, and the fee is billed to the company in the ledger and the reports.

useTestDatabase();
beforeAll(() => disableStripe());
afterEach(() => setPaymentProviderForTests(undefined));

const SETTINGS = {
  companyName: "Fresh Foods Co.",
  contactEmail: "",
  contactPhone: "",
  maxAdvance: 500,
  approvalLimit: 0,
  notifyNewRequests: true,
  notifyMonthlyReports: false,
  notifySystemUpdates: false,
};

async function companyPaysFee(employer: User, pays = true) {
  await db()
    .update(companies)
    .set({ companyPaysFee: pays })
    .where(eq(companies.id, employer.companyId!));
}

async function ledgerOf(requestId: number) {
  return queryRows<{ event: string; account: string; amount: string }>(
    db(),
    sql`select j.event, p.account, p.amount::text as amount
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.request_id = ${requestId} and j.event like 'fee.%'
        order by j.id, p.id`,
  );
}

function checkoutPath(requestId: number) {
  return `/checkout?amount=300.00&requestId=${requestId}`;
}

describe("a company that pays the fee", () => {
  it("is set on the company settings and audited", async () => {
    const { employer } = await approvedAdvance();
    const saved = await updateCompanySettings(employer, {
      ...SETTINGS,
      companyPaysFee: true,
    });
    expect(saved.companyPaysFee).toBe(true);
    // A caller that does not say keeps it.
    const kept = await updateCompanySettings(employer, SETTINGS);
    expect(kept.companyPaysFee).toBe(true);
  });

  it("quotes $0.00 and 0 % APR to its employees, on the API, the calculator and checkout", async () => {
    const { employer, user, request } = await approvedAdvance("300.00");
    await companyPaysFee(employer);

    const res = await call(
      quoteApi,
      await requestAs(user, "/api/advance-quote?amount=300&repaymentPeriods=1"),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      amount: "300.00",
      fee: "0.00",
      feePaidBy: "COMPANY",
      total: "300.00",
      apr: 0,
      termsVersion: TERMS_VERSION,
    });

    const page = await call(
      howItWorksLoader,
      await requestAs(user, "/how-it-works"),
    );
    const calculator = await page.json();
    expect(calculator.companyPaysFee).toBe(true);
    // Its repayment date is the one /request would schedule: the company's next pay date.
    const quoted = await (
      await call(
        quoteApi,
        await requestAs(
          user,
          "/api/advance-quote?amount=250&repaymentPeriods=1",
        ),
      )
    ).json();
    expect(calculator.calculator.payDate).toBe(
      quoted.schedule[0].date.slice(0, 10),
    );
    const anonymous = await call(
      howItWorksLoader,
      await requestAs(null, "/how-it-works"),
    );
    expect((await anonymous.json()).companyPaysFee).toBe(false);

    const checkout = await call(
      checkoutLoader,
      await requestAs(user, checkoutPath(request.id)),
    );
    const view = await checkout.json();
    expect(view).toMatchObject({
      state: "ready",
      companyPays: true,
      paid: false,
      feeAmount: "0.00",
    });
    expect(view.quote).toMatchObject({
      feeCents: 0,
      companyFeeCents: 1599,
      totalCents: 30000,
      apr: 0,
    });
    expect(view.paying).toBe(
      "Pressing Get my card confirms the advance and issues your grocery card: nothing is charged to your card.",
    );
  });

  it("issues the card on 'Get my card' with nothing charged to the employee, and bills the fee to the company", async () => {
    const { employer, user, request } = await approvedAdvance("300.00");
    await companyPaysFee(employer);

    // Nothing to pay: no payment intent is made for the employee.
    const intent = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: 300, advanceRequestId: request.id },
      }),
    );
    expect(intent.status).toBe(409);
    expect((await intent.json()).message).toBe(COMPANY_PAYS_FEE);

    const res = await call(
      checkoutAction,
      await requestAs(user, checkoutPath(request.id), {
        form: {
          intent: "issue-card",
          amount: "300.00",
          requestId: String(request.id),
        },
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/payment-success");

    const [card] = await cardsOf(request.id);
    expect(card).toMatchObject({ amount: "300.00", status: "active" });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      feePaidBy: "COMPANY",
      paymentIntentId: null,
      authorizedAmount: "0.00",
      capturedAmount: "0.00",
      termsVersion: TERMS_VERSION,
    });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);
    expect(await sandboxPaymentsOf(request.id)).toBe(0);
    // The card's mail says nothing was charged.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, "card.issued")),
      );
    expect(mail.text).toContain(
      "Nothing: your company paid the processing fee, and the advance itself is not charged to your card",
    );

    // The ledger: no fee from the employee's card; the fee billed to the company.
    expect(await ledgerOf(request.id)).toEqual([
      {
        event: "fee.billed_to_company",
        account: "company_fees",
        amount: "15.99",
      },
      {
        event: "fee.billed_to_company",
        account: "fee_income",
        amount: "-15.99",
      },
    ]);
    const report = await getEmployerReport(employer);
    expect(report.repayment.companyFeesCents).toBe(1599);
    expect(await checkInvariants(db())).toEqual([]);

    // Switching the setting off later does not change a confirmed advance.
    await companyPaysFee(employer, false);
    const again = await issueGroceryCard(user, request.id);
    expect(again.created).toBe(false);
    expect((await requestRow(request.id)).feePaidBy).toBe("COMPANY");
  });

  it("confirms through POST /api/create-grocery-card too", async () => {
    const { employer, user, request } = await approvedAdvance("250.00");
    await companyPaysFee(employer);
    const res = await call(
      createCardApi,
      await requestAs(user, "/api/create-grocery-card", {
        json: { advanceRequestId: request.id },
      }),
    );
    expect(res.status).toBe(201);
    expect((await requestRow(request.id)).feePaidBy).toBe("COMPANY");
    expect(await ledgerOf(request.id)).toHaveLength(2);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("is never confirmed by the provider's webhook: only the employee confirms", async () => {
    const { employer, request } = await approvedAdvance("300.00");
    await companyPaysFee(employer);
    await expect(issueGroceryCard("webhook", request.id)).rejects.toMatchObject(
      {
        status: 409,
        message: NOT_PAID,
      },
    );
    expect(await cardsOf(request.id)).toEqual([]);
  });

  it("uses the employee's authorization when they paid before the company took the fee on", async () => {
    const { employer, user, request } = await approvedAdvance("300.00");
    // The employee authorizes the fee on their card…
    const intent = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: 300, advanceRequestId: request.id },
      }),
    );
    expect(intent.status).toBe(200);
    const paid = await call(
      checkoutAction,
      await requestAs(user, checkoutPath(request.id), {
        form: {
          intent: "pay",
          amount: "300.00",
          requestId: String(request.id),
          cardNumber: "4242 4242 4242 4242",
          expiry: "12 / 39",
          cvc: "123",
        },
      }),
    );
    expect(paid.status).toBe(302);
    // …and a company that starts paying fees afterwards changes nothing of that advance.
    await companyPaysFee(employer);
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      feePaidBy: "EMPLOYEE",
      capturedAmount: "15.99",
    });
    expect(await ledgerOf(request.id)).toEqual([
      { event: "fee.charged", account: "fee_payments", amount: "15.99" },
      { event: "fee.charged", account: "fee_income", amount: "-15.99" },
    ]);
    expect(await checkInvariants(db())).toEqual([]);
  });
});
