import { z } from "zod";
import {
  fileComplaint,
  listOwnComplaints,
  toPublicComplaint,
} from "~/models/complaints/index.server";
import { complaintSchema } from "~/validation/api-responses";
import { fileComplaintSchema } from "~/validation/complaints";
import { apiRoute } from "~/web/api-contract.server";

// An employee's complaints and disputes: the list, newest first, and
// filing one (201, with its reference; the acknowledgement is mailed). 409 for an employee no
// company has linked yet.

const list = apiRoute(
  {
    method: "GET",
    path: "/api/complaints",
    summary:
      "The signed-in employee's complaints, newest first, with each step",
    role: "EMPLOYEE",
    response: z.array(complaintSchema),
    errors: [400, 401, 403],
    paged: "asked",
  },
  async ({ user }) => (await listOwnComplaints(user)).map(toPublicComplaint),
);

const create = apiRoute(
  {
    method: "POST",
    path: "/api/complaints",
    summary:
      "File a complaint or dispute: answers its reference and due dates, and mails an acknowledgement",
    role: "EMPLOYEE",
    body: fileComplaintSchema,
    status: 201,
    response: complaintSchema,
    errors: [400, 401, 403, 409],
  },
  async ({ user, body }) => toPublicComplaint(await fileComplaint(user, body)),
);

export const contract = create.contract;
export const listContract = list.contract;
export const loader = list.loader;
export const action = create.action;
