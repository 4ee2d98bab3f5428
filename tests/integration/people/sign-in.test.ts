import { and, eq } from "drizzle-orm";
import { vi } from "vitest";
import { auditEvents, type User } from "#db/schema";
import { TOO_MANY_ATTEMPTS } from "~/models/people/index.server";
import { action as loginApi } from "~/routes/api.login";
import { action as authAction } from "~/routes/auth";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { companyIdOf } from "#tests/support/rows";

// The /auth form (through its remix-auth strategy) and POST /api/login are one sign-in:
// `signIn` in app/models/people/sign-in.server.ts. Counted here by wrapping it, and
// shown by behaviour: one lockout counts the attempts of both, both write the same audit row.

const signInCalls = vi.hoisted(() => ({ modes: [] as string[] }));
vi.mock("~/models/people/sign-in.server", async (importOriginal) => {
  const original =
    await importOriginal<typeof import("~/models/people/sign-in.server")>();
  return {
    ...original,
    signIn: ((...args: Parameters<typeof original.signIn>) => {
      signInCalls.modes.push(args[2]);
      return original.signIn(...args);
    }) as typeof original.signIn,
  };
});

useTestDatabase();

beforeEach(() => {
  signInCalls.modes = [];
});

const LIMIT = 5; // LOGIN_MAX_FAILURES default

async function pageSignIn(username: string, password: string) {
  return call(
    authAction,
    await requestAs(null, "/auth", {
      form: { intent: "login", username, password },
    }),
  );
}

async function apiSignIn(username: string, password: string) {
  return call(
    loginApi,
    await requestAs(null, "/api/login", { json: { username, password } }),
  );
}

async function signInEvents(user: User) {
  return db()
    .select({
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      employerId: auditEvents.companyId,
      subjectUserId: auditEvents.subjectUserId,
      requestId: auditEvents.requestId,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, user.id),
        eq(auditEvents.action, "user.signed_in"),
      ),
    );
}

describe("one sign-in for the page and the API", () => {
  it("both call signIn: the page asks a code on a next step, the API with the password", async () => {
    const employee = await createEmployee(await createEmployer());
    expect((await pageSignIn(employee.username, TEST_PASSWORD)).status).toBe(
      302,
    );
    expect((await apiSignIn(employee.username, TEST_PASSWORD)).status).toBe(
      200,
    );
    expect(signInCalls.modes).toEqual(["next-step", "with-password"]);
  });

  it("an invalid form never reaches signIn (400 with the spec's messages)", async () => {
    const res = await pageSignIn("", "");
    expect(res.status).toBe(400);
    expect(signInCalls.modes).toEqual([]);
  });

  it("one lockout counts the wrong passwords of both; then both answer 429 to the right one", async () => {
    const employer = await createEmployer();
    for (let i = 0; i < LIMIT; i++) {
      const res =
        i % 2 === 0
          ? await pageSignIn(employer.username, "Wrong-Pantry-11")
          : await apiSignIn(employer.username, "Wrong-Pantry-11");
      expect(res.status).toBe(401);
    }
    const page = await pageSignIn(employer.username, TEST_PASSWORD);
    expect(page.status).toBe(429);
    expect((await page.json()).result.error).toEqual({
      "": [TOO_MANY_ATTEMPTS],
    });
    const api = await apiSignIn(employer.username, TEST_PASSWORD);
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe(TOO_MANY_ATTEMPTS);
  });

  it("a success on one clears the count the other built up", async () => {
    const employer = await createEmployer();
    for (let i = 0; i < LIMIT - 1; i++)
      expect(
        (await apiSignIn(employer.username, "Wrong-Pantry-11")).status,
      ).toBe(401);
    expect((await pageSignIn(employer.username, TEST_PASSWORD)).status).toBe(
      302,
    );
    for (let i = 0; i < LIMIT - 1; i++)
      expect(
        (await pageSignIn(employer.username, "Wrong-Pantry-11")).status,
      ).toBe(401);
    expect((await apiSignIn(employer.username, TEST_PASSWORD)).status).toBe(
      200,
    );
  });

  it("both write the same audit row; a wrong password writes none", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    expect(
      (await pageSignIn(employee.username, "Wrong-Pantry-11")).status,
    ).toBe(401);
    expect((await apiSignIn(employee.username, "Wrong-Pantry-11")).status).toBe(
      401,
    );
    expect(await signInEvents(employee)).toEqual([]);

    await pageSignIn(employee.username, TEST_PASSWORD);
    await apiSignIn(employee.username, TEST_PASSWORD);
    const rows = await signInEvents(employee);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]).toMatchObject({
      actorId: employee.id,
      employerId: companyIdOf(employer),
      subjectUserId: employee.id,
    });
  });
});
