import { isoDay } from "~/utils/pay-schedule";
import { addDays, startOfMonth, subDays } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { employees, users } from "#db/schema";
import { loader as dashboardLoader } from "~/routes/_app._index";
import {
  action as approvalsAction,
  loader as approvalsLoader,
} from "~/routes/_app.approvals";
import { loader as employeesLoader } from "~/routes/_app.employees._index";
import {
  action as addAction,
  loader as addLoader,
} from "~/routes/_app.employees.add";
import { loader as detailsLoader } from "~/routes/_app.employees.$id";
import { listEmployees } from "~/models/reports/index.server";
import { getUserByUsername } from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import {
  insertAdvance,
  payAndIssueCard,
  insertCard,
  cardedAdvance,
} from "#tests/support/data";
import {
  companyIdOf,
  employeeOf,
  balanceOf,
  clearDepartment,
  deductionsOf,
  insertEmployees,
  requestRow,
} from "#tests/support/rows";
import { toastOf } from "#tests/support/toasts";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";

useTestDatabase();

async function post(
  user: Awaited<ReturnType<typeof createEmployer>>,
  form: Record<string, string>,
  path = "/approvals",
) {
  return call(approvalsAction, await requestAs(user, path, { form }));
}

describe("/approvals", () => {
  it("lists the pending requests and opens the decline dialog from ?decline=", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Pia" });
    const pending = await insertAdvance(employee, { reason: "Milk" });
    await insertAdvance(employee, { status: "DECLINED" });
    const res = await call(
      approvalsLoader,
      await requestAs(employer, `/approvals?decline=${pending.id}`),
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.pending).toHaveLength(1);
    expect(data.pending[0]).toMatchObject({
      id: pending.id,
      reason: "Milk",
      employee: { firstName: "Pia", availableBalance: "500.00" },
    });
    expect(data.declining).toMatchObject({ id: pending.id });

    // Another employer's or a decided request never opens the dialog.
    const other = await createEmployer();
    const otherData = await (
      await call(
        approvalsLoader,
        await requestAs(other, `/approvals?decline=${pending.id}`),
      )
    ).json();
    expect(otherData).toMatchObject({ pending: [], declining: null, total: 0 });
  });

  it("refuses employees with 403 and sends visitors to sign in", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const pending = await insertAdvance(employee);
    const denied = await call(
      approvalsLoader,
      await requestAs(employee, "/approvals"),
    );
    expect(denied.status).toBe(403);
    const posted = await post(employee, {
      intent: "approve",
      requestId: String(pending.id),
    });
    expect(posted.status).toBe(403);
    const anon = await call(
      approvalsAction,
      await requestAs(null, "/approvals", {
        form: { intent: "approve", requestId: String(pending.id) },
      }),
    );
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    expect((await requestRow(pending.id)).status).toBe("PENDING");
  });

  it("approves by form post and returns to redirectTo with 'Request approved'", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const pending = await insertAdvance(employee, {
      amount: "500.00",
      periods: 3,
    });
    const res = await post(employer, {
      intent: "approve",
      requestId: String(pending.id),
      redirectTo: "/",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastOf(res)).toEqual({
      type: "success",
      title: "Request approved",
      // Who and how much, from the approval's own result.
      description: "Eddie Employee's advance of $500.00 is approved.",
    });
    // Approval reserves the balance; the schedule comes with the card (the money model).
    expect(await deductionsOf(pending.id)).toEqual([]);
    expect(await balanceOf(employee)).toBe("0.00");
    await payAndIssueCard(employee, await requestRow(pending.id));
    expect((await deductionsOf(pending.id)).map((d) => d.amount)).toEqual([
      "166.67",
      "166.67",
      "166.66",
    ]);
  });

  it("never redirects off-site", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const pending = await insertAdvance(employee);
    const res = await post(employer, {
      intent: "approve",
      requestId: String(pending.id),
      redirectTo: "//evil.example",
    });
    expect(res.headers.get("Location")).toBe("/approvals");
  });

  it("shows 'Approval failed' with the reason when the request is gone or decided", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const stranger = await createEmployer();
    const pending = await insertAdvance(employee);

    const notMine = await post(stranger, {
      intent: "approve",
      requestId: String(pending.id),
    });
    expect(notMine.status).toBe(404);
    expect(await notMine.json()).toMatchObject({
      error: "Advance request not found",
      toast: {
        type: "error",
        title: "Approval failed",
        description: "There was an error approving the request.",
      },
    });
    expect((await requestRow(pending.id)).status).toBe("PENDING");

    await post(employer, { intent: "approve", requestId: String(pending.id) });
    const twice = await post(employer, {
      intent: "approve",
      requestId: String(pending.id),
    });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toBe(
      "This request has already been decided.",
    );

    const bad = await post(employer, { intent: "approve", requestId: "abc" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).toast.title).toBe("Approval failed");
    const unknown = await post(employer, { intent: "explode" });
    expect(unknown.status).toBe(400);
  });

  it("declines with a reason, or the default, with 'Request declined'", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const first = await insertAdvance(employee);
    const res = await post(employer, {
      intent: "decline",
      requestId: String(first.id),
      reason: "Please repay the current advance first.",
      redirectTo: "/approvals",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/approvals");
    expect(await toastOf(res)).toEqual({
      type: "success",
      title: "Request declined",
      description: "Eddie Employee's advance of $300.00 is declined.",
    });
    expect(await requestRow(first.id)).toMatchObject({
      status: "DECLINED",
      rejectionReason: "Please repay the current advance first.",
    });

    const second = await insertAdvance(employee);
    await post(employer, {
      intent: "decline",
      requestId: String(second.id),
      reason: "",
    });
    expect((await requestRow(second.id)).rejectionReason).toBe(
      "Declined by employer",
    );
  });

  it("keeps the dialog's input and refuses a reason over 500 characters", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const pending = await insertAdvance(employee);
    const res = await post(
      employer,
      {
        intent: "decline",
        requestId: String(pending.id),
        reason: "y".repeat(501),
      },
      `/approvals?decline=${pending.id}`,
    );
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(data.requestId).toBe(pending.id);
    expect(data.result.error.reason).toEqual([
      "Reason must be at most 500 characters",
    ]);
    expect(data.result.initialValue.reason).toHaveLength(501);
    // The dialog shows the field's message; the toast (the spec's title and message, with
    // the reason as a second line) is for a Decline posted without the dialog.
    expect(data.toast).toEqual({
      type: "error",
      title: "Decline failed",
      description: "There was an error declining the request.",
      detail: "Reason must be at most 500 characters",
    });
    expect((await requestRow(pending.id)).status).toBe("PENDING");
  });
});

