import { paySandboxCheckout } from "~/models/cards/index.server";
import { sandboxPaymentResultSchema } from "~/validation/api-responses";
import { sandboxApiPaymentSchema } from "~/validation/checkout";
import { apiRoute } from "~/web/api-contract.server";

// The sandbox's stand-in for confirming the fee's payment intent in Stripe's form: the
// checkout page's test card, as JSON.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/sandbox/payments",
    summary:
      "Sandbox only (404 with Stripe): pay the processing fee of the caller's approved request with a test card, as the checkout page does (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined: 402). `amount` is the request's amount in dollars; only the fee is held. Then POST /api/create-grocery-card",
    role: "EMPLOYEE",
    body: sandboxApiPaymentSchema,
    response: sandboxPaymentResultSchema,
    errors: [400, 401, 402, 403, 404, 409],
  },
  async ({ user, body }) => paySandboxCheckout(user, body),
);
