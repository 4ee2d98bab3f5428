import { z } from "zod";
import { pagePendingRequestsJson } from "~/models/advances/index.server";
import { pendingRequestSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";
import { pagedJsonText } from "~/web/pagination.server";

// Oldest first, each with its employee (firstName, lastName, department, availableBalance).
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/advance-requests/pending",
    summary: "The employer's pending requests, each with its employee",
    role: "EMPLOYER",
    response: z.array(pendingRequestSchema),
    errors: [400, 401, 403],
    paged: true,
  },
  // The page's JSON text is written by the database (one statement, no object per row).
  async ({ user, page, request }) => {
    const paged = await pagePendingRequestsJson(user, page);
    return pagedJsonText(request, paged, paged.body);
  },
);
