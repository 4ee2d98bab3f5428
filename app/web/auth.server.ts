import { json, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Role, User } from "#db/schema";
import { verifyLogin } from "~/models/login.server";
import { getSessionUser, type SessionUser } from "~/models/sessions.server";
import { badRequest, isDatabaseUnavailable } from "~/utils/errors";
import { noteUser, oncePerRequest } from "~/utils/request-context.server";
import {
  CLIENT_ADDRESS_HEADER,
  destroySessionHeader,
  getSessionToken,
} from "./session.server";
import { recordSignOut } from "~/models/audit.server";
import { loginSchema } from "~/validation/auth";

export { CLIENT_ADDRESS_HEADER };

// remix-auth v4 holds no session: the strategy only verifies; routes store the user id and
// role in our own signed cookie session (session.server.ts).
export const authenticator = new Authenticator<User>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
    return verifyLogin(parsed.data.username, parsed.data.password, address);
  }),
  "form",
);

/**
 * The signed-in user and their server-side session, read together in one query and shared by
 * all the loaders of one page (oncePerRequest). A revoked, expired or idle session is null.
 */
export async function getAuth(request: Request): Promise<SessionUser | null> {
  const token = await getSessionToken(request);
  if (!token) return null;
  let auth: SessionUser | null;
  try {
    auth = await oncePerRequest(request.method, token, () =>
      getSessionUser(token),
    );
  } catch (error) {
    // The database is down: a friendly 503 page (GeneralErrorBoundary), not a 500.
    if (isDatabaseUnavailable(error)) {
      throw json(
        { message: "The service is temporarily unavailable." },
        { status: 503 },
      );
    }
    throw error;
  }
  if (auth) noteUser(auth.user.id);
  return auth;
}

/** The signed-in user, read from the database (the cookie holds only a session token). */
export async function getUser(request: Request): Promise<User | null> {
  return (await getAuth(request))?.user ?? null;
}

/** Pages: the signed-in user and session, or a redirect to /auth like requireUser. */
export async function requireAuth(request: Request): Promise<SessionUser> {
  const auth = await getAuth(request);
  if (!auth) throw signInRedirect(request);
  return auth;
}

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const params =
    here === "/" ? "" : `?${new URLSearchParams({ redirectTo: here })}`;
  return redirect(`/auth${params}`);
}

/**
 * Signs the request's user out: the audit event (when the cookie named a user), then the
 * header that clears the cookie. A database that is down does not keep anyone signed in: the
 * cookie is still cleared, and the missing event is logged.
 */
export async function signOutHeader(request: Request): Promise<string> {
  // The session's user, if the session is still live (a replayed, revoked cookie signs no one out).
  const userId = (await getAuth(request).catch(() => null))?.user.id;
  if (typeof userId === "number") {
    try {
      await recordSignOut(userId);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "sign-out not recorded",
          userId,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }
  return destroySessionHeader(request);
}

export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  // Printable ASCII only (our own redirectTo values are percent-encoded paths): a Location
  // header cannot carry other characters (the redirect would throw, a 500), and browsers drop
  // tabs and newlines, which would turn "/\t/evil.example" into "//evil.example".
  if (!/^[\x21-\x7e]+$/.test(to)) return fallback;
  return to;
}

/** Pages: anonymous visitors go to /auth?redirectTo=<where they were going>. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw signInRedirect(request);
  return user;
}

/** Pages: the wrong role sees 'Access Denied' with status 403 (GeneralErrorBoundary). */
export async function requireUserWithRole(
  request: Request,
  role: Role,
): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== role) {
    throw json(
      { message: "You don't have permission to access this page." },
      { status: 403 },
    );
  }
  return user;
}

export const requireEmployee = (request: Request) =>
  requireUserWithRole(request, "EMPLOYEE");
export const requireEmployer = (request: Request) =>
  requireUserWithRole(request, "EMPLOYER");

/** Like requireUserWithRole, with the server-side session (for session-aware actions). */
export async function requireAuthWithRole(
  request: Request,
  role: Role,
): Promise<SessionUser> {
  const auth = await requireAuth(request);
  if (auth.user.role !== role) {
    throw json(
      { message: "You don't have permission to access this page." },
      { status: 403 },
    );
  }
  return auth;
}

export const requireEmployeeAuth = (request: Request) =>
  requireAuthWithRole(request, "EMPLOYEE");
export const requireEmployerAuth = (request: Request) =>
  requireAuthWithRole(request, "EMPLOYER");
