import {
  deleteWebhookEndpoint,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "~/models/webhooks.server";
import { webhookEndpointSchema } from "~/validation/api-responses";
import { parseId } from "~/validation/employer";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Removes an endpoint and its pending deliveries. Another company's endpoint → 404.
export const { contract, loader, action } = apiRoute(
  {
    method: "DELETE",
    path: "/api/webhook-endpoints/{id}",
    summary: "Remove a webhook endpoint (its pending deliveries are dropped)",
    role: "EMPLOYER",
    capability: "team",
    params: idParam(parseId, WEBHOOK_ENDPOINT_NOT_FOUND),
    response: webhookEndpointSchema,
    errors: [401, 403, 404],
  },
  async ({ user, params: id }) => deleteWebhookEndpoint(user, id),
);
