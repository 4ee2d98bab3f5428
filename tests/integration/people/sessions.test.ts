import { eq, sql } from "drizzle-orm";
import { sessions, users } from "#db/schema";
import { formatDate } from "~/utils/dates";
import { loader as userApi } from "~/routes/api.user";
import { action as loginApi } from "~/routes/api.login";
import { action as logoutApi } from "~/routes/api.logout";
import { loader as eventsApi } from "~/routes/api.events";
import { action as logoutAction } from "~/routes/logout";
import { loader as dashboardLoader } from "~/routes/_app._index";
import {
  action as profileAction,
  loader as profileLoader,
} from "~/routes/_app.profile";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/routes/_app.settings";
import {
  getSessionUser,
  hasSeenUserAgent,
  revokeAllSessions,
} from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  postForm,
  requestAs,
  sessionPair,
  withCookie,
} from "#tests/support/factories";
import type { User } from "#db/schema";

// Server-side sessions: the cookie holds a signed random token; the sessions table decides.

useTestDatabase();

const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36";

async function signIn(
  user: User,
  options: { remember?: boolean; userAgent?: string; address?: string } = {},
) {
  const res = await call(
    loginApi,
    await requestAs(null, "/api/login", {
      headers: {
        "User-Agent": options.userAgent ?? UA,
        ...(options.address ? { "x-ga-client-address": options.address } : {}),
      },
      json: {
        username: user.username,
        password: TEST_PASSWORD,
        remember: options.remember ?? false,
      },
    }),
  );
  expect(res.status).toBe(200);
  return {
    cookie: sessionPair(res),
    // The session's own cookie (the device cookie is set beside it).
    setCookie: res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!,
  };
}

/** Moves a user's sessions' expiry or last activity back by `interval` (a PostgreSQL interval). */
async function backdateSessions(
  userId: number,
  column: "expiresAt" | "lastSeenAt",
  interval: string,
) {
  await db()
    .update(sessions)
    .set({ [column]: sql`now() - ${interval}::interval` })
    .where(eq(sessions.userId, userId));
}

async function apiUserStatus(cookie: string) {
  return (await call(userApi, await withCookie(cookie, "/api/user"))).status;
}

async function sessionRows(userId: number) {
  return db().select().from(sessions).where(eq(sessions.userId, userId));
}

describe("the session cookie", () => {
  it("carries only a signed random token; the row records user agent, address and lifetime", async () => {
    const employee = await createEmployee(await createEmployer());
    const { cookie, setCookie } = await signIn(employee, {
      address: "203.0.113.7",
    });
    const payload = JSON.parse(
      Buffer.from(
        decodeURIComponent(cookie.slice("__session=".length)).split(".")[0],
        "base64",
      ).toString("utf8"),
    );
    expect(Object.keys(payload)).toEqual(["sid"]);
    expect(setCookie).not.toMatch(/Max-Age|Expires/);
    const [row] = await sessionRows(employee.id);
    expect(row).toMatchObject({
      userAgent: UA,
      ip: "203.0.113.7",
      remember: false,
      revokedAt: null,
      idleSeconds: 30 * 60,
    });
    // Only the token's hash is stored.
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(row.tokenHash);
    const hours =
      (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 1);
  });

  it("with Remember me lives 30 days, in the cookie and on the server", async () => {
    const employee = await createEmployee(await createEmployer());
    const { setCookie } = await signIn(employee, { remember: true });
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const [row] = await sessionRows(employee.id);
    const days =
      (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 2);
    expect(row).toMatchObject({ remember: true, idleSeconds: 7 * 86_400 });
  });
});

describe("sign-out revokes the session", () => {
  it("a cookie replayed after POST /api/logout gets 401 on /api/user and a redirect on /", async () => {
    const employee = await createEmployee(await createEmployer());
    const { cookie } = await signIn(employee);
    expect(await apiUserStatus(cookie)).toBe(200);
    const out = await call(
      logoutApi,
      await withCookie(cookie, "/api/logout", { method: "POST" }),
    );
    expect(out.status).toBe(200);
    expect(await apiUserStatus(cookie)).toBe(401);
    const page = await call(dashboardLoader, await withCookie(cookie, "/"));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth");
    const [row] = await sessionRows(employee.id);
    expect(row.revokedAt).not.toBeNull();
  });

  it("the same after the Log out button (POST /logout)", async () => {
    const employer = await createEmployer();
    const { cookie } = await signIn(employer);
    const out = await call(
      logoutAction,
      await withCookie(cookie, "/logout", { method: "POST" }),
    );
    expect(out.status).toBe(302);
    expect(await apiUserStatus(cookie)).toBe(401);
    const page = await call(
      settingsLoader,
      await withCookie(cookie, "/settings"),
    );
    expect(page.headers.get("Location")).toBe("/auth?redirectTo=%2Fsettings");
  });
});

