import { z } from "zod";
import { streamAllRequests } from "~/models/advances/index.server";
import { advanceRequestSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// Newest first. The one unbounded list (SPEC: "All requests"): streamed in chunks read by
// keyset, so neither the server nor the database holds the whole company at once.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/advance-requests/all",
    summary: "All of the employer's requests",
    role: "EMPLOYER",
    response: z.array(advanceRequestSchema),
    errors: [401, 403],
    streamed: true,
  },
  async ({ user }) => streamAllRequests(user),
);
