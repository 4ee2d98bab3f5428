import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, ok } from "~/web/api.server";
import { signOutHeader } from "~/web/auth.server";

export async function loader() {
  return methodNotAllowed("POST");
}

// POST /api/logout: clears the session cookie.
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const response = ok({ message: "Logged out" });
    response.headers.append("Set-Cookie", await signOutHeader(request));
    return response;
  });
}
