import {
  toPublicAdvance,
  declineAdvance,
} from "~/models/advances/index.server";
import { advanceRequestSchema } from "~/validation/api-responses";
import { declineBodySchema, REQUEST_NOT_FOUND } from "~/validation/employer";
import { parseId } from "~/utils/ids";
import { apiRoute, idParam } from "~/web/api-contract.server";

// The reason is at most 500 characters (400). Another employer's request or a bad id → 404;
// already decided → 409.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/advance-requests/{id}/decline",
    summary:
      "Decline a pending request (reason defaults to 'Declined by employer')",
    role: "EMPLOYER",
    params: idParam(parseId, REQUEST_NOT_FOUND),
    body: declineBodySchema,
    bodyRequired: false,
    response: advanceRequestSchema,
    errors: [400, 401, 403, 404, 409],
  },
  async ({ user, params: id, body }) =>
    toPublicAdvance(await declineAdvance(user, id, body.reason)),
);