describe("/employees", () => {
  it("searches first name, last name, email and department case-insensitively", async () => {
    const employer = await createEmployer();
    const ann = await createEmployee(employer, {
      firstName: "Ann",
      lastName: "Archer",
      email: "ann@fresh.example",
      department: "Bakery",
    });
    await createEmployee(employer, {
      firstName: "Ben",
      lastName: "Brook",
      email: "ben@fresh.example",
      department: "Dairy",
    });
    const other = await createEmployer();
    await createEmployee(other, { firstName: "Annabel", department: "Bakery" });

    const search = async (q: string) => {
      const data = await (
        await call(
          employeesLoader,
          await requestAs(employer, `/employees?q=${encodeURIComponent(q)}`),
        )
      ).json();
      return data.employees.map((e: { firstName: string }) => e.firstName);
    };
    expect(await search("ann")).toEqual(["Ann"]);
    expect(await search("BROOK")).toEqual(["Ben"]);
    expect(await search("fresh.EXAMPLE")).toEqual(["Ann", "Ben"]);
    expect(await search("dairy")).toEqual(["Ben"]);
    expect(await search("ann archer")).toEqual(["Ann"]);
    expect(await search("%")).toEqual([]);
    expect(await search("nobody")).toEqual([]);
    expect(await search("")).toEqual(["Ann", "Ben"]);

    const data = await (
      await call(employeesLoader, await requestAs(employer, "/employees?q=ann"))
    ).json();
    expect(data).toMatchObject({ matching: 1, total: 2, q: "ann", page: 1 });
    expect(data.employees[0]).toEqual({
      id: (await employeeOf(ann)).id,
      userId: ann.id,
      firstName: "Ann",
      lastName: "Archer",
      email: "ann@fresh.example",
      department: "Bakery",
      availableBalance: "500.00",
      usedBalance: "0.00",
      pendingDeductions: "0.00",
      left: false,
    });
  });

  it("pages at 25 an employee, clamping a page past the end", async () => {
    const employer = await createEmployer();
    await insertEmployees(employer, 27);
    const page = async (query: string) =>
      (
        await call(
          employeesLoader,
          await requestAs(employer, `/employees${query}`),
        )
      ).json();
    const first = await page("");
    expect(first).toMatchObject({
      page: 1,
      pageCount: 2,
      pageSize: 25,
      total: 27,
      matching: 27,
    });
    expect(first.employees).toHaveLength(25);
    expect(first.employees[0].lastName).toBe("01");
    const second = await page("?page=2");
    expect(
      second.employees.map((e: { lastName: string }) => e.lastName),
    ).toEqual(["26", "27"]);
    expect((await page("?page=99")).page).toBe(2);
    expect((await page("?page=abc")).page).toBe(1);
    expect((await page("?page=-3&q=worker")).page).toBe(1);
  });

  it("gives each employee used balance = approved amounts, pending deductions = scheduled and not collected", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Uma" });
    await cardedAdvance(employee, "200.00");
    // Approved without a card yet: nothing is scheduled for payroll.
    await insertAdvance(employee, { amount: "250.50", status: "APPROVED" });
    await insertAdvance(employee, { amount: "300.00" });
    await insertAdvance(employee, { amount: "400.00", status: "DECLINED" });
    const { employees: rows } = await listEmployees(employer, {}, 10);
    expect(rows[0]).toMatchObject({
      firstName: "Uma",
      availableBalance: "49.50",
      usedBalance: "450.50",
      pendingDeductions: "200.00",
    });
  });

  it("opens the Add New Employee dialog from ?dialog=add", async () => {
    const employer = await createEmployer();
    const data = await (
      await call(
        employeesLoader,
        await requestAs(employer, "/employees?dialog=add"),
      )
    ).json();
    expect(data.dialog).toBe("add");
  });
});

