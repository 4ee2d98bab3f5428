import { parseWithZod } from "~/validation/form-order";
import { refuseWhileDatabaseDown } from "./unavailable.server";
import { json, redirect } from "@remix-run/node";
import { Strategy } from "remix-auth/strategy";
import type { Role, User } from "#db/schema";
import {
  getSessionUser,
  type SessionUser,
  signIn,
  type SignInOutcome,
  toPublicUser,
} from "~/models/people/index.server";
import { recordSignOut } from "~/models/audit/index.server";
import { badRequest } from "~/utils/errors";
import { noteUser, oncePerRequest } from "~/utils/request-context.server";
import {
  clientInfo,
  destroySessionHeader,
  getSessionToken,
  signInClient,
} from "./session.server";
import { readFormData } from "./form.server";
import { redirectWithError } from "./toast.server";
import {
  canDo,
  COMPANY_ROLE_LABELS,
  ROLE_FORBIDDEN,
  type Capability,
  type CompanyRole,
} from "~/utils/company-roles";
import { loginSchema } from "~/validation/auth";

// Re-exported for the pages that already import this module (each further server module a
// route imports costs its pages a chunk in the browser build).
export { clientInfo, toPublicUser };

/**
 * The /auth form's remix-auth strategy: its verify callback is the one sign-in, signIn, which
 * POST /api/login calls too. It reads the form through readFormData, which
 * parses a request's body once, so the action and the strategy share one parse. The action
 * calls `authenticate` itself: remix-auth's `Authenticator.authenticate` would hand the
 * strategy a copy of the request (`new Request(url, request)`), whose body must then be read
 * again. remix-auth holds no session: the action stores the session token in our own signed
 * cookie (session.server.ts).
 */
class SignInFormStrategy extends Strategy<
  SignInOutcome,
  { form: FormData; request: Request }
> {
  name = "sign-in-form";

  async authenticate(request: Request): Promise<SignInOutcome> {
    return this.verify({ form: await readFormData(request), request });
  }
}

export const signInForm = new SignInFormStrategy(async ({ form, request }) => {
  // The action has shown field messages for an invalid form already; this is the same schema.
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    const [message = "Invalid form"] = Object.values(submission.error ?? {})
      .flat()
      .filter((m): m is string => Boolean(m));
    throw badRequest(message);
  }
  return signIn(submission.value, await signInClient(request), "next-step");
});

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
    refuseWhileDatabaseDown(error);
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
  const user = (await getAuth(request).catch(() => null))?.user;
  if (user) {
    try {
      await recordSignOut(user);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "sign-out not recorded",
          userId: user.id,
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

const NO_PAGE_PERMISSION = "You don't have permission to access this page.";

/** A page's 403: 'Access Denied' with the reason (GeneralErrorBoundary shows `message`). */
const pageForbidden = (message: string) => json({ message }, { status: 403 });

/** Pages: the wrong role sees 'Access Denied' with status 403 (GeneralErrorBoundary). */
async function requireUserWithRole(
  request: Request,
  role: Role,
): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== role) {
    throw pageForbidden(NO_PAGE_PERMISSION);
  }
  return user;
}

export const requireEmployee = (request: Request) =>
  requireUserWithRole(request, "EMPLOYEE");

/** A page's 403 ('Access Denied' with the reason) for a role that lacks the capability. */
function refuseUnlessCapable(user: User, capability: Capability) {
  if (user.companyId === null || !canDo(user.companyRole, capability))
    throw pageForbidden(ROLE_FORBIDDEN[capability]);
}

/**
 * Pages: an employer-side user whose membership role holds the capability (by default the
 * one every member has); another role sees 'Access Denied' with the reason (403).
 */
export async function requireEmployer(
  request: Request,
  capability: Capability = "approve",
): Promise<User> {
  const user = await requireUserWithRole(request, "EMPLOYER");
  refuseUnlessCapable(user, capability);
  return user;
}

/** Like requireUserWithRole, with the server-side session (for session-aware actions). */
async function requireAuthWithRole(
  request: Request,
  role: Role,
): Promise<SessionUser> {
  const auth = await requireAuth(request);
  if (auth.user.role !== role) {
    throw pageForbidden(NO_PAGE_PERMISSION);
  }
  return auth;
}

export const requireEmployeeAuth = (request: Request) =>
  requireAuthWithRole(request, "EMPLOYEE");
export async function requireEmployerAuth(
  request: Request,
  capability: Capability = "approve",
): Promise<SessionUser> {
  const auth = await requireAuthWithRole(request, "EMPLOYER");
  refuseUnlessCapable(auth.user, capability);
  return auth;
}

// What the signed-in member's role may do, for pages choosing what to show. Here rather than in
// a module of their own: every page route imports this one already, and each further server
// module a route imports costs every page of it a chunk in the browser build.

/** Whether an employer-side user's role holds the capability. */
export function can(
  user: Pick<User, "role" | "companyRole">,
  capability: Capability,
): boolean {
  return user.role === "EMPLOYER" && canDo(user.companyRole, capability);
}

/** Why a role may not use a capability, as the pages say it. */
export const refusalFor = (capability: Capability) =>
  ROLE_FORBIDDEN[capability];

/** "owner", "admin", "approver": a role in running text. */
export const roleInText = (role: CompanyRole) =>
  COMPANY_ROLE_LABELS[role].toLowerCase();

/**
 * Downloads a page links to (a CSV): like requireEmployer, but a browser that opens one
 * without the capability goes back to its dashboard, inside the layout, with the reason as a
 * toast: a file's route has no page to show 'Access Denied' in, and a browser shown raw JSON
 * has no way back. Other callers (scripts, curl) still get the 403 with the reason as JSON.
 */
export async function requireEmployerDownload(
  request: Request,
  capability: Capability,
): Promise<User> {
  try {
    return await requireEmployer(request, capability);
  } catch (thrown) {
    if (
      thrown instanceof Response &&
      thrown.status === 403 &&
      (request.headers.get("Accept") ?? "").includes("text/html")
    )
      throw await redirectWithError("/", refusalFor(capability));
    throw thrown;
  }
}
