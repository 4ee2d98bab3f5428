import Stripe from "stripe";
import { AppError, badRequest } from "~/utils/errors";
import {
  cancelKey,
  captureKey,
  cardholderKey,
  cardKey,
  CARD_CATEGORIES,
  PaymentDeclinedError,
  paymentIntentKey,
  ProviderUnavailableError,
  refundKey,
  type CardHolder,
  type PaymentIntentStatus,
  type PaymentProvider,
  type ProviderCard,
  type ProviderPaymentIntent,
} from "./provider.server";

// The Stripe adapter (DESIGN §7): PaymentIntents confirmed in the browser by the Payment
// Element, Issuing cards restricted to grocery stores, and webhook signature checks. Every
// creating call carries an idempotency key derived from our own ids, and the SDK retries
// network errors and 5xx answers with the same key, so a retry never makes a second intent,
// cardholder or card.

export type StripeSettings = {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  maxNetworkRetries?: number;
};

/**
 * Individual cardholders need a billing address, and the product collects none: the
 * company's address would go here once employers enter it.
 */
const BILLING_ADDRESS = {
  line1: "510 Townsend St",
  city: "San Francisco",
  state: "CA",
  postal_code: "94103",
  country: "US",
};

type StripeLikeError = {
  type?: string;
  statusCode?: number;
  message?: string;
  code?: string;
};

function isStripeError(error: unknown): error is StripeLikeError & Error {
  return (
    error instanceof Error &&
    typeof (error as StripeLikeError).type === "string" &&
    (error as StripeLikeError).type!.startsWith("Stripe")
  );
}

/** Turns an SDK failure into a typed error with a message fit for the user. */
export const CARD_DISPLAY_REFUSED =
  "The card details could not be shown. Please press Show card details again.";

