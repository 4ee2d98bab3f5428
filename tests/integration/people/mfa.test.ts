import { eq, sql } from "drizzle-orm";
import { authenticatorCode } from "#tests/support/security";
import {
  auditEvents,
  loginAttempts,
  mfaRecoveryCodes,
  sessions,
  userMfa,
} from "#db/schema";
import { loader as userApi } from "~/routes/api.user";
import { action as loginApi } from "~/routes/api.login";
import { action as authAction, loader as authLoader } from "~/routes/auth";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/routes/_app.settings";
import {
  INVALID_MFA_CODE,
  MFA_CODE_REQUIRED,
  TOO_MANY_MFA_ATTEMPTS,
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
import { mfaSecretOf } from "#tests/support/rows";
import type { User } from "#db/schema";

// TOTP two-factor sign-in for employers: enrolment on Settings › Security, the second step on
// /auth (no session before the code) and `code` on POST /api/login.

useTestDatabase();

/** The sign-in form's first step, the password (with JavaScript off, as a browser posts it). */
async function passwordStep(employer: User, redirectTo?: string) {
  return call(
    authAction,
    await postForm(null, "/auth", {
      intent: "login",
      username: employer.username,
      password: TEST_PASSWORD,
      ...(redirectTo ? { redirectTo } : {}),
    }),
  );
}

/** Forgets which time-step was used last (as if the next code came 30 s later). */
async function nextStep(userId: number) {
  await db()
    .update(userMfa)
    .set({ lastStep: null })
    .where(eq(userMfa.userId, userId));
}

async function apiUserStatus(cookie: string) {
  return (await call(userApi, await withCookie(cookie, "/api/user"))).status;
}

/** Enrols an employer through the Settings page; returns the secret and recovery codes. */
async function enrol(employer: User) {
  const cookie = (await requestAs(employer, "/settings")).headers.get(
    "Cookie",
  )!;
  const start = await call(
    settingsAction,
    await postForm(cookie, "/settings", { intent: "mfa-start" }),
  );
  expect(start.status).toBe(302);
  const secret = await mfaSecretOf(employer.id);
  const confirm = await call(
    settingsAction,
    await postForm(cookie, "/settings", {
      intent: "mfa-confirm",
      code: authenticatorCode(secret),
    }),
  );
  expect(confirm.status).toBe(200);
  const data = await confirm.json();
  return {
    cookie,
    secret,
    recoveryCodes: data.security.recoveryCodes as string[],
  };
}

describe("enrolment on Settings › Security", () => {
  it("shows a server-rendered QR code and the manual key, confirms with a code, and shows 10 recovery codes once", async () => {
    const employer = await createEmployer();
    const cookie = (await requestAs(employer, "/settings")).headers.get(
      "Cookie",
    )!;
    const off = await (
      await call(settingsLoader, await withCookie(cookie, "/settings"))
    ).json();
    expect(off.mfa).toEqual({ state: "off" });

    await call(
      settingsAction,
      await postForm(cookie, "/settings", { intent: "mfa-start" }),
    );
    const secret = await mfaSecretOf(employer.id);
    const enrolling = await (
      await call(settingsLoader, await withCookie(cookie, "/settings"))
    ).json();
    expect(enrolling.mfa.state).toBe("enrolling");
    expect(enrolling.mfa.manualKey.replace(/ /g, "")).toBe(secret);
    expect(enrolling.mfa.qrDataUrl).toMatch(
      /^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/,
    );
    const svg = Buffer.from(
      enrolling.mfa.qrDataUrl.split(",")[1],
      "base64",
    ).toString("utf8");
    expect(svg).toContain("<svg");

    const wrong = await call(
      settingsAction,
      await postForm(cookie, "/settings", {
        intent: "mfa-confirm",
        code: authenticatorCode(secret, 10),
      }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).security.confirm.error.code).toEqual([
      INVALID_MFA_CODE,
    ]);

    const confirm = await call(
      settingsAction,
      await postForm(cookie, "/settings", {
        intent: "mfa-confirm",
        code: authenticatorCode(secret),
      }),
    );
    expect(confirm.status).toBe(200);
    const codes: string[] = (await confirm.json()).security.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await db()
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, employer.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(codes).not.toContain(row.codeHash);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    }

    // From now on the page never sends the secret again.
    const onRes = await call(
      settingsLoader,
      await withCookie(cookie, "/settings"),
    );
    const onText = await onRes.text();
    expect(onText).not.toContain(secret);
    expect(JSON.parse(onText).mfa).toMatchObject({
      state: "on",
      recoveryCodesLeft: 10,
    });
  });

  it("is for employers: an employee's settings post is refused", async () => {
    const employee = await createEmployee(await createEmployer());
    const res = await call(
      settingsAction,
      await requestAs(employee, "/settings", {
        form: { intent: "mfa-start" },
      }),
    );
    expect(res.status).toBe(403);
  });
});

