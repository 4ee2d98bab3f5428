import {
  toPublicAdvance,
  cancelAdvance,
  ADVANCE_NOT_FOUND,
} from "~/models/advances/index.server";
import { advanceRequestSchema } from "~/validation/api-responses";
import { parseId } from "~/utils/ids";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Someone else's request or a bad id → 404; an employer → 403.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/advance-requests/{id}/cancel",
    summary:
      "The employee cancels their own PENDING request, or an APPROVED one not paid for yet (no body): status CANCELLED, an approved amount goes back to the available balance once. Declined, paid for or already cancelled: 409",
    role: "EMPLOYEE",
    params: idParam(parseId, ADVANCE_NOT_FOUND),
    response: advanceRequestSchema,
    errors: [401, 403, 404, 409],
  },
  async ({ user, params: id }) =>
    toPublicAdvance(await cancelAdvance(user, id)),
);
