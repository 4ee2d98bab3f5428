import { eq, sql } from "drizzle-orm";
import { vi } from "vitest";
import { loginAttempts } from "#db/schema";
import { action as loginApi } from "~/routes/api.login";
import { action as registerApi } from "~/routes/api.register";
import { action as profileAction } from "~/routes/_app.profile";
import { TOO_MANY_ATTEMPTS } from "~/models/login.server";
import { TOO_MANY_PASSWORD_ATTEMPTS } from "~/models/profile.server";
import { TOO_MANY_REGISTRATIONS } from "~/models/user.server";
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
  const original =
    await importOriginal<typeof import("~/utils/password.server")>();
  return {
    ...original,
    verifyPassword: async (password: string, hash: string) => {
      verifyCalls.count++;
      return original.verifyPassword(password, hash);
    },
  };
});

useTestDatabase();

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
