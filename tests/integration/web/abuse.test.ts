import fc from "fast-check";
import { getUser, safeRedirect } from "~/web/auth.server";
import { action as loginApi } from "~/routes/api.login";
import { action as authAction } from "~/routes/auth";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  sessionPair,
} from "#tests/support/factories";

// Abuse, at the route level. The same rules over HTTP, with the server's Origin
// check, CSP and cookie flags, are in tests/ops/abuse.spec.ts; throttling per username is in
// auth.test.ts ("throttles repeated failures per username with 429…").

// One database is enough: the session fixation, enumeration and redirect rules are the request
// handling's; its rows are the users and their sessions, written by the domain functions the people
// tests run on both. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

// The cookie holds only a session token: whose it is, the sessions table says.
async function userIdOf(cookie: string | undefined) {
  const user = await getUser(
    new Request("http://localhost/", { headers: { Cookie: cookie ?? "" } }),
  );
  return user?.id;
}

describe("session fixation", () => {
  it("issues a different cookie on every sign-in, over the API and the form", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const cookies = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const api = await call(
        loginApi,
        await requestAs(null, "/api/login", {
          json: { username: user.username, password: TEST_PASSWORD },
        }),
      );
      expect(api.status).toBe(200);
      cookies.add(sessionPair(api));
      const form = await call(
        authAction,
        await requestAs(null, "/auth", {
          form: {
            intent: "login",
            username: user.username,
            password: TEST_PASSWORD,
          },
        }),
      );
      expect(form.status).toBe(302);
      cookies.add(sessionPair(form));
    }
    expect(cookies.size).toBe(4);
    for (const cookie of cookies) expect(await userIdOf(cookie)).toBe(user.id);
  });

  it("never keeps a planted session: signing in replaces it", async () => {
    const employer = await createEmployer();
    const victim = await createEmployee(employer);
    // The attacker's own valid session, planted in the victim's browser.
    const planted = await requestAs(employer, "/");
    const plantedCookie = planted.headers.get("Cookie")!;
    const res = await call(
      authAction,
      await requestAs(null, "/auth", {
        headers: { Cookie: plantedCookie },
        form: {
          intent: "login",
          username: victim.username,
          password: TEST_PASSWORD,
        },
      }),
    );
    const issued = sessionPair(res);
    expect(issued).not.toBe(plantedCookie);
    expect(await userIdOf(issued)).toBe(victim.id);
    expect(await userIdOf(plantedCookie)).toBe(employer.id);
  });
});

describe("user enumeration", () => {
  it("answers a wrong password and an unknown username identically", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const api = async (username: string) => {
      const res = await call(
        loginApi,
        await requestAs(null, "/api/login", {
          json: { username, password: "wrong-password" },
        }),
      );
      return { status: res.status, body: await res.json() };
    };
    const known = await api(user.username);
    expect(known).toEqual({
      status: 401,
      body: { message: "Invalid username or password." },
    });
    expect(await api("nobody-here")).toEqual(known);

    const form = async (username: string) => {
      const res = await call(
        authAction,
        await requestAs(null, "/auth", {
          form: { intent: "login", username, password: "wrong-password" },
        }),
      );
      const data = await res.json();
      return {
        status: res.status,
        error: data.result.error,
        toast: data.toast,
      };
    };
    const formKnown = await form(user.username);
    expect(formKnown.error).toEqual({ "": ["Invalid username or password."] });
    expect(formKnown.toast).toBeUndefined();
    expect(await form("nobody-here")).toEqual(formKnown);
  });

  it("throttles unknown usernames exactly like known ones", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const statuses = async (username: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await call(
          loginApi,
          await requestAs(null, "/api/login", {
            json: { username, password: "wrong-password" },
          }),
        );
        seen.push(res.status);
      }
      return seen;
    };
    const known = await statuses(user.username);
    expect(known).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await statuses("nobody-at-all")).toEqual(known);
  });
});

describe("open redirects", () => {
  /** What a browser makes of a Location value: tabs and newlines dropped, "\\" read as "/". */
  const asBrowserReads = (location: string) =>
    location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");

  it("never lets redirectTo leave the site, nor break the Location header", () => {
    const tricky = fc.constantFrom(
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\evil.example",
      "//evil.example",
      "https://evil.example",
      "/\u202ehistory",
      "/%2F%2Fevil.example",
      "/history",
      "/employees?q=Zo%C3%AB",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          tricky,
          fc.string({ unit: "binary", maxLength: 12 }).map((t) => `/${t}`),
          fc.string({ maxLength: 12 }),
        ),
        (to) => {
          const result = safeRedirect(to, "/");
          const read = asBrowserReads(result);
          expect(read.startsWith("/")).toBe(true);
          expect(read.startsWith("//")).toBe(false);
          // The header accepts it (a non-Latin-1 character would throw: a 500).
          expect(new Headers({ Location: result }).get("Location")).toBe(
            result,
          );
        },
      ),
      { numRuns: 2000 },
    );
    expect(safeRedirect("/\t/evil.example")).toBe("/");
    expect(safeRedirect("/employees?q=Zo%C3%AB")).toBe("/employees?q=Zo%C3%AB");
  });

  it("sends a sign-in with a poisoned redirectTo home instead", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    for (const redirectTo of ["/\t/evil.example", "/\u202ehistory"]) {
      const res = await call(
        authAction,
        await requestAs(null, "/auth", {
          form: {
            intent: "login",
            username: user.username,
            password: TEST_PASSWORD,
            redirectTo,
          },
        }),
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
  });
});
