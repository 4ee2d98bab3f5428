import { z } from "zod";
import {
  listOwnRequests,
  toPublicAdvance,
} from "~/models/advances/index.server";
import { advanceRequestSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/advance-requests/employee",
    summary: "The signed-in employee's requests, newest first",
    role: "EMPLOYEE",
    response: z.array(advanceRequestSchema),
    errors: [400, 401, 403],
    paged: "asked",
  },
  async ({ user }) => (await listOwnRequests(user)).map(toPublicAdvance),
);
