import {
  listCompanyComplaints,
  toPublicComplaint,
} from "~/models/complaints/index.server";
import { queuedComplaintSchema } from "~/validation/api-responses";
import { complaintQueueQuerySchema } from "~/validation/complaints";
import { apiRoute } from "~/web/api-contract.server";
import { z } from "zod";

// The company's complaints queue for its owners and admins: open ones
// first, the soonest due first; ?status=open|all|RECEIVED|IN_REVIEW|RESOLVED.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/company-complaints",
    summary:
      "The company's complaints, open ones first by due date (?status=open, all, RECEIVED, IN_REVIEW or RESOLVED)",
    role: "EMPLOYER",
    capability: "complaints",
    query: complaintQueueQuerySchema,
    response: z.array(queuedComplaintSchema),
    errors: [400, 401, 403],
    paged: "asked",
  },
  async ({ user, query }) => {
    const { status } = query as z.output<typeof complaintQueueQuerySchema>;
    return (await listCompanyComplaints(user, status)).map(toPublicComplaint);
  },
);
