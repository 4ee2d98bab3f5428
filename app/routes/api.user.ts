import { toPublicUser } from "~/models/people/index.server";
import { userSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// 401 when signed out: the client turns that into null.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/user",
    summary: "The signed-in user (401 when signed out)",
    role: "any",
    response: userSchema,
    errors: [401],
  },
  async ({ user }) => toPublicUser(user),
);
