import { json, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Role, User } from "../../db/schema";
import { verifyLogin } from "~/models/login.server";
import { getUserById } from "~/models/user.server";
import { badRequest, isDatabaseUnavailable } from "./errors";
import { noteUser, oncePerRequest } from "./request-context.server";
import { getSession } from "./session.server";
import { loginSchema } from "~/validation/auth";

/**
 * The client's address, set by the server adapter (scripts/server.js) which overwrites any
 * value the client sent. Used to throttle sign-ins per address.
 */
export const CLIENT_ADDRESS_HEADER = "x-ga-client-address";

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

/** The signed-in user, read from the database (the cookie's role is for display only). */
export async function getUser(request: Request): Promise<User | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  let user: User | null;
  try {
    user = await oncePerRequest(request.method, userId, () =>
      getUserById(userId),
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
  if (user) noteUser(user.id);
  return user;
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
  if (!user) {
    const url = new URL(request.url);
    const here = `${url.pathname}${url.search}`;
    const params =
      here === "/" ? "" : `?${new URLSearchParams({ redirectTo: here })}`;
    throw redirect(`/auth${params}`);
  }
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
