import type { ActionFunctionArgs } from "@remix-run/node";
import { issueGroceryCard } from "~/models/card.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { createGroceryCardSchema } from "~/validation/checkout";

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/create-grocery-card {advanceRequestId} → the card (masked number): 201 when this
 * call issued it, 200 when the request already had it.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiRole(request, "EMPLOYEE");
    const { advanceRequestId } = parseBody(
      createGroceryCardSchema,
      await readJson(request),
    );
    const { card, created } = await issueGroceryCard(user, advanceRequestId);
    return ok(card, created ? 201 : 200);
  });
}
