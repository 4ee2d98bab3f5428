import { isoDay } from "~/utils/pay-schedule";
import { loader as userLoader } from "~/routes/api.user";
import { action as loginApi } from "~/routes/api.login";
import { action as registerApi } from "~/routes/api.register";
import { action as logoutApi } from "~/routes/api.logout";
import { action as authAction, loader as authLoader } from "~/routes/auth";
import { getUserByUsername } from "~/models/people/index.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import { db } from "~/utils/db.server";
import { companies, employees, users } from "#db/schema";
import { count, eq } from "drizzle-orm";

useTestDatabase();

async function countUsers() {
  const [row] = await db().select({ n: count() }).from(users);
  return Number(row.n);
}

describe("POST /api/register", () => {
  it("registers an employee without an employer and signs them in", async () => {
    const username = uniqueName("reg");
    const res = await call(
      registerApi,
      await requestAs(null, "/api/register", {
        json: {
          username,
          password: "Basil-Lantern-62",
          firstName: "Ria",
          lastName: "Reg",
          email: "ria@example.com",
          role: "EMPLOYEE",
          department: "Bakery",
        },
      }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      username,
      role: "EMPLOYEE",
      department: "Bakery",
      employerId: null,
    });
    expect(body).not.toHaveProperty("password");
    expect(res.headers.get("Set-Cookie")).toMatch(
      /__session=.*HttpOnly.*SameSite=Lax/,
    );
    const [emp] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, body.id));
    expect(emp).toMatchObject({ companyId: null, availableBalance: "0.00" });
  });

  it("registers an employer with company settings at the defaults", async () => {
    const res = await call(
      registerApi,
      await requestAs(null, "/api/register", {
        json: {
          username: uniqueName("co"),
          password: "Basil-Lantern-62",
          firstName: "Cal",
          lastName: "Co",
          email: "cal@example.com",
          role: "EMPLOYER",
          companyName: "Cal's Foods",
        },
      }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    const [owner] = await db()
      .select()
      .from(users)
      .where(eq(users.id, body.id));
    expect(owner).toMatchObject({ companyRole: "OWNER" });
    const [settings] = await db()
      .select()
      .from(companies)
      .where(eq(companies.id, owner.companyId!));
    expect(settings).toMatchObject({
      maxAdvance: "500.00",
      approvalLimit: "200.00",
      processingFee: "15.99",
      companyName: "Cal's Foods",
    });
  });

  it("refuses a taken username case-insensitively with 409 and writes nothing", async () => {
    const employer = await createEmployer();
    const before = await countUsers();
    const res = await call(
      registerApi,
      await requestAs(null, "/api/register", {
        json: {
          username: employer.username.toUpperCase(),
          password: "Basil-Lantern-62",
          firstName: "A",
          lastName: "B",
          email: "a@example.com",
          role: "EMPLOYEE",
        },
      }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Username is already taken" });
    expect(await countUsers()).toBe(before);
  });

  it("answers 400 with field messages for bad input", async () => {
    const before = await countUsers();
    const res = await call(
      registerApi,
      await requestAs(null, "/api/register", {
        json: {
          username: "",
          password: "123",
          firstName: "",
          lastName: "",
          email: "nope",
          role: "EMPLOYER",
        },
      }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toMatchObject({
      username: ["Username is required"],
      password: ["Password must be at least 6 characters"],
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Invalid email address"],
      companyName: expect.arrayContaining(["Company name is required"]),
    });
    expect(await countUsers()).toBe(before);
  });

  it("answers 400 for malformed JSON and for a missing role", async () => {
    const bad = new Request("http://localhost/api/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    const res = await call(registerApi, bad);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Request body must be valid JSON",
    });
    const res2 = await call(
      registerApi,
      await requestAs(null, "/api/register", { json: { username: "x" } }),
    );
    expect(res2.status).toBe(400);
    expect((await res2.json()).message).toEqual(expect.any(String));
  });

  it("lets an employer add an employee: employerId from the session, session unchanged", async () => {
    const employer = await createEmployer();
    const other = await createEmployer();
    const username = uniqueName("added");
    const res = await call(
      registerApi,
      await requestAs(employer, "/api/register", {
        json: {
          username,
          password: "Basil-Lantern-62",
          firstName: "Nia",
          lastName: "New",
          email: "nia@example.com",
          role: "EMPLOYEE",
          employerId: other.id,
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const body = await res.json();
    expect(body.employerId).toBe(employer.companyId);
    const [emp] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, body.id));
    expect(emp.availableBalance).toBe("500.00");
    expect(emp.companyId).toBe(employer.companyId);
    // The pay cycle ends on the company's next pay date: 15 days from today for a new company.
    expect(isoDay(emp.payCycleEndDate!)).toBe(
      isoDay(new Date(Date.now() + 15 * 86_400_000)),
    );
  });

  it("answers 'Employer ID not found' when nobody is signed in, and 403 for an employee", async () => {
    const body = {
      username: uniqueName("x"),
      password: "Basil-Lantern-62",
      firstName: "X",
      lastName: "Y",
      email: "x@example.com",
      role: "EMPLOYEE",
      employerId: 1,
    };
    const anon = await call(
      registerApi,
      await requestAs(null, "/api/register", { json: body }),
    );
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ message: "Employer ID not found" });
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const asEmployee = await call(
      registerApi,
      await requestAs(employee, "/api/register", { json: body }),
    );
    expect(asEmployee.status).toBe(403);
    expect(await getUserByUsername(body.username)).toBeNull();
  });
});

describe("POST /api/login, GET /api/user, POST /api/logout", () => {
  it("signs in, reads the user, and never returns the password", async () => {
    const employer = await createEmployer();
    const res = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: employer.username, password: TEST_PASSWORD },
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: employer.id, role: "EMPLOYER" });
    expect(JSON.stringify(body)).not.toContain("scrypt");
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    const me = await call(
      userLoader,
      new Request("http://localhost/api/user", { headers: { Cookie: cookie } }),
    );
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: employer.id,
      username: employer.username,
    });
    expect(
      Object.keys(
        await (
          await call(
            userLoader,
            new Request("http://localhost/api/user", {
              headers: { Cookie: cookie },
            }),
          )
        ).json(),
      ),
    ).not.toContain("password");
  });

  it("answers 401 with a message when signed out or with a wrong password", async () => {
    const anon = await call(userLoader, await requestAs(null, "/api/user"));
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ message: expect.any(String) });
    const employer = await createEmployer();
    const wrong = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: employer.username, password: "nope-nope" },
      }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      message: "Invalid username or password.",
    });
    const unknown = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: uniqueName("ghost"), password: "nope-nope" },
      }),
    );
    expect(await unknown.json()).toEqual({
      message: "Invalid username or password.",
    });
  });

  it("validates the login body with the spec's messages", async () => {
    const res = await call(
      loginApi,
      await requestAs(null, "/api/login", { json: {} }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
    });
  });

  it("throttles repeated failures per username with 429, even with the right password", async () => {
    const employer = await createEmployer();
    for (let i = 0; i < 5; i++) {
      const res = await call(
        loginApi,
        await requestAs(null, "/api/login", {
          json: { username: employer.username, password: "wrong-one" },
        }),
      );
      expect(res.status).toBe(401);
    }
    const blocked = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: employer.username, password: TEST_PASSWORD },
      }),
    );
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/Too many sign-in attempts/);
  });

  it("clears the session on logout", async () => {
    const employer = await createEmployer();
    const res = await call(
      logoutApi,
      await requestAs(employer, "/api/logout", { method: "POST" }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(
      /__session=;.*Expires=Thu, 01 Jan 1970/,
    );
  });
});

