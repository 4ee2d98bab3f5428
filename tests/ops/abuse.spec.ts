import { expect, test } from "@playwright/test";
import { login, startServer, type RunningServer } from "./support/server";

// Abuse, against the production server as a process: what lives in scripts/server.ts
// (Origin check, CSP with nonces, headers, the proxy setting) can only be seen over HTTP.
// Login throttling and user enumeration are also proven in the integration tests
// (auth.test.ts "throttles repeated failures…", abuse.test.ts); here they run end to end.
// Ports 3891–3892 are this file's own (faults: 3194 or OPS_FAULTS_PORT; shutdown: 3190–3193).

test.describe.configure({ mode: "serial" });

const PORT = 3891;
const PROXIED_PORT = 3892;

let server: RunningServer;
let proxied: RunningServer;

test.beforeAll(async () => {
  // The demo company (SEED_DEMO): employer, alice, bob... with password123.
  [server, proxied] = await Promise.all([
    startServer(PORT, { LOGIN_MAX_FAILURES: "5" }),
    startServer(PROXIED_PORT, {
      TRUST_PROXY: "1",
      ALLOWED_HOSTS: "app.example",
    }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), proxied?.stop()]);
});

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie();
}

function sessionCookie(res: Response): string | undefined {
  return cookiesOf(res).find((c) => c.startsWith("__session="));
}

const pair = (setCookie: string) => setCookie.split(";")[0];

async function userOf(url: string, cookie: string) {
  const res = await fetch(`${url}/api/user`, { headers: { Cookie: cookie } });
  return res.status === 200
    ? ((await res.json()) as { username: string })
    : null;
}

function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });
}

function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

test.describe("sessions", () => {
  test("every sign-in issues a new session cookie; a planted one is never the one used", async () => {
    const first = await login(server.url, "alice");
    const second = await login(server.url, "alice");
    expect(second).not.toBe(first);

    // An attacker plants their own valid session (bob) and a made-up one in the victim's
    // browser; the victim signs in as alice through the form.
    const planted = await login(server.url, "bob");
    for (const cookie of [planted, "__session=attacker-chosen-value"]) {
      const res = await postForm(
        `${server.url}/auth`,
        { intent: "login", username: "alice", password: "password123" },
        { Cookie: cookie, Origin: server.url },
      );
      expect(res.status).toBe(302);
      const issued = pair(sessionCookie(res)!);
      expect(issued).not.toBe(cookie);
      expect((await userOf(server.url, issued))?.username).toBe("alice");
      // The planted cookie did not become alice's session.
      expect((await userOf(server.url, cookie))?.username).not.toBe("alice");
    }
  });

  test("session cookies are HttpOnly, SameSite=Lax, Path=/, and Secure only over HTTPS", async () => {
    const plain = await postJson(`${server.url}/api/login`, {
      username: "alice",
      password: "password123",
    });
    const cookie = sessionCookie(plain)!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);

    // Behind a proxy that terminates TLS (TRUST_PROXY=1, X-Forwarded-Proto: https): Secure.
    const https = await postJson(
      `${proxied.url}/api/login`,
      { username: "alice", password: "password123" },
      { "X-Forwarded-Proto": "https" },
    );
    expect(https.status).toBe(200);
    const secure = sessionCookie(https)!;
    expect(secure).toMatch(/; Secure/i);
    expect(secure).toMatch(/; HttpOnly/i);
    expect(secure).toMatch(/; SameSite=Lax/i);
    expect(https.headers.get("Strict-Transport-Security")).toContain(
      "max-age=",
    );

    // Without TRUST_PROXY the header is a client's claim and is ignored.
    const spoofed = await postJson(
      `${server.url}/api/login`,
      { username: "alice", password: "password123" },
      { "X-Forwarded-Proto": "https" },
    );
    expect(sessionCookie(spoofed)).not.toMatch(/; Secure/i);

    // Logging out clears the cookie with the same flags.
    const out = await fetch(`${server.url}/api/logout`, {
      method: "POST",
      headers: { Cookie: pair(cookie) },
    });
    expect(sessionCookie(out)).toMatch(
      /^__session=;.*Expires=Thu, 01 Jan 1970/,
    );
  });

  test("sign-in throttling answers 429 after 5 failures, for unknown usernames as for known ones", async () => {
    for (const username of ["carol", "no-such-user-42"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await postJson(`${server.url}/api/login`, {
          username,
          password: "wrong-password",
        });
        statuses.push(res.status);
      }
      expect(statuses, username).toEqual([401, 401, 401, 401, 401, 429]);
    }
    const res = await postJson(`${server.url}/api/login`, {
      username: "carol",
      password: "password123",
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      message:
        "Too many sign-in attempts. Please wait a few minutes and try again.",
    });
  });
});

