import { createPaymentIntent } from "~/models/payment.server";
import { clientSecretSchema } from "~/validation/api-responses";
import { createPaymentIntentSchema } from "~/validation/checkout";
import { apiRoute } from "~/web/api-contract.server";

// The caller's own approved request without a card only.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/create-payment-intent",
    summary:
      "Create (or reuse) the payment intent of the caller's approved, unpaid request; `amount` in dollars. The intent only authorizes (a hold for the advance amount, manual capture): the processing fee alone is captured when the card is issued and the rest of the hold is released",
    role: "EMPLOYEE",
    body: createPaymentIntentSchema,
    response: clientSecretSchema,
    errors: [400, 401, 402, 403, 404, 409],
  },
  async ({ user, body }) => createPaymentIntent(user, body),
);
