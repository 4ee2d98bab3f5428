import crypto from "node:crypto";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import type { User } from "#db/schema";
import { signDeductionAuthorization } from "~/models/advances/index.server";
import { addEmployee, registerUser } from "~/models/companies/index.server";
import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "#db/schema";
import { confirmEmail } from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import { AppError } from "~/utils/errors";
import { createUserSessionHeader } from "~/web/session.server";

export const TEST_PASSWORD = "Pantry-Ledger-58";

export function uniqueName(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
}

export async function createEmployer(
  overrides: Partial<{
    username: string;
    companyName: string;
    firstName: string;
  }> = {},
): Promise<User> {
  return registerUser({
    role: "EMPLOYER",
    username: overrides.username ?? uniqueName("boss"),
    password: TEST_PASSWORD,
    firstName: overrides.firstName ?? "Erica",
    lastName: "Employer",
    email: "erica@example.com",
    companyName: overrides.companyName ?? "Acme Groceries Inc.",
  });
}

/**
 * The employer confirms their address as a person would: by the token of the newest
 * confirmation link mailed to them (the outbox keeps it while no SMTP server is configured).
 * Their company then has the larger invitation limits.
 */
export async function confirmEmailOf(user: User): Promise<void> {
  const [mail] = await db()
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.userId, user.id),
        eq(mailOutbox.kind, "email.confirmation"),
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token)
    throw new Error(`no confirmation link was mailed to ${user.email}`);
  await confirmEmail(token);
}

export async function createEmployee(
  employer: User,
  overrides: Partial<{
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    department: string;
    /** False: the employee has not signed the wage-deduction authorization (none may be filed). */
    signed: boolean;
  }> = {},
): Promise<User> {
  const employee = await addEmployee(employer, {
    username: overrides.username ?? uniqueName("emp"),
    password: TEST_PASSWORD,
    firstName: overrides.firstName ?? "Eddie",
    lastName: overrides.lastName ?? "Employee",
    email: overrides.email ?? "eddie@example.com",
    department: overrides.department ?? "Produce",
  });
  // As the employee would on Profile before their first advance.
  if (overrides.signed !== false) await signDeductionAuthorization(employee);
  return employee;
}

/** A self-registered employee: no employer yet. */
export async function createUnlinkedEmployee(): Promise<User> {
  return registerUser({
    role: "EMPLOYEE",
    username: uniqueName("solo"),
    password: TEST_PASSWORD,
    firstName: "Sol",
    lastName: "Solo",
    email: "sol@example.com",
    department: undefined,
  });
}

export const BASE_URL = "http://localhost";

/**
 * A Request as the given user's browser would send it (signed session cookie), or, with
 * `cookie`, as a browser holding that cookie (a `name=value` pair a response set).
 */
export async function requestAs(
  user: User | null,
  path: string,
  init: RequestInit & {
    json?: unknown;
    form?: Record<string, string>;
    cookie?: string;
  } = {},
): Promise<Request> {
  const { cookie: held, json, form, ...rest } = init;
  const headers = new Headers(init.headers);
  if (held !== undefined) headers.set("Cookie", held);
  if (user) {
    const cookie = await createUserSessionHeader(
      new Request(BASE_URL),
      { userId: user.id, role: user.role },
      false,
    );
    headers.set("Cookie", cookie.split(";")[0]);
  }
  let body = init.body;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  } else if (form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(form).toString();
  }
  const method = init.method ?? (body !== undefined ? "POST" : "GET");
  return new Request(`${BASE_URL}${path}`, { ...rest, method, headers, body });
}

/** A Request from a browser that holds `cookie` (a `name=value` pair a response set), or none. */
export function withCookie(
  cookie: string | null,
  path: string,
  init: RequestInit = {},
): Promise<Request> {
  return requestAs(null, path, { ...init, cookie: cookie ?? undefined });
}

/** A form post from a browser that holds `cookie`, or none. */
export function postForm(
  cookie: string | null,
  path: string,
  form: Record<string, string>,
): Promise<Request> {
  return requestAs(null, path, { cookie: cookie ?? undefined, form });
}

/** What `data()` returns: a loader's data with the answer's status and headers. */
type DataWithInit = {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
};
const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "DataWithResponseInit";

/**
 * Calls a route module's loader or action as Remix would; the answer as a Response (naked data
 * and `data()` as JSON with their status and headers).
 */
export async function call(
  fn: (args: ActionFunctionArgs) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    const result = await fn({ request, params, context: {} as AppLoadContext });
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) {
      const headers = new Headers(result.init?.headers);
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify(result.data), {
        status: result.init?.status,
        headers,
      });
    }
    return new Response(JSON.stringify(result), {
      headers: { "Content-Type": "application/json" },
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The AppError a promise rejected with (fails the test when it resolved). */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected the call to fail with an AppError");
}

/** The `__session=…` pair a response's Set-Cookie carries (to send back as Cookie). */
export function sessionPair(res: Response): string {
  const pair = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0].trim())
    .find((c) => c.startsWith("__session="));
  if (!pair) throw new Error("The response sets no session cookie.");
  return pair;
}