test.describe("cross-origin posts", () => {
  test("a foreign Origin is refused with 403 before anything runs; same-origin is allowed", async () => {
    const employer = await login(server.url, "employer");
    const pendingBefore = await (
      await fetch(`${server.url}/api/advance-requests/pending`, {
        headers: { Cookie: employer },
      })
    ).json();
    expect(pendingBefore.length).toBeGreaterThan(0);
    const target = pendingBefore[0].id;

    for (const origin of [
      "https://evil.example",
      "http://localhost:9999",
      "null",
      "not a url",
    ]) {
      const api = await fetch(
        `${server.url}/api/advance-requests/${target}/approve`,
        { method: "POST", headers: { Cookie: employer, Origin: origin } },
      );
      expect(api.status, origin).toBe(403);
      expect(await api.json()).toEqual({
        message: "Cross-origin request refused",
      });
      const page = await postForm(
        `${server.url}/approvals`,
        { intent: "approve", requestId: String(target) },
        { Cookie: employer, Origin: origin },
      );
      expect(page.status, origin).toBe(403);
    }
    // A forged X-Forwarded-Host does not make a foreign Origin look local (no TRUST_PROXY): a
    // forwarded host that is not ours is refused (400) before the Origin is even read.
    const forged = await fetch(`${server.url}/api/logout`, {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "X-Forwarded-Host": "evil.example",
      },
    });
    expect(forged.status).toBe(400);

    const pendingAfter = await (
      await fetch(`${server.url}/api/advance-requests/pending`, {
        headers: { Cookie: employer },
      })
    ).json();
    expect(pendingAfter).toEqual(pendingBefore);

    // Same origin, and no Origin at all (curl, server-to-server), pass the check.
    const same = await postJson(
      `${server.url}/api/login`,
      { username: "alice", password: "password123" },
      { Origin: server.url },
    );
    expect(same.status).toBe(200);
    const none = await postJson(`${server.url}/api/login`, {
      username: "alice",
      password: "password123",
    });
    expect(none.status).toBe(200);
    // Behind a trusted proxy the forwarded host is the one the browser saw.
    const viaProxy = await postJson(
      `${proxied.url}/api/login`,
      { username: "alice", password: "password123" },
      {
        Origin: "https://app.example",
        "X-Forwarded-Host": "app.example",
        "X-Forwarded-Proto": "https",
      },
    );
    expect(viaProxy.status).toBe(200);
  });
});

test.describe("bad bodies over HTTP", () => {
  test("a page action posted something that is not a form answers 400 with the reason, in the layout", async () => {
    const employer = await login(server.url, "employer");
    const res = await fetch(`${server.url}/approvals`, {
      method: "POST",
      headers: {
        Cookie: employer,
        Origin: server.url,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ intent: "approve", requestId: 1 }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("The request body must be a form.");
    expect(html).toContain("Approve Requests"); // the employer's sidebar: still inside the layout
    const api = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "a\u0000b", password: "x" }),
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      message: "Text cannot contain null characters.",
    });
  });
});

