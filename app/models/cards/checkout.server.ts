import type { Language } from "~/utils/i18n";
import { and, desc, eq, isNull } from "drizzle-orm";
import {
  advanceRequests,
  companies,
  employees,
  virtualCards,
  type User,
} from "#db/schema";
import {
  paymentProvider,
  type SandboxCardInput,
} from "~/services/payments/index.server";
import { db } from "~/utils/db.server";
import { isAppError, notFound } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import { checkoutLine } from "~/utils/money-story";
import {
  payByDate,
  quoteAdvance,
  requestFeeCents,
  type FeePayer,
} from "~/utils/quote";
import { stateName } from "~/utils/state-rules";
import { parseExpiry } from "~/validation/checkout";
import { SANDBOX_ONLY } from "./card-access.server";
import { requestMoneyOf } from "./request-money.server";
import {
  findPayableAdvance,
  paymentSucceeded,
  payWithSandboxCard,
  ADVANCE_NOT_FOUND,
} from "~/models/advances/index.server";
import {
  CardCreationError,
  issueGroceryCard,
  type IssuedCard,
} from "./card.server";

// For the checkout page, which imports this module already (one server module per route
// keeps its pages' browser build small).
// The checkout screens' domain: what /checkout shows, the sandbox's pay-and-issue action,
// the return from Stripe's redirect, and the provider's webhook.

const CARD_CREATION_FAILED =
  "Payment succeeded but we couldn't create your grocery card.";

export type CheckoutView = {
  advanceRequestId: number;
  amount: string;
  /** The payment already went through (only the card is missing). */
  paid: boolean;
  /** The company pays the fee: nothing to pay, the employee confirms. */
  companyPays: boolean;
  /**
   * The fee is $0.00 (the state's monthly cap used up): nothing goes through payment, the
   * employee confirms without a charge.
   */
  noFee: boolean;
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
  /** What pressing the button does, in plain words (the disclosure explains the cost). */
  paying: string;
  /** The cost disclosure again, as if the card were issued now. */
  quote: ReturnType<typeof quoteAdvance>;
  /** What the Pay button charges: the fee. */
  feeAmount: string;
  /** When the employer approved it. */
  approvedOn: Date | null;
  /** The last day to pay before the approval expires (approval + 7 days). */
  payBy: Date | null;
};

/** What /checkout needs for the caller's approved request; refusals throw with a message. */
export async function getCheckout(
  actor: User,
  input: { amount: string; advanceRequestId: number },
  language: Language = "en",
): Promise<CheckoutView> {
  const advance = await findPayableAdvance(actor, input);
  const provider = paymentProvider();
  const [employee] = await db()
    .select({
      frequency: companies.payFrequency,
      nextPayDate: companies.nextPayDate,
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, advance.request.employeeId));
  const paid = await paymentSucceeded(advance.request);
  // Who pays the fee: fixed on the request once confirmed, else the company's setting now.
  const feePayer: FeePayer = paid
    ? advance.request.feePaidBy
    : advance.companyPaysFee
      ? "COMPANY"
      : "EMPLOYEE";
  // The fee as the employee's work state allowed it when the request was filed.
  const feeCents = requestFeeCents(advance.request);
  // The schedule as it would be made if the card were issued now.
  const quote = quoteAdvance(
    toCents(advance.request.amount),
    advance.request.repaymentPeriods,
    employee ?? null,
    new Date(),
    feePayer,
    advance.request.feeAmount !== null
      ? {
          stateName: stateName(advance.request.workState),
          perAdvanceCents: feeCents,
          percent: null,
          monthLeftCents: null,
        }
      : null,
  );
  return {
    advanceRequestId: advance.request.id,
    amount: advance.request.amount,
    paid,
    companyPays: feePayer === "COMPANY",
    noFee:
      feePayer === "EMPLOYEE" &&
      feeCents === 0 &&
      (!paid || toCents(advance.request.authorizedAmount ?? "0") === 0),
    provider: provider.name,
    publishableKey: provider.publishableKey,
    paying: checkoutLine(advance.request.amount, feePayer, language, feeCents),
    quote,
    feeAmount: fromCents(quote.feeCents),
    approvedOn: advance.request.approvalDate,
    payBy: advance.request.approvalDate
      ? payByDate(advance.request.approvalDate)
      : null,
  };
}

/**
 * The success screen's account of the employee's newest card: what was charged, the card's
 * amount and the deductions with their dates, and the card's id (the page links to it). Empty
 * when they have no card.
 */
export async function latestCardStory(
  actor: User,
  language: Language = "en",
): Promise<{ lines: string[]; cardId: number | null; companyPaid: boolean }> {
  const [row] = await db()
    .select({ request: advanceRequests, cardId: virtualCards.id })
    .from(virtualCards)
    .innerJoin(advanceRequests, eq(advanceRequests.id, virtualCards.requestId))
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(employees.userId, actor.id))
    .orderBy(desc(virtualCards.createdAt), desc(virtualCards.id))
    .limit(1);
  if (!row) return { lines: [], cardId: null, companyPaid: false };
  const money = await requestMoneyOf([row.request], language);
  return {
    lines: money.get(row.request.id)?.story ?? [],
    cardId: row.cardId,
    // The company paid the fee: nothing was paid here, the employee confirmed.
    companyPaid: row.request.feePaidBy === "COMPANY",
  };
}

