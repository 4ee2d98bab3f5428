import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyLogin } from "~/models/login.server";
import { sessionWithCode } from "~/models/sign-in.server";
import { toPublicUser } from "~/models/user.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
} from "~/web/api.server";
import { clientInfo, sessionCookieHeader } from "~/web/session.server";
import { apiLoginSchema } from "~/validation/auth";

export async function loader() {
  return methodNotAllowed("POST");
}

// POST /api/login {username, password, remember?, code?} → the user, with a new session
// cookie. An account with two-factor sign-in needs `code` (a TOTP or recovery code) in the
// same request: without it the answer is 401 saying a code is required.
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = parseBody(apiLoginSchema, await readJson(request));
    const client = clientInfo(request);
    const user = await verifyLogin(
      input.username,
      input.password,
      client.ip ?? undefined,
    );
    const token = await sessionWithCode(user, {
      remember: input.remember,
      code: input.code,
      ...client,
    });
    const response = ok(toPublicUser(user));
    response.headers.append(
      "Set-Cookie",
      await sessionCookieHeader(request, token, input.remember),
    );
    return response;
  });
}
