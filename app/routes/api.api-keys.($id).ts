import { z } from "zod";
import {
  API_KEY_NOT_FOUND,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from "~/models/integrations/index.server";
import { apiKeySchema, createdApiKeySchema } from "~/validation/api-responses";
import { createApiKeySchema } from "~/validation/api-keys";
import { parseId } from "~/utils/ids";
import { apiRoute, apiRoutes, idParam } from "~/web/api-contract.server";

// A company's API keys: owners only, signed in (a key cannot make or list keys). The secret is
// in the 201 response and nowhere else.

const list = apiRoute(
  {
    method: "GET",
    path: "/api/api-keys",
    summary: "The company's API keys with their last use (never a secret)",
    role: "EMPLOYER",
    capability: "team",
    response: z.array(apiKeySchema),
    errors: [400, 401, 403],
    paged: "asked",
  },
  async ({ user }) => listApiKeys(user),
);

const create = apiRoute(
  {
    method: "POST",
    path: "/api/api-keys",
    summary:
      "Create an API key with a name and scopes; its secret is in this response only",
    role: "EMPLOYER",
    capability: "team",
    body: createApiKeySchema,
    status: 201,
    response: createdApiKeySchema,
    errors: [400, 401, 403],
    secrets: {
      fields: ["key"],
      message:
        "The key was shown once, in the first answer to this request, and is not stored. If it was lost, revoke it and create another.",
    },
  },
  async ({ user, body }) => createApiKey(user, body),
);

// Revokes a key at once: its next request is 401. Another company's key → 404.
const remove = apiRoute(
  {
    method: "DELETE",
    path: "/api/api-keys/{id}",
    summary: "Revoke an API key (at once; it stays listed with when)",
    role: "EMPLOYER",
    capability: "team",
    params: idParam(parseId, API_KEY_NOT_FOUND),
    response: apiKeySchema,
    errors: [401, 403, 404],
  },
  async ({ user, params: id }) => revokeApiKey(user, id),
);

export const contract = create.contract;
export const listContract = list.contract;
export const removeContract = remove.contract;
export const { loader, action } = apiRoutes(list, create, remove);
