import {
  enableWebhookEndpoint,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "~/models/integrations/index.server";
import { webhookEndpointSchema } from "~/validation/api-responses";
import { parseId } from "~/utils/ids";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Enables a disabled endpoint again (its failure count starts afresh); an enabled one is
// answered as it is. Another company's endpoint or a bad id → 404.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/webhook-endpoints/{id}/enable",
    summary:
      "Enable a webhook endpoint disabled after failing (see its disabledReason): it gets events again from now on",
    role: "EMPLOYER",
    capability: "team",
    params: idParam(parseId, WEBHOOK_ENDPOINT_NOT_FOUND),
    response: webhookEndpointSchema,
    errors: [401, 403, 404],
  },
  async ({ user, params: id }) => enableWebhookEndpoint(user, id),
);
