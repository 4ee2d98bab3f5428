import type { ActionFunctionArgs } from "@remix-run/node";
import {
  parseCardId,
  setCardFrozenDto,
} from "~/models/card-authorization.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/web/api.server";

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/virtual-cards/{id}/freeze: freezes the caller's own card (another's is a 404) and
 * answers the card. Repeating it changes nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiRole(request, "EMPLOYEE");
    const cardId = parseCardId(params.id);
    return ok(await setCardFrozenDto(user, cardId, true));
  });
}
