import {
  listEndpointDeliveries,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "~/models/integrations/index.server";
import { webhookDeliverySchema } from "~/validation/api-responses";
import { parseId } from "~/utils/ids";
import { apiRoute, idParam } from "~/web/api-contract.server";
import { z } from "zod";

// An endpoint's delivery log, newest first, paged like every list.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/webhook-endpoints/{id}/deliveries",
    summary:
      "The endpoint's deliveries, newest first: event id and type, attempts, last status code, last error in plain words, next attempt",
    role: "EMPLOYER",
    capability: "team",
    params: idParam(parseId, WEBHOOK_ENDPOINT_NOT_FOUND),
    response: z.array(webhookDeliverySchema),
    paged: true,
    errors: [401, 403, 404],
  },
  async ({ user, params: id, page }) => listEndpointDeliveries(user, id, page),
);
