import { issueGroceryCard } from "~/models/cards/index.server";
import { issuedCardSchema } from "~/validation/api-responses";
import { createGroceryCardSchema } from "~/validation/checkout";
import { apiRoute } from "~/web/api-contract.server";
import { ok } from "~/web/api.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/create-grocery-card",
    summary:
      "Issue the grocery-only card once the fee is authorized (201): captures the processing fee and creates the repayment schedule. A repeat returns the existing card (200). If the card cannot be issued, the hold is cancelled, nothing is charged and the request is cancelled (503)",
    role: "EMPLOYEE",
    body: createGroceryCardSchema,
    status: 201,
    alsoStatus: 200,
    response: issuedCardSchema,
    errors: [400, 401, 402, 403, 404, 409],
  },
  async ({ user, body }) => {
    const { card, created } = await issueGroceryCard(
      user,
      body.advanceRequestId,
    );
    return ok(card, created ? 201 : 200);
  },
);
