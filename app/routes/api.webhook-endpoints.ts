import { z } from "zod";
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
} from "~/models/webhooks.server";
import {
  createdWebhookEndpointSchema,
  webhookEndpointSchema,
} from "~/validation/api-responses";
import { createWebhookEndpointSchema } from "~/validation/api-keys";
import { apiRoute } from "~/web/api-contract.server";

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
    errors: [401, 403],
  },
  async ({ user }) => listWebhookEndpoints(user),
);

const create = apiRoute(
  {
    method: "POST",
    path: "/api/webhook-endpoints",
    summary:
      "Add a webhook endpoint (https) for some events; its signing secret is in this response only",
    role: "EMPLOYER",
    capability: "team",
    body: createWebhookEndpointSchema,
    status: 201,
    response: createdWebhookEndpointSchema,
    errors: [400, 401, 403],
  },
  async ({ user, body }) => createWebhookEndpoint(user, body),
);

export const contract = create.contract;
export const listContract = list.contract;
export const loader = list.loader;
export const action = create.action;
