import { z } from "zod";
import { pagePendingRequests } from "~/models/employer-requests.server";
import { pendingRequestSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

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
  async ({ user, page }) => pagePendingRequests(user, page),
);