describe("/employees/add", () => {
  const valid = () => ({
    firstName: "Nora",
    lastName: "New",
    email: "nora@example.com",
    department: "Deli",
    username: uniqueName("nora"),
    password: "Basil-Lantern-62",
  });

  it("adds an employee of this employer and goes to /employees with 'Employee added'", async () => {
    const employer = await createEmployer();
    const form = valid();
    const res = await call(
      addAction,
      await requestAs(employer, "/employees/add", { form }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/employees");
    const toast = await toastOf(res);
    expect(toast).toMatchObject({ type: "success", title: "Employee added" });
    // The employer's own session is untouched: only the toast cookie is set.
    expect(res.headers.get("Set-Cookie")).not.toMatch(/__session=/);
    const user = await getUserByUsername(form.username);
    expect(user).toMatchObject({
      role: "EMPLOYEE",
      companyId: companyIdOf(employer),
      department: "Deli",
    });
    const [row] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, user!.id));
    expect(row).toMatchObject({
      companyId: companyIdOf(employer),
      availableBalance: "500.00",
    });
  });

  it("shows the spec's validation messages and writes nothing", async () => {
    const employer = await createEmployer();
    const res = await call(
      addAction,
      await requestAs(employer, "/employees/add", {
        form: {
          firstName: "",
          lastName: "",
          email: "nope",
          username: "",
          password: "12345",
        },
      }),
    );
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(data.result.error).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Invalid email address"],
      username: ["Username is required"],
      password: ["Password must be at least 6 characters"],
    });
    expect(data.result.initialValue).not.toHaveProperty("password");
  });

  it("refuses a taken username with 'Failed to add employee'", async () => {
    const employer = await createEmployer();
    const existing = await createEmployee(employer);
    const res = await call(
      addAction,
      await requestAs(employer, "/employees/add", {
        form: { ...valid(), username: existing.username.toUpperCase() },
      }),
    );
    expect(res.status).toBe(409);
    const data = await res.json();
    // One error in one place: under Username only (no toast, no form-level copy).
    expect(data.toast).toBeUndefined();
    expect(data.result.error).toEqual({
      username: ["Username is already taken"],
    });
    expect(data.result.initialValue).toMatchObject({ firstName: "Nora" });
  });

  it("is for employers only", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const form = valid();
    const res = await call(
      addAction,
      await requestAs(employee, "/employees/add", { form }),
    );
    expect(res.status).toBe(403);
    expect(await getUserByUsername(form.username)).toBeNull();
    expect(
      (await call(addLoader, await requestAs(employee, "/employees/add")))
        .status,
    ).toBe(403);
  });
});

