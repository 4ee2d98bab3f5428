import { closeOwnCardDto, parseCardId } from "~/models/cards/index.server";
import { ownCardSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/virtual-cards/{id}/close",
    summary:
      "Close the caller's own card for good: every later purchase is declined, and its unspent balance is returned, so the upcoming deductions are reduced (latest first). 409 when already closed",
    role: "EMPLOYEE",
    params: ({ id }) => parseCardId(id),
    response: ownCardSchema,
    errors: [401, 403, 404, 409],
  },
  async ({ user, params: cardId }) => closeOwnCardDto(user, cardId),
);
