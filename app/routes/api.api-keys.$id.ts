import { API_KEY_NOT_FOUND, revokeApiKey } from "~/models/api-keys.server";
import { apiKeySchema } from "~/validation/api-responses";
import { parseId } from "~/validation/employer";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Revokes a key at once: its next request is 401. Another company's key → 404.
export const { contract, loader, action } = apiRoute(
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
