import {
  toPublicAdvance,
  approveAdvance,
} from "~/models/advances/index.server";
import { advanceRequestSchema } from "~/validation/api-responses";
import { REQUEST_NOT_FOUND } from "~/validation/employer";
import { parseId } from "~/utils/ids";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Another employer's request or a bad id → 404; already decided or the balance no longer
// covers it → 409.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/advance-requests/{id}/approve",
    summary:
      "Approve a pending request: the amount is reserved from the employee's available balance (the deduction schedule is made when the card is issued)",
    role: "EMPLOYER",
    params: idParam(parseId, REQUEST_NOT_FOUND),
    response: advanceRequestSchema,
    errors: [400, 401, 403, 404, 409],
    statusText: {
      409: "Already decided, or the employee's available balance no longer covers the amount",
    },
  },
  async ({ user, params: id }) =>
    toPublicAdvance(await approveAdvance(user, id)),
);
