import { cardDisplayKey, parseCardId } from "~/models/cards/index.server";
import { cardDisplayKeyResponseSchema } from "~/validation/api-responses";
import { cardDisplayKeySchema } from "~/validation/card";
import { apiRoute } from "~/web/api-contract.server";

// Stripe's Issuing Elements show the card's number, expiry and CVC in Stripe's iframes; this
// exchanges the browser's nonce for their ephemeral key. Another employee's card is a 404.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/virtual-cards/{id}/ephemeral-key",
    summary:
      "With Stripe: exchange the nonce Stripe.js made for the caller's own card (stripe.createEphemeralKeyNonce) for an ephemeral key, with which Issuing Elements show its full number, expiry and CVC in Stripe's own frames; the details never pass through this server. 409 in sandbox mode (the card page shows its test numbers) and for a closed card",
    role: "EMPLOYEE",
    params: ({ id }) => parseCardId(id),
    body: cardDisplayKeySchema,
    response: cardDisplayKeyResponseSchema,
    errors: [400, 401, 403, 404, 409, 503],
    secrets: {
      fields: ["ephemeralKeySecret"],
      message:
        "The ephemeral key was given once, in the first answer to this request, and is not stored. Ask for a new one with a new nonce.",
    },
  },
  async ({ user, params: cardId, body }) =>
    cardDisplayKey(user, cardId, body.nonce),
);
