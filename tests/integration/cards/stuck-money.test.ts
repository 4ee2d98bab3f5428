import { addDays, addMinutes, subDays, subHours } from "date-fns";
import { and, asc, eq } from "drizzle-orm";
import {
  advanceRequests,
  auditEvents,
  mailOutbox,
  sandboxPayments,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import {
  cancelAdvance,
  APPROVAL_EXPIRED,
  CANNOT_CANCEL_PAID,
  EXPIRED_REASON,
  createPaymentIntent,
} from "~/models/advances/index.server";
import {
  CARD_DELAYED,
  issueGroceryCard,
  recoverPaidRequests,
  completeSandboxCheckout,
} from "~/models/cards/index.server";

import { offboardEmployee } from "~/models/payroll/index.server";
import { isoDay } from "~/utils/pay-schedule";
import { CARD_RECOVERY_TASK, cronItems, taskList } from "~/jobs/tasks.server";
import { action as createIntentApi } from "~/routes/api.create-payment-intent";
import { loader as historyLoader } from "~/routes/_app.history";
import {
  sandboxProvider,
  SUCCESS_CARD,
} from "~/services/payments/sandbox.server";
import { setPaymentProviderForTests } from "~/services/payments/index.server";
import { db } from "~/utils/db.server";
import { isAppError, unavailable } from "~/utils/errors";
import { approvedAdvance, insertAdvance } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { cardsOf, disableStripe } from "#tests/support/payments";
import { deductionsOf, employeeOf, requestRow } from "#tests/support/rows";

import { checkInvariants } from "~/models/reports/index.server";
// No stuck money, on the sandbox provider: a card that fails after the
// fee was captured is recovered by the job, one that keeps failing is refunded after the hour,
// an approval past 7 days cannot be paid, and a cancel racing a payment leaves no hold.

useTestDatabase();
beforeAll(() => disableStripe());
afterEach(() => setPaymentProviderForTests(undefined));

const CARD = {
  number: SUCCESS_CARD,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: "123",
};

function checkout(user: User, request: AdvanceRequest) {
  return completeSandboxCheckout(user, {
    amount: request.amount,
    advanceRequestId: request.id,
    card: CARD,
  });
}

/**
 * The sandbox, except that the process "dies" right after the fee is captured (the capture
 * is made, then the call fails like a lost connection), `times` times.
 */
function crashAfterCapture(times: number) {
  let left = times;
  setPaymentProviderForTests({
    ...sandboxProvider,
    async capturePaymentIntent(id, cents) {
      const captured = await sandboxProvider.capturePaymentIntent(id, cents);
      if (left-- > 0) throw new Error("Connection terminated unexpectedly");
      return captured;
    },
  });
}

async function paymentOf(requestId: number) {
  const [row] = await db()
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.requestId, requestId));
  return row;
}

async function auditOf(requestId: number) {
  const rows = await db()
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.requestId, requestId))
    .orderBy(asc(auditEvents.id));
  return rows.map((r) => r.action);
}

