import { parseCardId, setCardFrozenDto } from "~/models/cards/index.server";
import { ownCardSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// Another employee's card is a 404.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/virtual-cards/{id}/unfreeze",
    summary:
      "Unfreeze the caller's own card (with Stripe, the Issuing card becomes active again)",
    role: "EMPLOYEE",
    params: ({ id }) => parseCardId(id),
    response: ownCardSchema,
    errors: [401, 403, 404, 409],
  },
  async ({ user, params: cardId }) => setCardFrozenDto(user, cardId, false),
);
