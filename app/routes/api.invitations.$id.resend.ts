import {
  resendInvitation,
  toPublicInvitation,
} from "~/models/companies/index.server";
import { invitationSchema } from "~/validation/api-responses";
import { parseId } from "~/utils/ids";
import { INVITATION_NOT_FOUND } from "~/utils/invitation-rules";
import { apiRoute, idParam } from "~/web/api-contract.server";

// Another company's invitation or a bad id → 404; an invitation no longer pending → 409.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/invitations/{id}/resend",
    summary:
      "Send a pending or expired invitation again, with a new link and a new 7-day deadline (the old link stops working)",
    role: "EMPLOYER",
    capability: "manageEmployees",
    params: idParam(parseId, INVITATION_NOT_FOUND),
    response: invitationSchema,
    errors: [401, 403, 404, 409, 429],
  },
  async ({ user, params: id }) =>
    toPublicInvitation(await resendInvitation(user, id)),
);