function providerError(error: unknown, action: string): Error {
  if (error instanceof AppError) return error;
  if (isStripeError(error)) {
    if (error.type === "StripeCardError")
      return new PaymentDeclinedError(error.message);
    console.error(
      JSON.stringify({
        level: "error",
        msg: `stripe ${action} failed`,
        type: error.type,
        status: error.statusCode ?? null,
        code: error.code ?? null,
        error: error.message,
      }),
    );
    // No answer (a connection error), too many requests or Stripe's own failure: retrying
    // may succeed. Any other answer is a refusal of the call itself.
    const status = error.statusCode;
    const transient =
      status === undefined ||
      status === 429 ||
      status >= 500 ||
      error.type === "StripeConnectionError" ||
      error.type === "StripeAPIError";
    return new ProviderUnavailableError(transient);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function toIntent(pi: Stripe.PaymentIntent): ProviderPaymentIntent {
  const requestId = Number(pi.metadata?.advanceRequestId);
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    status: pi.status as PaymentIntentStatus,
    amountCents: pi.amount,
    advanceRequestId: Number.isSafeInteger(requestId) ? requestId : null,
    lastError: pi.last_payment_error?.message ?? null,
    capturedCents: pi.amount_received ?? 0,
  };
}

function toCard(card: Stripe.Issuing.Card): ProviderCard {
  return {
    id: card.id,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    status: card.status,
  };
}

export function createStripeProvider(
  settings: StripeSettings,
): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });

  /** The employee's cardholder: found by our user id in its metadata, else created once. */
  async function cardholderFor(holder: CardHolder): Promise<string> {
    const userId = String(holder.userId);
    const existing = await stripe.issuing.cardholders.list({
      email: holder.email,
      limit: 100,
    });
    const mine = existing.data.find((c) => c.metadata?.userId === userId);
    if (mine) return mine.id;
    const created = await stripe.issuing.cardholders.create(
      {
        type: "individual",
        name: `${holder.firstName} ${holder.lastName}`.trim().slice(0, 24),
        email: holder.email,
        status: "active",
        billing: { address: BILLING_ADDRESS },
        metadata: { userId },
      },
      { idempotencyKey: cardholderKey(holder.userId) },
    );
    return created.id;
  }

  return {
    name: "stripe",
    publishableKey: settings.publishableKey ?? null,

    async createPaymentIntent({ advanceRequestId, amountCents, userId }) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "usd",
            automatic_payment_methods: { enabled: true },
            // Checkout places a hold; only the fee is captured when the card is issued.
            capture_method: "manual",
            description: `Grocery advance #${advanceRequestId}`,
            metadata: {
              advanceRequestId: String(advanceRequestId),
              userId: String(userId),
            },
          },
          { idempotencyKey: paymentIntentKey(advanceRequestId) },
        );
        return toIntent(pi);
      } catch (error) {
        throw providerError(error, "payment intent creation");
      }
    },

    async getPaymentIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isStripeError(error) && error.statusCode === 404) return null;
        throw providerError(error, "payment intent retrieval");
      }
    },

    async capturePaymentIntent(id, amountCents) {
      try {
        const current = await stripe.paymentIntents.retrieve(id);
        if (current.status === "succeeded") return toIntent(current);
        const requestId = Number(current.metadata?.advanceRequestId);
        return toIntent(
          await stripe.paymentIntents.capture(
            id,
            { amount_to_capture: amountCents },
            Number.isSafeInteger(requestId)
              ? { idempotencyKey: captureKey(requestId) }
              : undefined,
          ),
        );
      } catch (error) {
        throw providerError(error, "payment capture");
      }
    },

    async cancelPaymentIntent(id) {
      try {
        const current = await stripe.paymentIntents.retrieve(id);
        if (current.status === "canceled") return toIntent(current);
        if (current.status === "succeeded")
          throw badRequest("This payment was already captured.");
        const requestId = Number(current.metadata?.advanceRequestId);
        return toIntent(
          await stripe.paymentIntents.cancel(
            id,
            {},
            Number.isSafeInteger(requestId)
              ? { idempotencyKey: cancelKey(requestId) }
              : undefined,
          ),
        );
      } catch (error) {
        throw providerError(error, "payment cancellation");
      }
    },

    async refundPaymentIntent(id) {
      try {
        const current = await stripe.paymentIntents.retrieve(id);
        if (current.status !== "succeeded")
          throw badRequest(
            "This payment was not captured, so it has no refund.",
          );
        const requestId = Number(current.metadata?.advanceRequestId);
        const refund = await stripe.refunds.create(
          { payment_intent: id, reason: "requested_by_customer" },
          Number.isSafeInteger(requestId)
            ? { idempotencyKey: refundKey(requestId) }
            : undefined,
        );
        return { refundedCents: refund.amount };
      } catch (error) {
        // Refunded before, under a key that has expired since: the whole capture came back.
        if (isStripeError(error) && error.code === "charge_already_refunded") {
          const current = await stripe.paymentIntents.retrieve(id);
          return { refundedCents: current.amount_received ?? 0 };
        }
        throw providerError(error, "payment refund");
      }
    },

    async confirmPayment() {
      throw badRequest(
        "Card details are entered in Stripe's payment form on this server.",
      );
    },

    async issueGroceryCard({ advanceRequestId, amountCents, holder }) {
      try {
        const cardholder = await cardholderFor(holder);
        // A card made earlier for this request (e.g. before our database write failed) is
        // reused even after Stripe's idempotency keys have expired.
        const cards = await stripe.issuing.cards.list({
          cardholder,
          limit: 100,
        });
        const existing = cards.data.find(
          (c) => c.metadata?.advanceRequestId === String(advanceRequestId),
        );
        if (existing) return toCard(existing);
        const card = await stripe.issuing.cards.create(
          {
            cardholder,
            currency: "usd",
            type: "virtual",
            status: "active",
            spending_controls: {
              allowed_categories: [
                ...CARD_CATEGORIES,
              ] as Stripe.Issuing.CardCreateParams.SpendingControls.AllowedCategory[],
              spending_limits: [{ amount: amountCents, interval: "all_time" }],
            },
            metadata: { advanceRequestId: String(advanceRequestId) },
          },
          { idempotencyKey: cardKey(advanceRequestId) },
        );
        return toCard(card);
      } catch (error) {
        throw providerError(error, "card issuance");
      }
    },

    async setCardStatus(providerCardId, status) {
      try {
        await stripe.issuing.cards.update(providerCardId, { status });
      } catch (error) {
        throw providerError(error, "card status update");
      }
    },

    async createCardDisplayKey(providerCardId, nonce) {
      try {
        // Issuing Elements need a key made with an API version of 2020-03-02 or later; the
        // SDK's own version is.
        const key = await stripe.ephemeralKeys.create(
          { nonce, issuing_card: providerCardId },
          { apiVersion: Stripe.API_VERSION },
        );
        if (!key.secret) throw new Error("Stripe returned no ephemeral key");
        return { secret: key.secret, expiresAt: new Date(key.expires * 1000) };
      } catch (error) {
        // A nonce Stripe refuses (used, expired, for another card) is the browser's to redo.
        if (isStripeError(error) && error.statusCode === 400)
          throw badRequest(CARD_DISPLAY_REFUSED);
        throw providerError(error, "card details key");
      }
    },

    parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret) {
        throw new AppError(
          404,
          "Stripe webhooks are not configured on this server.",
        );
      }
      if (!signature) throw badRequest("Missing Stripe-Signature header.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
        );
      } catch {
        throw badRequest("Invalid webhook signature.");
      }
      const object = event.data.object as {
        object?: string;
        id?: string;
        metadata?: Record<string, string>;
      };
      const isIntent = object.object === "payment_intent";
      const requestId = Number(object.metadata?.advanceRequestId);
      return {
        id: event.id,
        type: event.type,
        object: event.data.object as unknown as Record<string, unknown>,
        apiVersion: event.api_version ?? Stripe.API_VERSION,
        paymentIntentId: isIntent && object.id ? object.id : null,
        advanceRequestId:
          isIntent && Number.isSafeInteger(requestId) && requestId > 0
            ? requestId
            : null,
      };
    },
  };
}
