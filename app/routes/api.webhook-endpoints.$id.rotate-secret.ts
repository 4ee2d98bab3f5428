import {
  rotateWebhookSecret,
  SECRET_OVERLAP_HOURS,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "~/models/integrations/index.server";
import { createdWebhookEndpointSchema } from "~/validation/api-responses";
import { parseId } from "~/utils/ids";
import { apiRoute, idParam } from "~/web/api-contract.server";

// A new signing secret, shown once; the old one keeps signing (a second v1) for the overlap.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/webhook-endpoints/{id}/rotate-secret",
    summary: `Replace the endpoint's signing secret (the new one is in this response only); for ${SECRET_OVERLAP_HOURS} hours every delivery is signed with both, the new v1 first`,
    role: "EMPLOYER",
    capability: "team",
    params: idParam(parseId, WEBHOOK_ENDPOINT_NOT_FOUND),
    response: createdWebhookEndpointSchema,
    errors: [401, 403, 404],
    secrets: {
      fields: ["secret"],
      message:
        "The new signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, rotate the secret again.",
    },
  },
  async ({ user, params: id }) => rotateWebhookSecret(user, id),
);
