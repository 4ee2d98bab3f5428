import { eq, sql } from "drizzle-orm";
import { vi } from "vitest";
import { loginAttempts, trustedDevices } from "#db/schema";
import { action as loginApi } from "~/routes/api.login";
import { action as logoutApi } from "~/routes/api.logout";
import { action as registerApi } from "~/routes/api.register";
import { action as profileAction } from "~/routes/_app.profile";
import {
  TOO_MANY_ATTEMPTS,
  TOO_MANY_PASSWORD_ATTEMPTS,
  TOO_MANY_REGISTRATIONS,
} from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";

// Throttling that cannot be raced: the attempt is reserved in the database before the password
// is hashed, so N concurrent guesses reach the hash at most `limit` times. The hash function is
// counted to prove it.

const verifyCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/utils/password.server", async (importOriginal) => {
  // As every file has it (tests/support/setup-env.ts): the test users' hash at a test's cost.
  const { withTestPasswordHash } = await import("#tests/support/test-password");
  const original = withTestPasswordHash(
    await importOriginal<typeof import("~/utils/password.server")>(),
  );
  return {
    ...original,
    verifyPassword: async (password: string, hash: string) => {
      verifyCalls.count++;
      return original.verifyPassword(password, hash);
    },
  };
});

useTestDatabase();
// Up to fifty real password hashes at once (~100 ms of CPU each): on a machine busy with the
// rest of `npm test` that has taken over 30 s. The assertions count, they do not time.
vi.setConfig({ testTimeout: 120_000 });

const LIMIT = 5; // LOGIN_MAX_FAILURES default

beforeEach(() => {
  verifyCalls.count = 0;
});

function apiLogin(username: string, password: string, address?: string) {
  return requestAs(null, "/api/login", {
    headers: address ? { "x-ga-client-address": address } : {},
    json: { username, password },
  }).then((request) => call(loginApi, request));
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }),
    {},
  );

describe("sign-in throttling under a race", () => {
  it("30 concurrent wrong guesses for one username check the password at most 5 times; then even the right one is 429", async () => {
    const user = await createEmployee(await createEmployer());
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        apiLogin(user.username, `wrong-${i}`),
      ),
    );
    expect(verifyCalls.count).toBeLessThanOrEqual(LIMIT);
    expect(tally(responses.map((r) => r.status))).toEqual({
      401: LIMIT,
      429: 30 - LIMIT,
    });
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    // Every attempt was reserved: the counter saw all 30.
    const [row] = await db()
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `user:${user.username.toLowerCase()}`));
    expect(row.failures).toBe(30);

    verifyCalls.count = 0;
    const right = await apiLogin(user.username, TEST_PASSWORD);
    expect(right.status).toBe(429);
    expect(verifyCalls.count).toBe(0);
  });

  it("per address: 60 concurrent guesses on 60 usernames from one address check at most 50", async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        apiLogin(uniqueName(`nobody${i}`), "wrong", "198.51.100.9"),
      ),
    );
    expect(verifyCalls.count).toBeLessThanOrEqual(LIMIT * 10);
    expect(tally(responses.map((r) => r.status))).toEqual({
      401: LIMIT * 10,
      429: 60 - LIMIT * 10,
    });
  });

  it("a lock an attacker triggers ends with its window: the real user signs in afterwards", async () => {
    const user = await createEmployee(await createEmployer());
    await Promise.all(
      Array.from({ length: 10 }, () => apiLogin(user.username, "wrong")),
    );
    expect((await apiLogin(user.username, TEST_PASSWORD)).status).toBe(429);
    // 15 minutes later (the window is moved back instead of waiting).
    await db()
      .update(loginAttempts)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(eq(loginAttempts.key, `user:${user.username.toLowerCase()}`));
    expect((await apiLogin(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it("a successful sign-in clears the username's count and gives back its address reservation", async () => {
    const user = await createEmployee(await createEmployer());
    for (let i = 0; i < LIMIT - 1; i++)
      await apiLogin(user.username, "wrong", "192.0.2.44");
    expect(
      (await apiLogin(user.username, TEST_PASSWORD, "192.0.2.44")).status,
    ).toBe(200);
    const rows = await db().select().from(loginAttempts);
    expect(
      rows.find((r) => r.key === `user:${user.username.toLowerCase()}`),
    ).toBeUndefined();
    expect(rows.find((r) => r.key === "ip:192.0.2.44")?.failures).toBe(
      LIMIT - 1,
    );
  });
});

describe("the /profile current-password check", () => {
  it("30 concurrent wrong current passwords check at most 5; the rest are 429 with a message, nothing changes", async () => {
    const employee = await createEmployee(await createEmployer());
    const post = async (currentPassword: string) =>
      call(
        profileAction,
        await requestAs(employee, "/profile", {
          form: {
            firstName: employee.firstName,
            lastName: employee.lastName,
            email: employee.email,
            currentPassword,
            newPassword: "brand-new-pass-1",
            confirmPassword: "brand-new-pass-1",
          },
        }),
      );
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(`wrong-${i}`)),
    );
    expect(verifyCalls.count).toBeLessThanOrEqual(LIMIT);
    expect(tally(responses.map((r) => r.status))).toEqual({
      400: LIMIT,
      429: 30 - LIMIT,
    });
    const refused = await responses.find((r) => r.status === 429)!.json();
    expect(refused.result.error[""]).toEqual([TOO_MANY_PASSWORD_ATTEMPTS]);
    // Even the right current password waits for the window.
    expect((await post(TEST_PASSWORD)).status).toBe(429);
    const signIn = await apiLogin(employee.username, TEST_PASSWORD);
    expect(signIn.status).toBe(200);
  });
});

describe("registration per address", () => {
  afterEach(() => {
    delete process.env.REGISTER_MAX_PER_ADDRESS;
    resetEnvCache();
  });

  it("allows REGISTER_MAX_PER_ADDRESS registrations per window from one address, even at once", async () => {
    process.env.REGISTER_MAX_PER_ADDRESS = "3";
    resetEnvCache();
    const register = async (address: string) =>
      call(
        registerApi,
        await requestAs(null, "/api/register", {
          headers: { "x-ga-client-address": address },
          json: {
            username: uniqueName("reg"),
            password: "Pantry-Ledger-58",
            firstName: "Ria",
            lastName: "Reg",
            email: "ria@example.com",
            role: "EMPLOYEE",
          },
        }),
      );
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => register("203.0.113.50")),
    );
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: 3, 429: 5 });
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ message: TOO_MANY_REGISTRATIONS });
    // Another address is not affected.
    expect((await register("203.0.113.51")).status).toBe(201);
  });
});

