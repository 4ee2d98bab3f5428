import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyLogin } from "~/models/login.server";
import { toPublicUser } from "~/models/user.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
} from "~/utils/api.server";
import { CLIENT_ADDRESS_HEADER } from "~/utils/auth.server";
import { createUserSessionHeader } from "~/utils/session.server";
import { loginSchema } from "~/validation/auth";

export async function loader() {
  return methodNotAllowed("POST");
}

// POST /api/login {username, password, remember?} → the user, with a new session cookie.
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = parseBody(loginSchema, await readJson(request));
    const user = await verifyLogin(
      input.username,
      input.password,
      request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined,
    );
    const response = ok(toPublicUser(user));
    response.headers.append(
      "Set-Cookie",
      await createUserSessionHeader(
        request,
        { userId: user.id, role: user.role },
        input.remember,
      ),
    );
    return response;
  });
}
