import { getAdvanceRequest } from "~/models/advances/index.server";
import { parseId } from "~/utils/ids";
import { advanceRequestSchema } from "~/validation/api-responses";
import { REQUEST_NOT_FOUND } from "~/validation/employer";
import { apiRoute, idParam } from "~/web/api-contract.server";

// One request: for the employer side, a request of one of the company's employees; for an
// employee, their own. Any other (or a malformed id) → 404. The parent of …/{id}/approve and
// the other actions only by its name: each is a resource route with its own loader/action.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/advance-requests/{id}",
    summary:
      "One advance request: the employer side's of its company's employees, or the employee's own",
    role: "any",
    params: idParam(parseId, REQUEST_NOT_FOUND),
    response: advanceRequestSchema,
    errors: [401, 403, 404],
  },
  async ({ user, params: id }) => getAdvanceRequest(user, id),
);