describe("device cookies: a stranger cannot lock a person out", () => {
  /** Signs in with the API, presenting `device` (a Cookie pair) when given. */
  async function loginWith(
    username: string,
    password: string,
    { device, address }: { device?: string; address?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (device) headers.Cookie = device;
    if (address) headers["x-ga-client-address"] = address;
    return call(
      loginApi,
      await requestAs(null, "/api/login", {
        headers,
        json: { username, password },
      }),
    );
  }

  /** The device cookie pair a response set ("__device=…"). */
  function deviceOf(res: Response): string {
    const pair = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__device="));
    if (!pair) throw new Error("no device cookie");
    return pair.split(";")[0];
  }

  it("a successful sign-in sets a long-lived HttpOnly device cookie; sign-out keeps it", async () => {
    const user = await createEmployee(await createEmployer());
    const res = await loginWith(user.username, TEST_PASSWORD);
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__device="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=15552000/); // 180 days
    const logout = await call(
      logoutApi,
      await requestAs(user, "/api/logout", {
        method: "POST",
        headers: { Cookie: deviceOf(res) },
      }),
    );
    expect(
      logout.headers.getSetCookie().some((c) => c.startsWith("__device=")),
    ).toBe(false);
  });

  it("a known device signs in while a stranger's guesses hold the username locked; the stranger's right password is still refused", async () => {
    const user = await createEmployee(await createEmployer());
    const device = deviceOf(await loginWith(user.username, TEST_PASSWORD));

    // A stranger (another address, no device cookie) locks the username.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        loginWith(user.username, `guess-${i}`, { address: "203.0.113.9" }),
      ),
    );
    expect(tally(guesses.map((r) => r.status))).toEqual({
      401: LIMIT,
      429: 12 - LIMIT,
    });
    // Even with the right password, a client without the device cookie is refused.
    const stranger = await loginWith(user.username, TEST_PASSWORD, {
      address: "203.0.113.9",
    });
    expect(stranger.status).toBe(429);
    const elsewhere = await loginWith(user.username, TEST_PASSWORD, {
      address: "198.51.100.20",
    });
    expect(elsewhere.status).toBe(429);

    // The person's own browser signs in, and keeps its device (the same cookie is renewed).
    const own = await loginWith(user.username, TEST_PASSWORD, {
      device,
      address: "198.51.100.20",
    });
    expect(own.status).toBe(200);
    expect(deviceOf(own)).toBe(device);
    // The stranger's lock stands.
    expect(
      (
        await loginWith(user.username, TEST_PASSWORD, {
          address: "203.0.113.9",
        })
      ).status,
    ).toBe(429);
  });

  it("a device has its own budget: 5 wrong passwords per window, raced, then 429 for that device only", async () => {
    const user = await createEmployee(await createEmployer());
    const device = deviceOf(await loginWith(user.username, TEST_PASSWORD));
    verifyCalls.count = 0;
    const wrong = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        loginWith(user.username, `typo-${i}`, { device }),
      ),
    );
    expect(verifyCalls.count).toBeLessThanOrEqual(LIMIT);
    expect(tally(wrong.map((r) => r.status))).toEqual({
      401: LIMIT,
      429: 20 - LIMIT,
    });
    expect(
      (await loginWith(user.username, TEST_PASSWORD, { device })).status,
    ).toBe(429);
    // The device's typos did not lock the username for the person's other devices.
    expect((await loginWith(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it("a device cookie counts only for its own user, and a forged one counts for nobody", async () => {
    const employer = await createEmployer();
    const victim = await createEmployee(employer);
    const attacker = await createEmployee(employer);
    // The attacker's own device cookie does not buy a budget on the victim's username.
    const attackerDevice = deviceOf(
      await loginWith(attacker.username, TEST_PASSWORD),
    );
    for (let i = 0; i < LIMIT; i++)
      await loginWith(victim.username, `guess-${i}`, {
        device: attackerDevice,
      });
    expect(
      (
        await loginWith(victim.username, TEST_PASSWORD, {
          device: attackerDevice,
        })
      ).status,
    ).toBe(429);
    const forged = "__device=" + encodeURIComponent("made-up-token");
    expect(
      (await loginWith(victim.username, TEST_PASSWORD, { device: forged }))
        .status,
    ).toBe(429);
  });

  it("a forgotten device, and every device after a password change, is a stranger again", async () => {
    const user = await createEmployee(await createEmployer());
    const first = deviceOf(await loginWith(user.username, TEST_PASSWORD));
    const second = deviceOf(await loginWith(user.username, TEST_PASSWORD));
    expect(second).not.toBe(first);
    const [{ id: firstId }] = await db()
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, user.id))
      .orderBy(trustedDevices.id)
      .limit(1);
    // Forgotten from the session list (/profile), as the person would.
    const forgot = await call(
      profileAction,
      await requestAs(user, "/profile", {
        form: { intent: "forget-device", deviceId: String(firstId) },
      }),
    );
    expect(forgot.status).toBe(302);
    // Someone else's device id is not found and changes nothing.
    const other = await createEmployee(await createEmployer());
    const notMine = await call(
      profileAction,
      await requestAs(other, "/profile", {
        form: { intent: "forget-device", deviceId: String(firstId + 1) },
      }),
    );
    expect(notMine.status).toBe(404);

    for (let i = 0; i < LIMIT; i++)
      await loginWith(user.username, `guess-${i}`, { address: "203.0.113.50" });
    expect(
      (await loginWith(user.username, TEST_PASSWORD, { device: first })).status,
    ).toBe(429);
    expect(
      (await loginWith(user.username, TEST_PASSWORD, { device: second }))
        .status,
    ).toBe(200);

    // A password change on /profile forgets every device.
    const changed = await call(
      profileAction,
      await requestAs(user, "/profile", {
        form: {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          currentPassword: TEST_PASSWORD,
          newPassword: "Basil-Lantern-62",
          confirmPassword: "Basil-Lantern-62",
        },
      }),
    );
    expect(changed.status).toBe(302);
    await db()
      .delete(loginAttempts)
      .where(sql`true`);
    for (let i = 0; i < LIMIT; i++)
      await loginWith(user.username, `guess-${i}`, { address: "203.0.113.51" });
    expect(
      (await loginWith(user.username, "Basil-Lantern-62", { device: second }))
        .status,
    ).toBe(429);
  });
});
