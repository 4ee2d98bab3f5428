import {
  redeliverWebhook,
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "~/models/integrations/index.server";
import { webhookDeliverySchema } from "~/validation/api-responses";
import { parseId } from "~/utils/ids";
import { apiRoute } from "~/web/api-contract.server";
import { notFound } from "~/utils/errors";

// Sends a delivery's event again to its endpoint: a new delivery, same event id and body.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver",
    summary:
      "Send a delivery's event to its endpoint again, as a new delivery with the same event id (enables a disabled endpoint)",
    role: "EMPLOYER",
    capability: "team",
    params: (params) => {
      const id = parseId(params.id);
      if (id === null) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
      const deliveryId = parseId(params.deliveryId);
      if (deliveryId === null) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
      return { id, deliveryId };
    },
    status: 201,
    response: webhookDeliverySchema,
    errors: [401, 403, 404],
  },
  async ({ user, params }) =>
    redeliverWebhook(user, params.id, params.deliveryId),
);