describe("signing in with the form (no JavaScript needed)", () => {
  it("asks for the code after the password, with no session before it, and signs in with a right code", async () => {
    const employer = await createEmployer();
    const { secret } = await enrol(employer);
    await nextStep(employer.id);

    const step1 = await passwordStep(employer, "/approvals");
    expect(step1.status).toBe(302);
    expect(step1.headers.get("Location")).toBe(
      "/auth?step=code&redirectTo=%2Fapprovals",
    );
    const pending = sessionPair(step1);
    // Half signed in: nothing is authorised yet.
    expect(await apiUserStatus(pending)).toBe(401);
    const page = await (
      await call(
        authLoader,
        await withCookie(pending, "/auth?step=code&redirectTo=%2Fapprovals"),
      )
    ).json();
    expect(page.codeStep).toBe(true);

    const wrong = await call(
      authAction,
      await postForm(pending, "/auth", {
        intent: "mfa",
        code: authenticatorCode(secret, 10),
        redirectTo: "/approvals",
      }),
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).result.error[""]).toEqual([INVALID_MFA_CODE]);

    const code = authenticatorCode(secret);
    const right = await call(
      authAction,
      await postForm(pending, "/auth", {
        intent: "mfa",
        code,
        redirectTo: "/approvals",
      }),
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/approvals");
    const full = sessionPair(right);
    expect(full).not.toBe(pending);
    expect(await apiUserStatus(full)).toBe(200);
    // The pending token was spent: it is not a session now either.
    expect(await apiUserStatus(pending)).toBe(401);

    // The same code again (another sign-in within the same 30 s) is refused.
    const again = await passwordStep(employer);
    const reused = await call(
      authAction,
      await postForm(sessionPair(again), "/auth", {
        intent: "mfa",
        code,
      }),
    );
    expect(reused.status).toBe(401);
  });

  it("a pending sign-in expires after 5 minutes", async () => {
    const employer = await createEmployer();
    const { secret } = await enrol(employer);
    await nextStep(employer.id);
    const step1 = await passwordStep(employer);
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, employer.id));
    const late = await call(
      authAction,
      await postForm(sessionPair(step1), "/auth", {
        intent: "mfa",
        code: authenticatorCode(secret),
      }),
    );
    expect(late.status).toBe(401);
    // The form-level error under the form (one error display rule: no toast for a form).
    expect(JSON.stringify(await late.json())).toMatch(/took too long/);
  });
});

function apiLogin(user: User, extra: Record<string, unknown> = {}) {
  return requestAs(null, "/api/login", {
    json: { username: user.username, password: TEST_PASSWORD, ...extra },
  }).then((r) => call(loginApi, r));
}

describe("POST /api/login with `code`", () => {
  it("needs the code: missing → 401 saying so, wrong → 401, right → 200, reused → 401", async () => {
    const employer = await createEmployer();
    const { secret } = await enrol(employer);
    await nextStep(employer.id);

    const missing = await apiLogin(employer);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: MFA_CODE_REQUIRED });
    expect(missing.headers.get("Set-Cookie")).toBeNull();

    const wrong = await apiLogin(employer, {
      code: authenticatorCode(secret, 10),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: INVALID_MFA_CODE });

    const code = authenticatorCode(secret);
    const right = await apiLogin(employer, { code });
    expect(right.status).toBe(200);
    expect(await apiUserStatus(sessionPair(right))).toBe(200);

    const reused = await apiLogin(employer, { code });
    expect(reused.status).toBe(401);
    // An earlier step inside the window is refused too once a later one was used.
    const earlier = await apiLogin(employer, {
      code: authenticatorCode(secret, -1),
    });
    expect(earlier.status).toBe(401);
  });

  it("accepts a recovery code once", async () => {
    const employer = await createEmployer();
    const { recoveryCodes } = await enrol(employer);
    const first = await apiLogin(employer, {
      code: recoveryCodes[3].toUpperCase(),
    });
    expect(first.status).toBe(200);
    const second = await apiLogin(employer, { code: recoveryCodes[3] });
    expect(second.status).toBe(401);
    expect((await apiLogin(employer, { code: recoveryCodes[4] })).status).toBe(
      200,
    );
  });

  it("an account without two-factor ignores `code`", async () => {
    const employer = await createEmployer();
    expect((await apiLogin(employer)).status).toBe(200);
  });

  it("throttles codes like passwords: past 5 wrong codes even a right one is 429", async () => {
    const employer = await createEmployer();
    const { secret } = await enrol(employer);
    await nextStep(employer.id);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await apiLogin(employer, { code: String(100000 + i) })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await apiLogin(employer, {
      code: authenticatorCode(secret),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_MFA_ATTEMPTS });
  });
});

