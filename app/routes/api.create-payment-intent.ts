import { createPaymentIntent } from "~/models/advances/index.server";
import { clientSecretSchema } from "~/validation/api-responses";
import { createPaymentIntentSchema } from "~/validation/checkout";
import { apiRoute } from "~/web/api-contract.server";

// The caller's own approved request without a card only.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/create-payment-intent",
    summary:
      "Create (or reuse) the payment intent of the caller's approved, unpaid request; `amount` in dollars. The intent is for the processing fee only (manual capture): it is authorized at checkout and captured when the card is issued; the advance is never charged to the employee's card",
    role: "EMPLOYEE",
    body: createPaymentIntentSchema,
    response: clientSecretSchema,
    errors: [400, 401, 402, 403, 404, 409],
    secrets: {
      fields: ["clientSecret"],
      message:
        "The client secret was given once, in the first answer to this request, and is not stored. Send the request again without this Idempotency-Key: it reuses the same payment intent.",
    },
  },
  async ({ user, body }) => createPaymentIntent(user, body),
);
