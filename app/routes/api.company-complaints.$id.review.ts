import {
  reviewComplaint,
  toPublicComplaint,
} from "~/models/complaints/index.server";
import { parseId } from "~/utils/ids";
import { COMPLAINT_NOT_FOUND } from "~/utils/rules";
import { queuedComplaintSchema } from "~/validation/api-responses";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Starting the review acknowledges the complaint and mails the employee. Another company's
// complaint or a bad id → 404; one already in review or resolved → 409.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/company-complaints/{id}/review",
    summary: "Start the review of a received complaint (its acknowledgement)",
    role: "EMPLOYER",
    capability: "complaints",
    params: idParam(parseId, COMPLAINT_NOT_FOUND),
    response: queuedComplaintSchema,
    errors: [401, 403, 404, 409],
  },
  async ({ user, params: id }) =>
    toPublicComplaint(await reviewComplaint(user, id)),
);
