import type { ActionFunctionArgs } from "@remix-run/node";
import { createPaymentIntent } from "~/models/payment.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { createPaymentIntentSchema } from "~/validation/checkout";

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/create-payment-intent {amount (dollars), advanceRequestId?} → {clientSecret}
 * (plus the intent and request ids). The caller's own approved request without a card only.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiRole(request, "EMPLOYEE");
    const input = parseBody(createPaymentIntentSchema, await readJson(request));
    return ok(await createPaymentIntent(user, input));
  });
}
