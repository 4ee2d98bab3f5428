import { z } from "zod";
import {
  pageEmployerRequestSummariesJson,
  streamEmployerRequestSummaries,
} from "~/models/advances/index.server";
import { requestSummarySchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";
import { pagedJsonText } from "~/web/pagination.server";

// What the reports read, newest first: the whole list streamed like /api/advance-requests/all
// (the SPEC's form, no parameters), or a page of it when the request asks for one.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/employer/advance-requests",
    summary:
      "The employer's requests for reports, newest first: the whole list without paging parameters, a page with them",
    role: "EMPLOYER",
    response: z.array(requestSummarySchema),
    errors: [400, 401, 403],
    streamed: true,
    paged: "asked",
  },
  async ({ user, whole, page, request }) => {
    if (whole) return streamEmployerRequestSummaries(user);
    const paged = await pageEmployerRequestSummariesJson(user, page);
    return pagedJsonText(request, paged, paged.body);
  },
);
