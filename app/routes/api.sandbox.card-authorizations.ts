import type { ActionFunctionArgs } from "@remix-run/node";
import { simulateCardPurchase } from "~/models/card-authorization.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { sandboxAuthorizationSchema } from "~/validation/card";

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/sandbox/card-authorizations {cardId, amount, merchantName, merchantCategory}: the
 * sandbox's stand-in for a card network, like Stripe's test helpers. A purchase on the
 * caller's own card, decided by the same rules as Stripe's real-time authorizations, answered
 * {approved, reason}. 404 outside sandbox mode and for anyone else's card.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiRole(request, "EMPLOYEE");
    const { cardId, ...purchase } = parseBody(
      sandboxAuthorizationSchema,
      await readJson(request),
    );
    const decision = await simulateCardPurchase(user, cardId, purchase);
    return ok(decision);
  });
}