describe("the code step under a race", () => {
  it("30 concurrent wrong codes on one pending sign-in: 5 checked, 25 refused unchecked", async () => {
    const employer = await createEmployer();
    const { secret } = await enrol(employer);
    await nextStep(employer.id);
    const step1 = await passwordStep(employer);
    const pending = sessionPair(step1);
    const responses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) =>
        call(
          authAction,
          await postForm(pending, "/auth", {
            intent: "mfa",
            code: String(100000 + i),
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const right = await call(
      authAction,
      await postForm(pending, "/auth", {
        intent: "mfa",
        code: authenticatorCode(secret),
      }),
    );
    expect(right.status).toBe(429);
    const [row] = await db()
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `mfa:user:${employer.id}`));
    expect(row.failures).toBe(31);
  });
});

describe("turning two-factor off", () => {
  it("needs the password and a code; afterwards the password alone signs in", async () => {
    const employer = await createEmployer();
    const { cookie, secret } = await enrol(employer);
    await nextStep(employer.id);
    const wrongPassword = await call(
      settingsAction,
      await postForm(cookie, "/settings", {
        intent: "mfa-disable",
        password: "not-it",
        code: authenticatorCode(secret),
      }),
    );
    expect(wrongPassword.status).toBe(400);
    expect(
      (await wrongPassword.json()).security.disable.error.password,
    ).toEqual(["Password is incorrect"]);

    const wrongCode = await call(
      settingsAction,
      await postForm(cookie, "/settings", {
        intent: "mfa-disable",
        password: TEST_PASSWORD,
        code: authenticatorCode(secret, 10),
      }),
    );
    expect(wrongCode.status).toBe(400);

    const off = await call(
      settingsAction,
      await postForm(cookie, "/settings", {
        intent: "mfa-disable",
        password: TEST_PASSWORD,
        code: authenticatorCode(secret),
      }),
    );
    expect(off.status).toBe(302);
    expect(await db().select().from(userMfa)).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ userId: employer.id }),
      ]),
    );
    expect((await apiLogin(employer)).status).toBe(200);
  });
});

describe("the audit trail of account security", () => {
  async function actionsOf(userId: number) {
    const rows = await db()
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, userId))
      .orderBy(auditEvents.id);
    return rows.map((r) => r.action);
  }

  it("records two-factor turned on and off, and sessions ended from the list", async () => {
    const employer = await createEmployer();
    const { cookie, secret } = await enrol(employer);
    expect(await actionsOf(employer.id)).toContain("mfa.enabled");

    await nextStep(employer.id);
    const off = await call(
      settingsAction,
      await postForm(cookie, "/settings", {
        intent: "mfa-disable",
        password: TEST_PASSWORD,
        code: authenticatorCode(secret),
      }),
    );
    expect(off.status).toBeLessThan(400);
    expect(await actionsOf(employer.id)).toContain("mfa.disabled");

    // A second device signs in; "Sign out other sessions" ends it and is recorded once.
    const other = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: employer.username, password: TEST_PASSWORD },
      }),
    );
    expect(other.status).toBe(200);
    const out = await call(
      settingsAction,
      await postForm(cookie, "/settings", { intent: "sign-out-others" }),
    );
    expect(out.status).toBeLessThan(400);
    const actions = await actionsOf(employer.id);
    expect(actions.filter((a) => a === "session.revoked")).toHaveLength(1);
  });
});