async function historyRow(user: User, requestId: number) {
  const res = await call(historyLoader, await requestAs(user, "/history"));
  const body = (await res.json()) as {
    requests: { id: number; note: string | null; story: string[] }[];
  };
  return body.requests.find((r) => r.id === requestId)!;
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

/** The sandbox, but the provider is down when the card is to be issued. */
function failCardIssuance() {
  setPaymentProviderForTests({
    ...sandboxProvider,
    issueGroceryCard: async () => {
      throw unavailable("The card payment provider is not available.");
    },
  });
}

describe("a card that fails after the fee was captured", () => {
  it("stays 'Card being issued' and is issued by the recovery job, the fee captured once", async () => {
    const { user, request } = await approvedAdvance("300.00");
    crashAfterCapture(1);
    const error = await failureOf(checkout(user, request));
    expect(isAppError(error) && error.message).toBe(CARD_DELAYED);

    // The crash window: the fee is captured at the provider, our card row never committed.
    const paid = await requestRow(request.id);
    expect(paid).toMatchObject({ status: "APPROVED", capturedAmount: null });
    expect(await paymentOf(request.id)).toMatchObject({
      status: "succeeded",
      capturedCents: 1599,
    });
    expect(await cardsOf(request.id)).toHaveLength(0);
    expect(await historyRow(user, request.id)).toMatchObject({
      note: "Card being issued",
    });
    expect((await historyRow(user, request.id)).story[0]).toMatch(
      /^Card being issued: the \$15\.99 processing fee is authorized/,
    );

    // Not before 10 minutes: the checkout or the webhook may still be at it.
    const early = await recoverPaidRequests(addMinutes(paid.paidAt!, 9));
    expect(early.retried).toBe(0);

    const run = await recoverPaidRequests(addMinutes(paid.paidAt!, 10));
    expect(run).toMatchObject({ retried: 1, issued: 1 });
    const [card] = await cardsOf(request.id);
    expect(card.providerCardId).toBe(`ic_sandbox_${request.id}`);
    expect(await requestRow(request.id)).toMatchObject({
      status: "APPROVED",
      authorizedAmount: "15.99",
      capturedAmount: "15.99",
      releasedAmount: "0.00",
      refundedAmount: null,
    });
    expect(await paymentOf(request.id)).toMatchObject({
      capturedCents: 1599,
      refundedCents: 0,
    });
    expect(await deductionsOf(request.id)).toHaveLength(1);
    expect(await auditOf(request.id)).toEqual([
      "request.paid",
      "fee.captured",
      "card.issued",
    ]);
    expect((await historyRow(user, request.id)).note).toBeNull();

    // A second run finds nothing to do.
    expect(
      (await recoverPaidRequests(addMinutes(paid.paidAt!, 15))).retried,
    ).toBe(0);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("keeps failing for an hour: the fee is refunded, the request cancelled, the reservation returned, the employee mailed", async () => {
    const { user, request } = await approvedAdvance("400.00");
    const reserved = (await employeeOf(user)).availableBalance;
    crashAfterCapture(1_000);
    await failureOf(checkout(user, request));
    const paidAt = (await requestRow(request.id)).paidAt!;

    for (const minutes of [10, 30, 50]) {
      const run = await recoverPaidRequests(addMinutes(paidAt, minutes));
      expect(run).toMatchObject({ retried: 1, waiting: 1, cancelled: 0 });
    }
    expect((await requestRow(request.id)).status).toBe("APPROVED");

    // The last run inside the hour gives up.
    const run = await recoverPaidRequests(addMinutes(paidAt, 55));
    expect(run).toMatchObject({ retried: 1, cancelled: 1 });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      status: "CANCELLED",
      cancellationReason: "The grocery card could not be issued",
      cancelledById: null,
      authorizedAmount: "15.99",
      capturedAmount: "15.99",
      refundedAmount: "15.99",
    });
    expect(row.paymentSettledAt).not.toBeNull();
    expect(await paymentOf(request.id)).toMatchObject({
      status: "succeeded",
      capturedCents: 1599,
      refundedCents: 1599,
    });
    expect(await cardsOf(request.id)).toHaveLength(0);
    expect(await deductionsOf(request.id)).toEqual([]);
    expect(Number((await employeeOf(user)).availableBalance)).toBe(
      Number(reserved) + 400,
    );
    expect(await auditOf(request.id)).toEqual([
      "request.paid",
      "request.cancelled",
      "fee.refunded",
    ]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.userId, user.id),
          eq(mailOutbox.kind, "advance.card-not-issued"),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(
      "Your $400.00 grocery card could not be issued",
    );
    expect(mails[0].text).toContain(
      "The $15.99 processing fee was refunded to your card.",
    );
    const history = await historyRow(user, request.id);
    expect(history.note).toBe(
      "Fee refunded. The grocery card could not be issued",
    );
    expect(history.story[0]).toMatch(/^Fee refunded: the \$15\.99/);

    // Later runs, and a late webhook, change nothing and refund nothing twice.
    setPaymentProviderForTests(undefined);
    await recoverPaidRequests(addMinutes(paidAt, 60));
    expect(
      (await appErrorOf(issueGroceryCard("webhook", request.id))).status,
    ).toBe(409);
    expect(await auditOf(request.id)).toHaveLength(3);
    expect((await paymentOf(request.id)).refundedCents).toBe(1599);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("offboarding cancels it: the cancellation mail says the fee comes back, not that nothing was charged", async () => {
    const { employer, user, request } = await approvedAdvance("300.00");
    crashAfterCapture(1_000);
    await failureOf(checkout(user, request));
    setPaymentProviderForTests(undefined);
    // The provider captured the fee; the crash kept the product from recording it.
    expect((await paymentOf(request.id)).capturedCents).toBe(1599);
    expect((await requestRow(request.id)).status).toBe("APPROVED");
    await offboardEmployee(employer, (await employeeOf(user)).id, {
      lastPayDate: isoDay(addDays(new Date(), 1)),
    });
    expect(await requestRow(request.id)).toMatchObject({
      status: "CANCELLED",
      refundedAmount: "15.99",
    });
    const [mail] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.userId, user.id),
          eq(mailOutbox.kind, "advance.cancelled"),
        ),
      );
    expect(mail.text).not.toContain("Nothing was charged");
    expect(mail.text).toContain(
      "The $15.99 processing fee you paid at checkout comes back to your card",
    );
  });

  it("an issuance that never reached the capture is released, not refunded: nothing charged", async () => {
    const { user, request } = await approvedAdvance("250.00");
    failCardIssuance();
    await failureOf(checkout(user, request));
    const paidAt = (await requestRow(request.id)).paidAt!;
    await recoverPaidRequests(addMinutes(paidAt, 56));
    expect(await requestRow(request.id)).toMatchObject({
      status: "CANCELLED",
      capturedAmount: "0.00",
      releasedAmount: "15.99",
      refundedAmount: null,
    });
    expect(await paymentOf(request.id)).toMatchObject({
      status: "canceled",
      capturedCents: 0,
      releasedCents: 1599,
    });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.userId, user.id),
          eq(mailOutbox.kind, "advance.card-not-issued"),
        ),
      );
    expect(mail.text).toContain(
      "Nothing was charged: the $15.99 authorization on your card was released.",
    );
    expect((await historyRow(user, request.id)).note).toBe(
      "The grocery card could not be issued",
    );
    expect(await checkInvariants(db())).toEqual([]);
  });
});

