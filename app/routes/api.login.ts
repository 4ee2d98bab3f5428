import { signIn, toPublicUser } from "~/models/people/index.server";
import { userSchema } from "~/validation/api-responses";
import { apiLoginSchema } from "~/validation/auth";
import { apiRoute } from "~/web/api-contract.server";
import { ok } from "~/web/api.server";
import {
  deviceCookieHeader,
  sessionCookieHeader,
  signInClient,
} from "~/web/session.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/login",
    summary:
      "Sign in; sets the session cookie (a server-side session: idle and absolute timeouts, ended by logout or a password change). An employer with two-factor sign-in sends `code` too (the 6-digit TOTP code or a recovery code; each accepted once): without it the answer is 401 saying a code is required",
    role: "public",
    body: apiLoginSchema,
    response: userSchema,
    errors: [400, 401, 429],
  },
  async ({ request, body: input }) => {
    const { user, token, device } = await signIn(
      input,
      await signInClient(request),
      "with-password",
    );
    const response = ok(toPublicUser(user));
    response.headers.append(
      "Set-Cookie",
      await sessionCookieHeader(request, token, input.remember),
    );
    response.headers.append(
      "Set-Cookie",
      await deviceCookieHeader(request, device),
    );
    return response;
  },
);
