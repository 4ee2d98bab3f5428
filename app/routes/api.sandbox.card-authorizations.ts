import { simulateCardPurchase } from "~/models/cards/index.server";
import { cardDecisionSchema } from "~/validation/api-responses";
import { sandboxAuthorizationSchema } from "~/validation/card";
import { apiRoute } from "~/web/api-contract.server";

// The sandbox's stand-in for a card network, like Stripe's test helpers.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/sandbox/card-authorizations",
    summary:
      "Sandbox only (404 with Stripe): a simulated purchase on the caller's own card, decided like a real one: approved only at grocery stores (`grocery_stores_supermarkets`), while the card is active, up to its remaining balance. `amount` in dollars; `merchantCategory` a Stripe category name. Stored either way",
    role: "EMPLOYEE",
    body: sandboxAuthorizationSchema,
    response: cardDecisionSchema,
    errors: [400, 401, 403, 404],
  },
  async ({ user, body: { cardId, ...purchase } }) =>
    simulateCardPurchase(user, cardId, purchase),
);