describe("the recovery job in the worker", () => {
  it("is on the crontab every 5 minutes, and its task recovers at the firing's time", async () => {
    const item = cronItems().find((c) => c.task === CARD_RECOVERY_TASK)!;
    const at = (min: number) => ({ min, hour: 7, date: 25, month: 11, dow: 3 });
    expect([0, 4, 5, 7, 10].filter((m) => item.match(at(m)))).toEqual([
      0, 5, 10,
    ]);

    const { user, request } = await approvedAdvance("220.00");
    crashAfterCapture(1);
    await failureOf(checkout(user, request));
    const paidAt = (await requestRow(request.id)).paidAt!;
    const task = taskList[CARD_RECOVERY_TASK]!;
    await task(
      { _cron: { ts: addMinutes(paidAt, 10).toISOString() } },
      {} as Parameters<typeof task>[1],
    );
    expect(await cardsOf(request.id)).toHaveLength(1);
  });
});

describe("paying for an approval older than 7 days", () => {
  it("is refused when the payment intent is created, and the request expires then", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const before = (await employeeOf(user)).availableBalance;
    const request = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
      requestDate: subDays(new Date(), 8),
      approvalDate: subDays(new Date(), 8),
    });
    const res = await call(
      createIntentApi,
      await requestAs(user, "/api/create-payment-intent", {
        json: { amount: "300.00", advanceRequestId: request.id },
      }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: APPROVAL_EXPIRED });
    expect(await requestRow(request.id)).toMatchObject({
      status: "CANCELLED",
      cancellationReason: EXPIRED_REASON,
      paymentIntentId: null,
    });
    expect(await paymentOf(request.id)).toBeUndefined();
    expect((await employeeOf(user)).availableBalance).toBe(before);
    expect(await auditOf(request.id)).toEqual(["request.expired"]);
    // The amount alone finds nothing payable any more.
    expect(
      (await appErrorOf(createPaymentIntent(user, { amount: "300.00" })))
        .status,
    ).toBe(400);
  });

  it("is refused at card issuance when the fee was authorized after the 7th day: the hold is released", async () => {
    const { user, request } = await approvedAdvance("300.00");
    const intent = await createPaymentIntent(user, {
      amount: "300.00",
      advanceRequestId: request.id,
    });
    // Day 6: the intent exists. Day 8: the employee confirms it (Stripe's browser step).
    await sandboxProvider.confirmPayment(intent.paymentIntentId, CARD);
    const approvalDate = (await requestRow(request.id)).approvalDate!;
    const error = await appErrorOf(
      issueGroceryCard("webhook", request.id, {
        now: addDays(approvalDate, 8),
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(APPROVAL_EXPIRED);
    expect(await cardsOf(request.id)).toHaveLength(0);
    expect(await requestRow(request.id)).toMatchObject({
      status: "CANCELLED",
      cancellationReason: EXPIRED_REASON,
      paidAt: null,
    });
    expect(await paymentOf(request.id)).toMatchObject({
      status: "canceled",
      capturedCents: 0,
    });
    // On time (day 6), the same payment would have got its card.
    const fresh = await approvedAdvance("300.00");
    await checkout(fresh.user, fresh.request);
    expect(await cardsOf(fresh.request.id)).toHaveLength(1);
  });
});

describe("a cancel racing a payment", () => {
  it("leaves no hold at the provider that the product did not record, whichever wins", async () => {
    const employer = await createEmployer();
    const outcomes = { carded: 0, cancelled: 0, heldThenReleased: 0 };
    for (let i = 0; i < 16; i++) {
      const user = await createEmployee(employer);
      const request = await insertAdvance(user, {
        amount: "200.00",
        status: "APPROVED",
      });
      // One side starts at once, the other a few milliseconds later, so each wins sometimes.
      const later = <T>(ms: number, run: () => Promise<T>) =>
        new Promise((resolve) => setTimeout(resolve, ms)).then(run);
      const delay = (i % 4) * 4;
      const [paid, cancelled] = await Promise.allSettled([
        later(i % 2 === 0 ? 0 : delay, () => checkout(user, request)),
        later(i % 2 === 0 ? delay : 0, () => cancelAdvance(user, request.id)),
      ]);
      const row = await requestRow(request.id);
      const payment = await paymentOf(request.id);
      const cards = await cardsOf(request.id);
      if (row.status === "APPROVED") {
        // The payment won: card issued, fee captured, the cancel refused.
        outcomes.carded += 1;
        expect(paid.status).toBe("fulfilled");
        expect(cancelled.status).toBe("rejected");
        expect(
          cancelled.status === "rejected" &&
            (cancelled.reason as Error).message,
        ).toBe(CANNOT_CANCEL_PAID);
        expect(cards).toHaveLength(1);
        expect(payment).toMatchObject({
          status: "succeeded",
          capturedCents: 1599,
        });
        continue;
      }
      outcomes.cancelled += 1;
      expect(row.status).toBe("CANCELLED");
      expect(cards).toHaveLength(0);
      expect(row.paymentSettledAt).not.toBeNull();
      // Nothing held or charged at the provider...
      if (payment)
        expect(payment.status).not.toMatch(/requires_capture|succeeded/);
      // ...and a fee the provider did authorize is recorded as released, once.
      const releases = (await auditOf(request.id)).filter(
        (a) => a === "hold.released",
      );
      if (payment && payment.authorizedCents > 0) {
        expect(row).toMatchObject({
          authorizedAmount: "15.99",
          capturedAmount: "0.00",
          releasedAmount: "15.99",
        });
        expect(releases).toHaveLength(1);
        outcomes.heldThenReleased += 1;
      } else {
        expect(releases).toHaveLength(0);
      }
    }
    expect(outcomes.carded + outcomes.cancelled).toBe(16);
    // Which side won varies by run and database; the note records a few runs.
    console.info(JSON.stringify({ race: outcomes }));
    expect(await checkInvariants(db())).toEqual([]);
  });
});

describe("the invariants of stuck money", () => {
  it("name a paid request without a card past the hour and an approval unpaid past 7 days; the recovery job clears both", async () => {
    const { user, request } = await approvedAdvance("260.00");
    failCardIssuance();
    await failureOf(checkout(user, request));
    // As if the job had not run for two hours.
    await db()
      .update(advanceRequests)
      .set({ paidAt: subHours(new Date(), 2) })
      .where(eq(advanceRequests.id, request.id));
    const stale = await insertAdvance(
      await createEmployee(await createEmployer()),
      {
        amount: "300.00",
        status: "APPROVED",
        requestDate: subDays(new Date(), 8),
        approvalDate: subDays(new Date(), 8),
      },
    );
    const rules = (await checkInvariants(db())).map((v) => v.rule);
    expect(rules).toEqual([
      "no paid request without a card or a refund older than 1 hour",
      "no approved-unpaid request older than 7 days",
    ]);

    // The job's next run, the provider still down: past the hour it gives up (the fee's
    // authorization released), and the stale approval expires.
    const run = await recoverPaidRequests();
    setPaymentProviderForTests(undefined);
    expect(run).toMatchObject({ cancelled: 1, expired: 1 });
    expect((await requestRow(request.id)).status).toBe("CANCELLED");
    expect((await requestRow(stale.id)).cancellationReason).toBe(
      EXPIRED_REASON,
    );
    expect(await checkInvariants(db())).toEqual([]);
  });
});
