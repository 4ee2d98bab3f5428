import { addMinutes, subDays } from "date-fns";
import {
  APPROVAL_EXPIRED,
  createPaymentIntent,
} from "~/models/advances/index.server";
import {
  CARD_DELAYED,
  issueGroceryCard,
  recoverPaidRequests,
} from "~/models/cards/index.server";

import { paymentProvider } from "~/services/payments/index.server";
import { db } from "~/utils/db.server";
import { insertAdvance } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  createEmployee,
  createEmployer,
} from "#tests/support/factories";
import {
  cardsOf,
  stripePaidAdvance,
  useFakeStripe,
} from "#tests/support/payments";
import { requestRow } from "#tests/support/rows";

import { checkInvariants } from "~/models/reports/index.server";
// No stuck money through the Stripe adapter: the real stripe SDK against
// the fake Stripe server, with its 500s (the SDK retries twice with the same idempotency key).

useTestDatabase();

const fakeStripe = useFakeStripe();

const paidAdvance = (amount: string) => stripePaidAdvance(fakeStripe(), amount);

/** Stripe captures the fee, but every answer to the capture is lost (three 500s). */
function loseTheCaptureAnswers() {
  fakeStripe().failNext(3, {
    method: "POST",
    path: /^\/v1\/payment_intents\/[^/]+\/capture$/,
    afterProcessing: true,
  });
}

describe("Stripe: a card that fails after the fee was captured", () => {
  it("is issued by the recovery job: one card, one capture at Stripe, no refund", async () => {
    expect(paymentProvider().name).toBe("stripe");
    const { user, request, paymentIntentId } = await paidAdvance("300.00");
    loseTheCaptureAnswers();
    await expect(issueGroceryCard(user, request.id)).rejects.toThrow(
      CARD_DELAYED,
    );
    // Captured at Stripe, not recorded by us.
    expect(fakeStripe().intents.get(paymentIntentId)).toMatchObject({
      status: "succeeded",
      amount_received: 1599,
    });
    const paid = await requestRow(request.id);
    expect(paid).toMatchObject({ status: "APPROVED", capturedAmount: null });
    expect(await cardsOf(request.id)).toHaveLength(0);

    const run = await recoverPaidRequests(addMinutes(paid.paidAt!, 10));
    expect(run).toMatchObject({ issued: 1 });
    const [card] = await cardsOf(request.id);
    const atStripe = [...fakeStripe().cards.values()].filter(
      (c) =>
        (c.metadata as { advanceRequestId?: string }).advanceRequestId ===
        String(request.id),
    );
    expect(atStripe).toHaveLength(1);
    expect(card.providerCardId).toBe(atStripe[0].id);
    expect(await requestRow(request.id)).toMatchObject({
      capturedAmount: "15.99",
      refundedAmount: null,
    });
    // Every capture request carried the request's key; only the first one did the work.
    const captures = fakeStripe().calls(
      "POST",
      `/v1/payment_intents/${paymentIntentId}/capture`,
    );
    expect(new Set(captures.map((c) => c.idempotencyKey))).toEqual(
      new Set([`capture-advance-request-${request.id}`]),
    );
    expect(fakeStripe().calls("POST", "/v1/refunds")).toHaveLength(0);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("keeps failing for an hour: the job refunds the fee at Stripe, once, with the request's idempotency key", async () => {
    const { user, request, paymentIntentId } = await paidAdvance("450.00");
    loseTheCaptureAnswers();
    await expect(issueGroceryCard(user, request.id)).rejects.toThrow(
      CARD_DELAYED,
    );
    const paidAt = (await requestRow(request.id)).paidAt!;
    // Stripe's Issuing stays down for the job's run at 30 minutes and at its last inside the hour.
    fakeStripe().failNext(3, {
      method: "GET",
      path: "/v1/issuing/cardholders",
    });
    expect(
      (await recoverPaidRequests(addMinutes(paidAt, 30))).waiting,
    ).toBeGreaterThanOrEqual(1);
    fakeStripe().failNext(3, {
      method: "GET",
      path: "/v1/issuing/cardholders",
    });
    const run = await recoverPaidRequests(addMinutes(paidAt, 55));
    expect(run.cancelled).toBeGreaterThanOrEqual(1);

    const refunds = fakeStripe().calls("POST", "/v1/refunds");
    expect(refunds.map((r) => [r.status, r.idempotencyKey])).toEqual([
      [200, `refund-advance-request-${request.id}`],
    ]);
    expect(refunds[0].body).toMatchObject({ payment_intent: paymentIntentId });
    expect(fakeStripe().intents.get(paymentIntentId)).toMatchObject({
      amount_received: 1599,
      amount_refunded: 1599,
    });
    expect(await requestRow(request.id)).toMatchObject({
      status: "CANCELLED",
      capturedAmount: "15.99",
      refundedAmount: "15.99",
    });
    expect(await cardsOf(request.id)).toHaveLength(0);

    // The next runs and a late webhook refund nothing twice.
    await recoverPaidRequests(addMinutes(paidAt, 60));
    expect(
      (await appErrorOf(issueGroceryCard("webhook", request.id))).status,
    ).toBe(409);
    expect(fakeStripe().calls("POST", "/v1/refunds")).toHaveLength(1);
    expect(await checkInvariants(db())).toEqual([]);
  });
});

describe("Stripe: paying for an approval older than 7 days", () => {
  it("is refused before any intent is created at Stripe", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
      requestDate: subDays(new Date(), 9),
      approvalDate: subDays(new Date(), 9),
    });
    const intentsBefore = fakeStripe().calls(
      "POST",
      "/v1/payment_intents",
    ).length;
    const error = await appErrorOf(
      createPaymentIntent(user, {
        amount: "300.00",
        advanceRequestId: request.id,
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(APPROVAL_EXPIRED);
    expect(fakeStripe().calls("POST", "/v1/payment_intents")).toHaveLength(
      intentsBefore,
    );
    expect((await requestRow(request.id)).status).toBe("CANCELLED");
  });
});
