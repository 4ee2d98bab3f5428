import { z } from "zod";
import {
  inviteEmployee,
  pageEmployeeInvitations,
  toPublicInvitation,
} from "~/models/companies/index.server";
import { invitationSchema } from "~/validation/api-responses";
import { inviteEmployeeSchema } from "~/validation/company";
import { apiRoute } from "~/web/api-contract.server";

// Employee invitations: an owner or admin invites by e-mail; the invitee chooses their own
// username and password at /join/<token>. 409 when the address already belongs to one of the
// company's employees or has a pending invitation.

const list = apiRoute(
  {
    method: "GET",
    path: "/api/invitations",
    summary:
      "The company's employee invitations, newest first, a page at a time",
    role: "EMPLOYER",
    capability: "manageEmployees",
    response: z.array(invitationSchema),
    errors: [400, 401, 403],
    paged: true,
  },
  async ({ user, page }) => pageEmployeeInvitations(user, page),
);

const create = apiRoute(
  {
    method: "POST",
    path: "/api/invitations",
    summary:
      "Invite an employee by e-mail: a single-use link to /join/<token>, valid 7 days",
    role: "EMPLOYER",
    capability: "manageEmployees",
    body: inviteEmployeeSchema,
    status: 201,
    response: invitationSchema,
    errors: [400, 401, 403, 409, 429],
  },
  async ({ user, body }) =>
    toPublicInvitation(await inviteEmployee(user, body)),
);

export const contract = create.contract;
export const listContract = list.contract;
export const loader = list.loader;
export const action = create.action;
