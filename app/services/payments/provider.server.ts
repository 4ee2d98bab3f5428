import { AppError } from "~/utils/errors";

// The card payment provider behind checkout and card issuance (DESIGN §7). Two adapters:
// the in-process sandbox (default) and Stripe. The domain (app/models/advances/payment.server.ts and
// card.server.ts) only talks to this interface.

export type PaymentIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export type ProviderPaymentIntent = {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  /** The advance request the intent was created for (its metadata). */
  advanceRequestId: number | null;
  /** The last decline message, if any. */
  lastError: string | null;
  /** The amount captured from the hold so far (0 until captured). */
  capturedCents: number;
};

/** The hold is in place (authorized, not yet captured) or already captured. */
export function isAuthorized(intent: ProviderPaymentIntent): boolean {
  return intent.status === "requires_capture" || intent.status === "succeeded";
}

export type CardHolder = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
};

/** What the provider tells us about an issued card: never the full number or the CVC. */
export type ProviderCard = {
  id: string;
  last4: string;
  expMonth: number;
  expYear: number;
  status: string;
};

/** Card details typed into the sandbox's own form. Checked, never stored or logged. */
export type SandboxCardInput = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
};

export type ProviderEvent = {
  id: string;
  type: string;
  paymentIntentId: string | null;
  advanceRequestId: number | null;
  /** The event's object as sent (issuing events are read from it by the card model). */
  object: Record<string, unknown>;
  /** The API version the event was rendered in; a real-time answer names it back. */
  apiVersion: string;
};

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  /** Stripe's publishable key for the Payment Element (null for the sandbox). */
  readonly publishableKey: string | null;
  /**
   * Creates the payment intent of an advance request, or returns the one already created for
   * it: the provider call carries the idempotency key `advance-request-<id>`.
   */
  createPaymentIntent(input: {
    advanceRequestId: number;
    amountCents: number;
    userId: number;
  }): Promise<ProviderPaymentIntent>;
  /** The intent as the provider sees it now; null when the provider does not know it. */
  getPaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;
  /**
   * Confirms a payment with card details typed into our own form (sandbox only: with Stripe,
   * the card details go to Stripe's Payment Element in the browser). A decline throws
   * PaymentDeclinedError with the provider's message.
   */
  confirmPayment(
    id: string,
    card: SandboxCardInput,
  ): Promise<ProviderPaymentIntent>;
  /**
   * Captures `amountCents` (the processing fee) from an authorized intent; the provider
   * releases the rest of the hold. Idempotent per intent: capturing an intent that is already
   * captured returns it as it is.
   */
  capturePaymentIntent(
    id: string,
    amountCents: number,
  ): Promise<ProviderPaymentIntent>;
  /**
   * Cancels an intent that is not captured: its hold, if any, is released in full and nothing
   * is charged. Cancelling a cancelled intent returns it as it is.
   */
  cancelPaymentIntent(id: string): Promise<ProviderPaymentIntent>;
  /**
   * Refunds what was captured from an intent (the fee of a request that got no card), in
   * full. Idempotent per intent (key `refund-advance-request-<id>`): refunding a refunded
   * intent returns the amount refunded before. An intent never captured is refused.
   */
  refundPaymentIntent(id: string): Promise<{ refundedCents: number }>;
  /**
   * Issues the virtual grocery-only card of an advance request, or returns the one already
   * issued for it (idempotency key per request), so retries never create a second card.
   */
  issueGroceryCard(input: {
    advanceRequestId: number;
    amountCents: number;
    holder: CardHolder;
  }): Promise<ProviderCard>;
  /**
   * Freezes ("inactive") or unfreezes ("active") an issued card at the provider, so the card
   * network refuses it too. The sandbox has no network: our own status is the whole truth.
   */
  setCardStatus(
    providerCardId: string,
    status: "active" | "inactive" | "canceled",
  ): Promise<void>;
  /**
   * An ephemeral key for Stripe's Issuing Elements, which show the card's full number, expiry
   * and CVC in Stripe's own iframes: the browser made `nonce` with Stripe.js for this card, and
   * gets back the key's secret. Nothing of the card's details passes through us. Null when the
   * provider has no such display (the sandbox shows its test numbers itself).
   */
  createCardDisplayKey(
    providerCardId: string,
    nonce: string,
  ): Promise<{ secret: string; expiresAt: Date } | null>;
  /** Verifies a webhook's signature on the raw body and parses it; a bad one throws (400). */
  parseWebhook(rawBody: string, signature: string | null): ProviderEvent;
}

/** The grocery-only restriction every card carries (Stripe's merchant category). */
export const GROCERY_CATEGORY = "grocery_stores_supermarkets";

/**
 * The superstore categories (Stripe's names, with their merchant category codes): a purchase
 * there is approved only at a listed superstore (models/cards/superstores.server).
 */
export const SUPERSTORE_CATEGORIES: Readonly<Record<string, string>> = {
  wholesale_clubs: "5300",
  discount_stores: "5310",
  department_stores: "5311",
};

/** Every category a card is allowed at the card network (Stripe's spending controls). */
export const CARD_CATEGORIES: readonly string[] = [
  GROCERY_CATEGORY,
  ...Object.keys(SUPERSTORE_CATEGORIES),
];

/** A card payment the provider refused: 402, with the provider's message for the user. */
export class PaymentDeclinedError extends AppError {
  constructor(message: string) {
    super(402, message);
    this.name = "PaymentDeclinedError";
  }
}

const PROVIDER_UNAVAILABLE =
  "The card payment provider is not available. Please try again later.";

/**
 * The provider failed: `transient` when it could not be reached or failed on its side (a
 * network error, 429 or 5xx), so the same call may succeed later; false when it refused the
 * call itself (a 4xx), which retrying cannot change. 503 with the same message either way.
 */
export class ProviderUnavailableError extends AppError {
  readonly transient: boolean;
  constructor(transient: boolean, message: string = PROVIDER_UNAVAILABLE) {
    super(503, message);
    this.name = "ProviderUnavailableError";
    this.transient = transient;
  }
}

/**
 * Whether a failure of a provider call (or of our database around it) may go away by
 * retrying: an outage, a network error or any unexpected error is; a refusal (a 4xx, or a
 * ProviderUnavailableError for a refused call) is not.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ProviderUnavailableError) return error.transient;
  if (error instanceof AppError) return error.status >= 500;
  return true;
}

// "fee-": checkout's intent is for the fee; the key differs from the one of the
// older intents for the whole advance, so Stripe does not answer a fee intent with one of them.
export const paymentIntentKey = (advanceRequestId: number) =>
  `fee-advance-request-${advanceRequestId}`;
export const cardKey = (advanceRequestId: number) =>
  `grocery-card-${advanceRequestId}`;
export const captureKey = (advanceRequestId: number) =>
  `capture-advance-request-${advanceRequestId}`;
export const cancelKey = (advanceRequestId: number) =>
  `cancel-advance-request-${advanceRequestId}`;
export const refundKey = (advanceRequestId: number) =>
  `refund-advance-request-${advanceRequestId}`;
export const cardholderKey = (userId: number) => `cardholder-user-${userId}`;
