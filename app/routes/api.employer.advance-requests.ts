import { z } from "zod";
import { streamEmployerRequestSummaries } from "~/models/advances/index.server";
import { requestSummarySchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// What the reports read, newest first, streamed like /api/advance-requests/all.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/employer/advance-requests",
    summary: "The employer's requests for reports",
    role: "EMPLOYER",
    response: z.array(requestSummarySchema),
    errors: [401, 403],
    streamed: true,
  },
  async ({ user }) => streamEmployerRequestSummaries(user),
);