/**
 * The sandbox checkout in one step, as the page's form post: pay with the typed card, then
 * issue the card. A failure of the card step after the payment is a CardCreationError, so the
 * page can say the payment went through; anything before it is the payment's failure.
 */
export async function completeSandboxCheckout(
  actor: User,
  input: {
    amount: string | number;
    advanceRequestId: number;
    card: SandboxCardInput;
  },
): Promise<IssuedCard> {
  const advance = await payWithSandboxCard(actor, input);
  return issueCardAfterPayment(actor, advance.request.id);
}

/**
 * POST /api/sandbox/payments: the checkout form's payment through the API, for testing an
 * integration end to end (sandbox only: 404 with Stripe, whose own test cards do this).
 */
export async function paySandboxCheckout(
  actor: User,
  input: {
    advanceRequestId: number;
    amount: string;
    cardNumber: string;
    expiry: string;
    cvc: string;
  },
): Promise<{ advanceRequestId: number; status: "authorized" }> {
  if (paymentProvider().name !== "sandbox") throw notFound(SANDBOX_ONLY);
  const { advanceRequestId, amount, cardNumber, expiry, cvc } = input;
  const advance = await payWithSandboxCard(actor, {
    amount,
    advanceRequestId,
    card: { number: cardNumber, cvc, ...parseExpiry(expiry) },
  });
  return { advanceRequestId: advance.request.id, status: "authorized" };
}

/** Issues the card of a paid request; every failure becomes a CardCreationError. */
export async function issueCardAfterPayment(
  actor: User,
  advanceRequestId: number,
): Promise<IssuedCard> {
  try {
    return await issueGroceryCard(actor, advanceRequestId);
  } catch (error) {
    if (isAppError(error))
      throw new CardCreationError(error.status, error.message);
    console.error(
      JSON.stringify({
        level: "error",
        msg: "card issuance failed",
        requestId: advanceRequestId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    throw new CardCreationError(503, CARD_CREATION_FAILED);
  }
}

/**
 * Stripe's return to /payment-success?payment_intent=…: the card of the caller's request paid
 * by that intent (issued now if the browser left before it was).
 */
export async function issueCardForPaymentIntent(
  actor: User,
  paymentIntentId: string,
): Promise<IssuedCard> {
  const [row] = await db()
    .select({ id: advanceRequests.id })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(
      and(
        eq(advanceRequests.paymentIntentId, paymentIntentId),
        eq(employees.userId, actor.id),
      ),
    );
  if (!row) throw notFound(ADVANCE_NOT_FOUND);
  return issueCardAfterPayment(actor, row.id);
}

/** The hold is placed (manual capture), or the intent is captured. */
const PAYMENT_EVENTS = new Set([
  "payment_intent.amount_capturable_updated",
  "payment_intent.succeeded",
]);

export type WebhookOutcome = {
  received: true;
  type: string;
  handled: boolean;
  message?: string;
};

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body (400 when wrong).
 * With manual capture, Stripe reports the hold as `payment_intent.amount_capturable_updated`:
 * that issues the card through issueGroceryCard (fee captured, schedule made), so a payment
 * whose browser closed still gets its card. `payment_intent.succeeded` (sent after our own
 * capture) goes the same way and finds the card there. A repeated delivery finds the card
 * already there. A refusal that retrying cannot fix (unknown request, not approved, cancelled,
 * a card that could not be issued and whose hold was released) is acknowledged so the provider
 * stops redelivering; a provider outage throws, so the provider delivers again later.
 */
export async function handlePaymentWebhook(
  rawBody: string,
  signature: string | null,
): Promise<WebhookOutcome> {
  const event = paymentProvider().parseWebhook(rawBody, signature);
  if (
    !PAYMENT_EVENTS.has(event.type) ||
    event.advanceRequestId === null ||
    event.paymentIntentId === null
  ) {
    return { received: true, type: event.type, handled: false };
  }
  // The intent id may not have been stored if our process died right after creating it.
  await db()
    .update(advanceRequests)
    .set({ paymentIntentId: event.paymentIntentId })
    .where(
      and(
        eq(advanceRequests.id, event.advanceRequestId),
        isNull(advanceRequests.paymentIntentId),
      ),
    );
  try {
    await issueGroceryCard("webhook", event.advanceRequestId);
    return { received: true, type: event.type, handled: true };
  } catch (error) {
    if (
      error instanceof CardCreationError ||
      (isAppError(error) && error.status < 500)
    ) {
      return {
        received: true,
        type: event.type,
        handled: false,
        message: error.message,
      };
    }
    throw error;
  }
}
