import { messageSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";
import { ok } from "~/web/api.server";
import { signOutHeader } from "~/web/auth.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/logout",
    summary: "Sign out; revokes the server-side session and clears the cookie",
    role: "public",
    response: messageSchema,
    errors: [],
  },
  async ({ request }) => {
    const response = ok({ message: "Logged out" });
    response.headers.append("Set-Cookie", await signOutHeader(request));
    return response;
  },
);
