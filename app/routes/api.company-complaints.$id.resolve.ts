import {
  resolveComplaint,
  toPublicComplaint,
} from "~/models/complaints/index.server";
import { parseId } from "~/utils/ids";
import { COMPLAINT_NOT_FOUND } from "~/utils/rules";
import { queuedComplaintSchema } from "~/validation/api-responses";
import { resolveComplaintBodySchema } from "~/validation/complaints";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Resolves a complaint with the text the employee reads (mailed to them). Another company's
// complaint or a bad id → 404; one already resolved → 409.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/company-complaints/{id}/resolve",
    summary: "Resolve a complaint with the resolution the employee reads",
    role: "EMPLOYER",
    capability: "complaints",
    params: idParam(parseId, COMPLAINT_NOT_FOUND),
    body: resolveComplaintBodySchema,
    response: queuedComplaintSchema,
    errors: [400, 401, 403, 404, 409],
  },
  async ({ user, params: id, body }) =>
    toPublicComplaint(await resolveComplaint(user, id, body.resolution)),
);