test.describe("Content-Security-Policy", () => {
  const ANONYMOUS = [
    "/auth",
    "/auth?tab=register",
    "/how-it-works",
    "/forgot-password",
  ];
  const EMPLOYEE = [
    "/",
    "/request",
    "/history",
    "/profile",
    "/checkout",
    "/payment-success",
    "/no-such-page",
    "/approvals",
  ];
  const EMPLOYER = [
    "/",
    "/approvals",
    "/employees",
    "/employees/add",
    "/reports",
    "/settings",
    "/payroll",
    "/history",
  ];

  test("every page has a nonce-based script-src without 'unsafe-inline', and every inline script carries the nonce", async () => {
    const alice = await login(server.url, "alice");
    const employer = await login(server.url, "employer");
    const pages: [string, string | undefined][] = [
      ...ANONYMOUS.map((p): [string, undefined] => [p, undefined]),
      ...EMPLOYEE.map((p): [string, string] => [p, alice]),
      ...EMPLOYER.map((p): [string, string] => [p, employer]),
    ];
    const nonces = new Set<string>();
    for (const [path, cookie] of pages) {
      const res = await fetch(`${server.url}${path}`, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: "manual",
      });
      const where = `${path} (${cookie ? "signed in" : "anonymous"})`;
      expect(res.headers.get("Content-Type"), where).toContain("text/html");
      const policy = res.headers.get("Content-Security-Policy") ?? "";
      const directives = Object.fromEntries(
        policy.split(";").map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      const scriptSrc: string[] = directives["script-src"] ?? [];
      const nonce = scriptSrc
        .find((v) => v.startsWith("'nonce-"))
        ?.slice(7, -1);
      expect(nonce, `${where}: ${policy}`).toBeTruthy();
      expect(scriptSrc, where).not.toContain("'unsafe-inline'");
      expect(scriptSrc, where).not.toContain("'unsafe-eval'");
      expect(
        scriptSrc.some((v) => v === "*" || v.endsWith(":")),
        where,
      ).toBe(false);
      expect(directives["object-src"], where).toEqual(["'none'"]);
      expect(directives["base-uri"], where).toEqual(["'self'"]);
      expect(directives["frame-ancestors"], where).toEqual(["'none'"]);
      expect(res.headers.get("X-Content-Type-Options"), where).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options"), where).toBe("DENY");
      nonces.add(nonce!);

      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map(
        (m) => m[1],
      );
      expect(scripts.length, where).toBeGreaterThan(0);
      for (const attributes of scripts) {
        if (/\bsrc=/.test(attributes)) {
          expect(attributes, where).toMatch(/\bsrc="\/build\//);
          continue;
        }
        expect(
          attributes,
          `${where}: an inline script without the nonce`,
        ).toContain(`nonce="${nonce}"`);
      }
      // No inline event handlers either (they would need 'unsafe-inline').
      expect(html, where).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
    // A fresh nonce for every response.
    expect(nonces.size).toBe(pages.length);
  });
});

test.describe("user enumeration", () => {
  test("a wrong password and an unknown username get the same answer, on the API and the form", async () => {
    const wrongPassword = await postJson(`${server.url}/api/login`, {
      username: "dave",
      password: "not-his-password",
    });
    const unknownUser = await postJson(`${server.url}/api/login`, {
      username: "nobody-by-this-name",
      password: "not-his-password",
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(await unknownUser.json()).toEqual(await wrongPassword.json());

    const form = async (username: string) => {
      const res = await postForm(
        `${server.url}/auth`,
        { intent: "login", username, password: "not-his-password" },
        { Origin: server.url },
      );
      const html = await res.text();
      const alert = html.match(/Invalid username or password\./g) ?? [];
      return { status: res.status, alerts: alert.length };
    };
    const known = await form("erin");
    const unknown = await form("nobody-by-this-name");
    expect(known).toEqual(unknown);
    expect(known.status).toBe(401);
    expect(known.alerts).toBeGreaterThan(0);
  });

  test("registration names a taken username, as the specification requires, and nothing more", async () => {
    // DESIGN §4: 409 'Username is already taken'. The answer is the same
    // whatever the other fields say and never reveals the account's role or details.
    const res = await postJson(`${server.url}/api/register`, {
      username: "ALICE",
      password: "Basil-Lantern-62",
      firstName: "Eve",
      lastName: "Probe",
      email: "eve@example.com",
      role: "EMPLOYER",
      companyName: "Probe Inc",
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Username is already taken" });
  });
});
