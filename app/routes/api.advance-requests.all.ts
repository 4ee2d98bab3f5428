import { z } from "zod";
import {
  pageAllRequestsJson,
  streamAllRequests,
} from "~/models/advances/index.server";
import { advanceRequestSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";
import { pagedJsonText } from "~/web/pagination.server";

// Newest first. The one unbounded list (SPEC: "All requests"): without paging parameters it is
// streamed whole in chunks read by keyset, so neither the server nor the database holds the
// whole company at once; with them, a page like every other list.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/advance-requests/all",
    summary:
      "All of the employer's requests, newest first: the whole list without paging parameters, a page with them",
    role: "EMPLOYER",
    response: z.array(advanceRequestSchema),
    errors: [400, 401, 403],
    streamed: true,
    paged: "asked",
  },
  async ({ user, whole, page, request }) => {
    if (whole) return streamAllRequests(user);
    const paged = await pageAllRequestsJson(user, page);
    return pagedJsonText(request, paged, paged.body);
  },
);