describe("expiry", () => {
  it("ends a session past its absolute lifetime, however active", async () => {
    const employee = await createEmployee(await createEmployer());
    const { cookie } = await signIn(employee, { remember: true });
    expect(await apiUserStatus(cookie)).toBe(200);
    await backdateSessions(employee.id, "expiresAt", "1 second");
    expect(await apiUserStatus(cookie)).toBe(401);
  });

  it("ends a session idle for longer than its idle timeout, and keeps one seen within it", async () => {
    const employee = await createEmployee(await createEmployer());
    const { cookie } = await signIn(employee);
    await backdateSessions(employee.id, "lastSeenAt", "29 minutes");
    expect(await apiUserStatus(cookie)).toBe(200);
    // That request counted as activity: last seen moved to now.
    const [seen] = await sessionRows(employee.id);
    expect(Date.now() - seen.lastSeenAt.getTime()).toBeLessThan(60_000);
    await backdateSessions(employee.id, "lastSeenAt", "31 minutes");
    expect(await apiUserStatus(cookie)).toBe(401);
  });

  it("writes last-seen at most once a minute", async () => {
    const employee = await createEmployee(await createEmployer());
    const { cookie } = await signIn(employee);
    await backdateSessions(employee.id, "lastSeenAt", "30 seconds");
    const [before] = await sessionRows(employee.id);
    expect(await apiUserStatus(cookie)).toBe(200);
    const [after] = await sessionRows(employee.id);
    expect(after.lastSeenAt).toEqual(before.lastSeenAt);
  });
});

describe("a password change", () => {
  it("signs out every other session of the user and keeps the one that changed it", async () => {
    const employee = await createEmployee(await createEmployer());
    const phone = await signIn(employee, { userAgent: "Phone" });
    const laptop = await signIn(employee, { userAgent: "Laptop" });
    const res = await call(
      profileAction,
      await withCookie(laptop.cookie, "/profile", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          firstName: employee.firstName,
          lastName: employee.lastName,
          email: employee.email,
          department: "",
          currentPassword: TEST_PASSWORD,
          newPassword: "a-new-password-77",
          confirmPassword: "a-new-password-77",
        }).toString(),
      }),
    );
    expect(res.status).toBe(302);
    expect(await apiUserStatus(phone.cookie)).toBe(401);
    expect(await apiUserStatus(laptop.cookie)).toBe(200);
  });

  it("a wrong current password signs nobody out", async () => {
    const employee = await createEmployee(await createEmployer());
    const phone = await signIn(employee);
    const laptop = await signIn(employee);
    const res = await call(
      profileAction,
      await withCookie(laptop.cookie, "/profile", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          firstName: "A",
          lastName: "B",
          email: "a@example.com",
          currentPassword: "not-the-password",
          newPassword: "a-new-password-77",
          confirmPassword: "a-new-password-77",
        }).toString(),
      }),
    );
    expect(res.status).toBe(400);
    expect(await apiUserStatus(phone.cookie)).toBe(200);
  });
});

