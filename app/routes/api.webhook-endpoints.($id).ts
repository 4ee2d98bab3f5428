import { z } from "zod";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  pageWebhookEndpoints,
  updateWebhookEndpoint,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "~/models/integrations/index.server";
import {
  createdWebhookEndpointSchema,
  webhookEndpointSchema,
} from "~/validation/api-responses";
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
} from "~/validation/api-keys";
import { parseId } from "~/utils/ids";
import { apiRoute, apiRoutes, idParam } from "~/web/api-contract.server";

// A company's webhook endpoints: an owner signed in, or a key with webhooks:write. The
// signing secret is in the 201 response only.

const list = apiRoute(
  {
    method: "GET",
    path: "/api/webhook-endpoints",
    summary: "The company's webhook endpoints (never a secret)",
    role: "EMPLOYER",
    capability: "team",
    response: z.array(webhookEndpointSchema),
    paged: true,
    errors: [401, 403],
  },
  async ({ user, page }) => pageWebhookEndpoints(user, page),
);

const create = apiRoute(
  {
    method: "POST",
    path: "/api/webhook-endpoints",
    summary:
      "Add a webhook endpoint (https) for some events, at most 10 per company (400 beyond); its signing secret is in this response only",
    role: "EMPLOYER",
    capability: "team",
    body: createWebhookEndpointSchema,
    status: 201,
    response: createdWebhookEndpointSchema,
    errors: [400, 401, 403],
    secrets: {
      fields: ["secret"],
      message:
        "The signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, remove the endpoint and add it again.",
    },
  },
  // Pinned to the version this request is answered in: its bodies are written in it.
  async ({ user, body, version }) =>
    createWebhookEndpoint(user, body, { apiVersion: version }),
);

// Removes an endpoint and its pending deliveries. Another company's endpoint → 404.
const remove = apiRoute(
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

// Changes what is sent, where and whether: the fields sent change, the others stay.
const update = apiRoute(
  {
    method: "PATCH",
    path: "/api/webhook-endpoints/{id}",
    summary:
      "Change a webhook endpoint: its url (checked as when adding), events, description, or enabled (false: it gets no events)",
    role: "EMPLOYER",
    capability: "team",
    params: idParam(parseId, WEBHOOK_ENDPOINT_NOT_FOUND),
    body: updateWebhookEndpointSchema,
    response: webhookEndpointSchema,
    errors: [400, 401, 403, 404],
  },
  async ({ user, params: id, body }) => updateWebhookEndpoint(user, id, body),
);

export const contract = create.contract;
export const updateContract = update.contract;
export const listContract = list.contract;
export const removeContract = remove.contract;
export const { loader, action } = apiRoutes(list, create, remove, update);
