import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listOwnCards } from "~/models/advance.server";
import { toOwnCardDto } from "~/models/card-authorization.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/web/api.server";
import { toCents } from "~/utils/money";

// GET /api/virtual-cards: the employee's cards (SPEC §7), each with what it has spent and its
// remaining balance. cardNumber is the masked number; no full number or CVC is ever stored
// (docs/decisions/0004).
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiRole(request, "EMPLOYEE");
    const cards = await listOwnCards(user);
    return ok(cards.map((c) => toOwnCardDto(c, toCents(c.spent))));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
