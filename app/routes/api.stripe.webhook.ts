import { json } from "@remix-run/node";
import {
  handleCardWebhook,
  handlePaymentWebhook,
} from "~/models/cards/index.server";
import { payloadTooLarge } from "~/utils/errors";
import {
  realTimeAuthorizationSchema,
  webhookAckSchema,
} from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// The server refuses a larger body while it streams (scripts/http-guards.ts WEBHOOK_BODY_LIMIT).
const MAX_WEBHOOK_BYTES = 512 * 1024;

// Authenticated by the Stripe-Signature header over the raw body (no session, no Origin). 404
// when Stripe webhooks are not configured. A real-time `issuing_authorization.request` is
// answered with the decision and the Stripe-Version header, as Stripe's contract asks; other
// issuing events record outcomes; the rest are the payments' events.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/stripe/webhook",
    summary:
      "Stripe webhook (signature checked with STRIPE_WEBHOOK_SECRET); payment_intent.amount_capturable_updated (the hold is placed) issues the card, captures the fee and creates the repayment schedule, once; payment_intent.succeeded finds it done; issuing_authorization.request is answered {approved} within 2 s (the card's rules); issuing_authorization.created/updated and issuing_transaction.created record outcomes",
    role: "webhook",
    body: { raw: { type: "object", description: "A Stripe event" } },
    response: { oneOf: [webhookAckSchema, realTimeAuthorizationSchema] },
    errors: [400, 404],
  },
  async ({ request }) => {
    const rawBody = await request.text();
    if (rawBody.length > MAX_WEBHOOK_BYTES) throw payloadTooLarge();
    const signature = request.headers.get("stripe-signature");
    const card = await handleCardWebhook(rawBody, signature);
    if (card?.kind === "decision") {
      return json(
        { approved: card.answer.approved },
        {
          headers: {
            "Stripe-Version": card.answer.apiVersion,
            "Cache-Control": "no-store",
          },
        },
      );
    }
    if (card) return card.ack;
    return handlePaymentWebhook(rawBody, signature);
  },
);
