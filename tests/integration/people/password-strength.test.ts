import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { users } from "#db/schema";
import { DEMO_PASSWORD, seedDemo } from "~/server/seed.server";
import { verifyLogin } from "~/models/people/index.server";
import { action as registerApi } from "~/routes/api.register";
import { action as authAction } from "~/routes/auth";
import { action as addEmployeeAction } from "~/routes/_app.employees.add";
import { action as profileAction } from "~/routes/_app.profile";
import { db } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { WEAK_PASSWORD } from "~/utils/password-strength.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";

// Weak passwords: the SPEC's length rule stays, and very common or guessable passwords are
// refused on registration (page and API), add-employee and a password change, with a clear
// message on the password field. The demo seed writes its users directly and keeps
// `password123` (decision 0030).

useTestDatabase();

const COMMON = [
  "password123",
  "qwerty12",
  "123456789",
  "letmein1",
  "secret123",
];

async function userCount(): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(users);
  return row.n;
}

function registration(password: string, username = uniqueName("reg")) {
  return {
    username,
    password,
    firstName: "Ria",
    lastName: "Reg",
    email: "ria@example.com",
    role: "EMPLOYEE",
    department: "Bakery",
  };
}

describe("registration", () => {
  it.each(COMMON)(
    "POST /api/register refuses %s with 400 on the password field, creating no one",
    async (password) => {
      const before = await userCount();
      const res = await call(
        registerApi,
        await requestAs(null, "/api/register", {
          json: registration(password),
        }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: WEAK_PASSWORD,
        errors: { password: [WEAK_PASSWORD] },
      });
      expect(await userCount()).toBe(before);
    },
  );

  it("keeps the length rule and its message", async () => {
    const res = await call(
      registerApi,
      await requestAs(null, "/api/register", { json: registration("12345") }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      "Password must be at least 6 characters",
    );
  });

  it("refuses a password made of the person's own username", async () => {
    const username = `marigold${Date.now() % 1000}`;
    const res = await call(
      registerApi,
      await requestAs(null, "/api/register", {
        json: registration(`${username}1`, username),
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(WEAK_PASSWORD);
  });

  it("accepts a password that is hard to guess", async () => {
    const res = await call(
      registerApi,
      await requestAs(null, "/api/register", {
        json: registration("Wobbly-Turnip-88"),
      }),
    );
    expect(res.status).toBe(201);
  });

  it("the /auth register form shows the message on the password field", async () => {
    const before = await userCount();
    const res = await call(
      authAction,
      await requestAs(null, "/auth", {
        form: {
          intent: "register-employee",
          username: uniqueName("page"),
          password: "password123",
          firstName: "Pia",
          lastName: "Page",
          email: "pia@example.com",
        },
      }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error.password).toEqual([WEAK_PASSWORD]);
    // One error display rule: a field's problem shows under the field only, never as a toast.
    expect(body.toast).toBeUndefined();
    expect(await userCount()).toBe(before);
  });
});

describe("add employee and password change", () => {
  it("/employees/add refuses a common password on its field", async () => {
    const employer = await createEmployer();
    const before = await userCount();
    const res = await call(
      addEmployeeAction,
      await requestAs(employer, "/employees/add", {
        form: {
          username: uniqueName("new"),
          password: "password1",
          firstName: "Nat",
          lastName: "New",
          email: "nat@example.com",
          department: "Deli",
        },
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.password).toEqual([WEAK_PASSWORD]);
    expect(await userCount()).toBe(before);
  });

  it("/profile refuses a common new password and keeps the old one", async () => {
    const employee = await createEmployee(await createEmployer());
    const res = await call(
      profileAction,
      await requestAs(employee, "/profile", {
        form: {
          firstName: employee.firstName,
          lastName: employee.lastName,
          email: employee.email,
          department: "Produce",
          currentPassword: TEST_PASSWORD,
          newPassword: "iloveyou",
          confirmPassword: "iloveyou",
        },
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.newPassword).toEqual([
      WEAK_PASSWORD,
    ]);
    const [row] = await db()
      .select({ password: users.password })
      .from(users)
      .where(eq(users.id, employee.id));
    expect(await verifyPassword(TEST_PASSWORD, row.password)).toBe(true);
  });
});

describe("the demo seed", () => {
  it("still signs in with the demo password, which the seed writes directly", async () => {
    await seedDemo(db());
    const user = await verifyLogin("employer", DEMO_PASSWORD);
    expect(user.username).toBe("employer");
  });
});

describe("the strength check stays on the server", () => {
  it("only *.server modules import zxcvbn", () => {
    const root = path.resolve(import.meta.dirname, "../../../app");
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (fs.readFileSync(file, "utf8").includes("@zxcvbn-ts"))
          importers.push(path.relative(root, file));
      }
    };
    walk(root);
    expect(importers).toEqual(["utils/password-strength.server.ts"]);
  });
});
