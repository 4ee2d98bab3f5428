import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listOwnCards } from "~/models/advance.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/utils/api.server";

// GET /api/virtual-cards: the employee's cards (SPEC §7). cardNumber is the masked number;
// no full number or CVC is ever stored (docs/decisions/0004).
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiRole(request, "EMPLOYEE");
    const cards = await listOwnCards(user);
    return ok(
      cards.map((c) => ({
        id: c.id,
        cardNumber: c.cardNumber,
        status: c.status,
        expiryMonth: c.expiryMonth,
        expiryYear: c.expiryYear,
        amount: c.amount,
        spendingLimits: c.spendingLimits,
        createdAt: c.createdAt.toISOString(),
      })),
    );
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