describe("the session list", () => {
  it("shows an employee their sessions on /profile, this device marked", async () => {
    const employee = await createEmployee(await createEmployer());
    await signIn(employee, { userAgent: "Mozilla/5.0 (iPhone) Safari/604.1" });
    const mine = await signIn(employee);
    const data = await (
      await call(profileLoader, await withCookie(mine.cookie, "/profile"))
    ).json();
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          device: "Chrome on Windows",
          current: true,
          lastSeen: "Active now",
        }),
        expect.objectContaining({ device: "Safari on iOS", current: false }),
      ]),
    );
  });

  it("'Sign out other sessions' on /profile ends the others only", async () => {
    const employee = await createEmployee(await createEmployer());
    const other1 = await signIn(employee);
    const other2 = await signIn(employee);
    const mine = await signIn(employee);
    const res = await call(
      profileAction,
      await postForm(mine.cookie, "/profile", { intent: "sign-out-others" }),
    );
    expect(res.status).toBe(302);
    expect(await apiUserStatus(other1.cookie)).toBe(401);
    expect(await apiUserStatus(other2.cookie)).toBe(401);
    expect(await apiUserStatus(mine.cookie)).toBe(200);
  });

  it("an employer's Settings › Security lists sessions and signs out one of them", async () => {
    const employer = await createEmployer();
    const other = await signIn(employer);
    const kept = await signIn(employer);
    const mine = await signIn(employer);
    const data = await (
      await call(settingsLoader, await withCookie(mine.cookie, "/settings"))
    ).json();
    expect(data.sessions).toHaveLength(3);
    const [otherRow] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, employer.id))
      .orderBy(sessions.id)
      .limit(1);
    const res = await call(
      settingsAction,
      await postForm(mine.cookie, "/settings", {
        intent: "revoke-session",
        sessionId: String(otherRow.id),
      }),
    );
    expect(res.status).toBe(302);
    expect(await apiUserStatus(other.cookie)).toBe(401);
    expect(await apiUserStatus(kept.cookie)).toBe(200);
    expect(await apiUserStatus(mine.cookie)).toBe(200);

    const all = await call(
      settingsAction,
      await postForm(mine.cookie, "/settings", { intent: "sign-out-others" }),
    );
    expect(all.status).toBe(302);
    expect(await apiUserStatus(kept.cookie)).toBe(401);
    expect(await apiUserStatus(mine.cookie)).toBe(200);
  });

  it("Settings › Security dates the sessions in the reader's language, as /profile does", async () => {
    const employer = await createEmployer();
    await db()
      .update(users)
      .set({ language: "es" })
      .where(eq(users.id, employer.id));
    const mine = await signIn(employer);
    const data = await (
      await call(settingsLoader, await withCookie(mine.cookie, "/settings"))
    ).json();
    const [row] = await db()
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.userId, employer.id));
    expect(formatDate(row.createdAt, "es")).not.toBe(
      formatDate(row.createdAt, "en"),
    );
    expect(data.sessions[0].signedIn).toBe(formatDate(row.createdAt, "es"));
  });

  it("cannot end another user's session (404) nor its own from the list (400)", async () => {
    const employer = await createEmployer();
    const victim = await createEmployee(employer);
    const victimSession = await signIn(victim);
    const mine = await signIn(employer);
    const [victimRow] = await sessionRows(victim.id);
    const res = await call(
      settingsAction,
      await postForm(mine.cookie, "/settings", {
        intent: "revoke-session",
        sessionId: String(victimRow.id),
      }),
    );
    expect(res.status).toBe(404);
    expect((await res.json()).security.sessionError).toBe("Session not found");
    expect(await apiUserStatus(victimSession.cookie)).toBe(200);

    const [myRow] = await sessionRows(employer.id);
    const own = await call(
      settingsAction,
      await postForm(mine.cookie, "/settings", {
        intent: "revoke-session",
        sessionId: String(myRow.id),
      }),
    );
    expect(own.status).toBe(400);
    expect(await apiUserStatus(mine.cookie)).toBe(200);
  });
});

describe("the event stream", () => {
  it("closes when its session is revoked", async () => {
    const employee = await createEmployee(await createEmployer());
    const { cookie } = await signIn(employee);
    const controller = new AbortController();
    const res = await call(
      eventsApi,
      await withCookie(cookie, "/api/events", { signal: controller.signal }),
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: ready")) {
      const { value } = await reader.read();
      text += decoder.decode(value);
    }
    await revokeAllSessions(employee.id);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    // The page is told (it revalidates and finds itself signed out), then the stream ends.
    expect(text).toContain('"type":"session.revoked"');
    controller.abort();
    const again = await call(
      eventsApi,
      await withCookie(cookie, "/api/events"),
    );
    expect(again.status).toBe(401);
  });
});

describe("for the other branches", () => {
  it("revokeAllSessions without an exception ends every session; hasSeenUserAgent knows past devices", async () => {
    const employee = await createEmployee(await createEmployer());
    expect(await hasSeenUserAgent(employee.id, UA)).toBe(false);
    const a = await signIn(employee);
    const b = await signIn(employee, { userAgent: "Other" });
    expect(await hasSeenUserAgent(employee.id, UA)).toBe(true);
    expect(await revokeAllSessions(employee.id)).toBe(2);
    expect(await apiUserStatus(a.cookie)).toBe(401);
    expect(await apiUserStatus(b.cookie)).toBe(401);
    expect(await getSessionUser("not-a-token")).toBeNull();
  });
});
