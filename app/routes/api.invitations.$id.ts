import { getEmployeeInvitation } from "~/models/companies/index.server";
import { parseId } from "~/utils/ids";
import { INVITATION_NOT_FOUND } from "~/utils/invitation-rules";
import { invitationSchema } from "~/validation/api-responses";
import { apiRoute, idParam } from "~/web/api-contract.server";

// One of the company's employee invitations; another company's (or a colleague's invitation to
// the team) → 404.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/invitations/{id}",
    summary: "One of the company's employee invitations, with its status",
    role: "EMPLOYER",
    capability: "manageEmployees",
    params: idParam(parseId, INVITATION_NOT_FOUND),
    response: invitationSchema,
    errors: [401, 403, 404],
  },
  async ({ user, params: id }) => getEmployeeInvitation(user, id),
);
