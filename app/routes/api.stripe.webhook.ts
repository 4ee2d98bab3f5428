import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { handleCardWebhook } from "~/models/card-authorization.server";
import { handlePaymentWebhook } from "~/models/checkout.server";
import { handleApi, methodNotAllowed, ok } from "~/web/api.server";
import { payloadTooLarge } from "~/utils/errors";

export async function loader() {
  return methodNotAllowed("POST");
}

// The server refuses a larger body while it streams (scripts/http-guards.js WEBHOOK_BODY_LIMIT).
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * POST /api/stripe/webhook: Stripe's events, authenticated by the Stripe-Signature header over
 * the raw body (no session, no Origin). 404 when Stripe webhooks are not configured. A real-time
 * `issuing_authorization.request` is answered with the decision ({"approved": true|false} and
 * the Stripe-Version header, as Stripe's contract asks); other issuing events record outcomes;
 * the rest are the payments' events.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
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
    if (card) return ok(card.ack);
    const outcome = await handlePaymentWebhook(rawBody, signature);
    return ok(outcome);
  });
}