describe("/auth page", () => {
  it("redirects a signed-in user to /", async () => {
    const employer = await createEmployer();
    const res = await call(authLoader, await requestAs(employer, "/auth"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("signs in with the form, honouring Remember me and a safe redirectTo", async () => {
    const employer = await createEmployer();
    const res = await call(
      authAction,
      await requestAs(null, "/auth", {
        form: {
          intent: "login",
          username: employer.username,
          password: TEST_PASSWORD,
          remember: "on",
          redirectTo: "/approvals",
        },
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/approvals");
    const cookies = res.headers.get("Set-Cookie")!;
    expect(cookies).toMatch(/__session=[^;]+;.*Max-Age=2592000/);
    expect(cookies).toMatch(/toast=/);

    const noRemember = await call(
      authAction,
      await requestAs(null, "/auth", {
        form: {
          intent: "login",
          username: employer.username,
          password: TEST_PASSWORD,
          redirectTo: "//evil.example",
        },
      }),
    );
    expect(noRemember.headers.get("Location")).toBe("/");
    expect(noRemember.headers.get("Set-Cookie")).not.toMatch(
      /__session=[^,]*Max-Age/,
    );
  });

  it("shows the spec's messages for an empty login and a wrong password", async () => {
    const res = await call(
      authAction,
      await requestAs(null, "/auth", { form: { intent: "login" } }),
    );
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(data.result.error).toMatchObject({
      username: ["Username is required"],
      password: ["Password is required"],
    });
    const employer = await createEmployer();
    const wrong = await call(
      authAction,
      await requestAs(null, "/auth", {
        form: {
          intent: "login",
          username: employer.username,
          password: "wrong-pass",
        },
      }),
    );
    expect(wrong.status).toBe(401);
    const wrongData = await wrong.json();
    // Belongs to no field: the form-level error, titled 'Login failed' on the page.
    expect(wrongData.result.error).toEqual({
      "": ["Invalid username or password."],
    });
    expect(wrongData.toast).toBeUndefined();
  });

  /** The registration form as an employer posts it, with `companyName` when given. */
  async function registerEmployerForm(companyName?: string) {
    return call(
      authAction,
      await requestAs(null, "/auth", {
        form: {
          intent: "register-employer",
          role: "EMPLOYER",
          username: uniqueName("formco"),
          password: "Basil-Lantern-62",
          firstName: "Fay",
          lastName: "Form",
          email: "fay@example.com",
          ...(companyName === undefined ? {} : { companyName }),
        },
      }),
    );
  }

  it("registers an employer from the form and lands on / with the toast", async () => {
    const res = await registerEmployerForm("Fay's");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("requires a company name for employers", async () => {
    const res = await registerEmployerForm();
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.companyName).toEqual([
      "Company name is required",
    ]);
  });
});
