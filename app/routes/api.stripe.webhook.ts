import type { ActionFunctionArgs } from "@remix-run/node";
import { handlePaymentWebhook } from "~/models/checkout.server";
import { handleApi, methodNotAllowed, ok } from "~/utils/api.server";
import { payloadTooLarge } from "~/utils/errors";

export async function loader() {
  return methodNotAllowed("POST");
}

// The server refuses a larger body while it streams (scripts/http-guards.js WEBHOOK_BODY_LIMIT).
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * POST /api/stripe/webhook: Stripe's events, authenticated by the Stripe-Signature header over
 * the raw body (no session, no Origin). 404 when Stripe webhooks are not configured.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const rawBody = await request.text();
    if (rawBody.length > MAX_WEBHOOK_BYTES) throw payloadTooLarge();
    const outcome = await handlePaymentWebhook(
      rawBody,
      request.headers.get("stripe-signature"),
    );
    return ok(outcome);
  });
}