describe("/employees/:id", () => {
  it("shows the employee's profile, balance, requests, deductions and cards", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Dee" });
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      periods: 2,
      status: "APPROVED",
      approverId: employer.id,
    });
    await insertAdvance(employee, { status: "DECLINED" });
    await insertCard(approved);
    const id = (await employeeOf(employee)).id;
    const res = await call(
      detailsLoader,
      await requestAs(employer, `/employees/${id}`),
      { id: String(id) },
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.employee).toMatchObject({
      id,
      firstName: "Dee",
      username: employee.username,
      availableBalance: "200.00",
      usedBalance: "300.00",
      pendingDeductions: "300.00",
      unpaidDeductions: "300.00",
    });
    expect(data.employee).not.toHaveProperty("password");
    expect(data.requests).toHaveLength(2);
    expect(data.deductions.map((d: { amount: string }) => d.amount)).toEqual([
      "150.00",
      "150.00",
    ]);
    expect(data.cards).toEqual([
      expect.objectContaining({
        requestId: approved.id,
        cardNumber: "•••• •••• •••• 4242",
        status: "active",
      }),
    ]);
  });

  it("answers 404 for another employer's employee and for a bad id", async () => {
    const employer = await createEmployer();
    const stranger = await createEmployer();
    const employee = await createEmployee(stranger);
    const id = String((await employeeOf(employee)).id);
    for (const param of [id, "abc", "0", "99999999999"]) {
      const res = await call(
        detailsLoader,
        await requestAs(employer, `/employees/${param}`),
        { id: param },
      );
      expect(res.status, param).toBe(404);
    }
  });
});

