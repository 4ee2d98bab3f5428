import {
  sendTestWebhook,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "~/models/integrations/index.server";
import { webhookDeliverySchema } from "~/validation/api-responses";
import { parseId } from "~/utils/ids";
import { apiRoute, idParam } from "~/web/api-contract.server";

// A signed `ping` event to this endpoint only, delivered (and logged) like any other.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/webhook-endpoints/{id}/test",
    summary:
      "Send a signed ping event to this endpoint (no subscription needed); the answer is its delivery, which the log then follows",
    role: "EMPLOYER",
    capability: "team",
    params: idParam(parseId, WEBHOOK_ENDPOINT_NOT_FOUND),
    status: 201,
    response: webhookDeliverySchema,
    errors: [401, 403, 404, 409],
    statusText: { 409: "The endpoint is disabled: enable it first" },
  },
  async ({ user, params: id }) => sendTestWebhook(user, id),
);