describe("employer dashboard", () => {
  it("computes the cards, the first 3 pending and the first 5 employees from SQL", async () => {
    const employer = await createEmployer({ companyName: "Crafted Foods" });
    const now = new Date();
    const lastMonth = subDays(startOfMonth(now), 2);
    const people = [];
    for (const firstName of ["Amy", "Bea", "Cal", "Dan", "Eve", "Fay"]) {
      people.push(await createEmployee(employer, { firstName }));
    }
    const [amy, bea, cal, dan] = people;
    await clearDepartment(dan);
    // Approved this month: 200 + 300.50; approved last month: 250.
    await insertAdvance(amy, {
      amount: "200.00",
      status: "APPROVED",
      approvalDate: now,
    });
    await insertAdvance(bea, {
      amount: "300.50",
      status: "APPROVED",
      approvalDate: now,
    });
    // Cal's card was issued: its one deduction (past due, not collected) is the only one.
    await insertAdvance(cal, {
      amount: "250.00",
      status: "APPROVED",
      requestDate: lastMonth,
      approvalDate: lastMonth,
      carded: true,
    });
    await insertAdvance(cal, { amount: "240.00", status: "DECLINED" });
    // Four pending, the oldest first on the dashboard.
    const p1 = await insertAdvance(dan, { requestDate: subDays(now, 4) });
    const p2 = await insertAdvance(amy, {
      amount: "210.00",
      requestDate: subDays(now, 3),
    });
    const p3 = await insertAdvance(bea, { requestDate: subDays(now, 2) });
    await insertAdvance(cal, { requestDate: subDays(now, 1) });
    // Another company's data never counts.
    const other = await createEmployer();
    const outsider = await createEmployee(other);
    await insertAdvance(outsider, { amount: "500.00", status: "APPROVED" });
    await insertAdvance(outsider);

    const res = await call(dashboardLoader, await requestAs(employer, "/"));
    expect(res.status).toBe(200);
    const { role, employer: data } = await res.json();
    expect(role).toBe("EMPLOYER");
    expect(data).toMatchObject({
      // Each member by their own name; the company under it.
      greetingName: "Erica",
      companyName: "Crafted Foods",
      // A company created today has no last month to compare with.
      activeEmployeesTrend: null,
      monthlyAdvancesTrend: null,
      activeEmployees: 6,
      pendingRequests: 4,
      monthlyAdvances: "500.50",
      // Deductions scheduled and not yet collected; approvals without a card have none.
      pendingDeductions: "250.00",
      dueNextPayroll: "250.00",
      employeesTotal: 6,
      employeesPageCount: 1,
    });
    // The company's next pay date: 15 days from today for a new company.
    expect(isoDay(new Date(data.nextPayroll))).toBe(
      isoDay(new Date(now.getTime() + 15 * 86_400_000)),
    );
    expect(data.pendingApprovals.map((r: { id: number }) => r.id)).toEqual([
      p1.id,
      p2.id,
      p3.id,
    ]);
    expect(data.pendingApprovals[0].employee).toEqual({
      firstName: "Dan",
      lastName: "Employee",
      department: null,
      availableBalance: "500.00",
    });
    expect(
      data.employees.map((e: { firstName: string }) => e.firstName),
    ).toEqual(["Amy", "Bea", "Cal", "Dan", "Eve"]);
    expect(data.employees[2]).toMatchObject({
      usedBalance: "250.00",
      pendingDeductions: "250.00",
    });
  });

  it("greets by first name without a company name and handles an empty company", async () => {
    const employer = await createEmployer({ firstName: "Olga" });
    await db()
      .update(users)
      .set({ companyName: null })
      .where(eq(users.id, employer.id));
    const { employer: data } = await (
      await call(dashboardLoader, await requestAs(employer, "/"))
    ).json();
    expect(data).toMatchObject({
      greetingName: "Olga",
      activeEmployees: 0,
      pendingRequests: 0,
      monthlyAdvances: "0.00",
      pendingDeductions: "0.00",
      pendingApprovals: [],
      employees: [],
      employeesTotal: 0,
    });
  });
});

describe("a pay date in the past through the page action", () => {
  it("schedules the first deduction on the first pay date on or after today (once the card is issued)", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    // The company's next pay date passed yesterday with no payroll run to move it on.
    await db().execute(
      sql`update companies set next_pay_date = current_date - 1 where id = ${companyIdOf(employer)}`,
    );
    const pending = await insertAdvance(employee, { amount: "200.00" });
    await post(employer, { intent: "approve", requestId: String(pending.id) });
    await payAndIssueCard(employee, await requestRow(pending.id));
    const [only] = await deductionsOf(pending.id);
    // Biweekly from yesterday: 13 days from today.
    expect(isoDay(only.deductionDate)).toBe(isoDay(addDays(new Date(), 13)));
  });
});
