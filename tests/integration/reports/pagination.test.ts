import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { loader as detailsLoader } from "~/routes/_app.employees.$id";
import { loader as historyLoader } from "~/routes/_app.history";
import { loader as pendingApi } from "~/routes/api.advance-requests.pending";
import { loader as summariesApi } from "~/routes/api.employer.advance-requests";
import { loader as employeesApi } from "~/routes/api.employees";
import { db } from "~/utils/db.server";
import { employeeOf } from "#tests/support/rows";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Lists that grow with the company come a page at a time.

useTestDatabase();

/** `count` pending requests of the employee, an hour apart, the oldest first by id. */
async function insertPending(user: User, count: number, amount = "200.00") {
  const employee = await employeeOf(user);
  await db().execute(
    sql`insert into advance_requests (employee_id, amount, status, repayment_periods, request_date)
        select ${employee.id}, ${amount}::numeric, 'PENDING', 1,
               now() - ((${count} - g) || ' hours')::interval
        from generate_series(1, ${count}) g`,
  );
}

async function json(
  loader: Parameters<typeof call>[0],
  user: User,
  path: string,
  params = {},
) {
  const res = await call(loader, await requestAs(user, path), params);
  return { res, body: await res.json() };
}

describe("GET /api/employees pages", () => {
  it("answers a page with X-Total-Count and Link headers to walk the list", async () => {
    const employer = await createEmployer();
    await createEmployee(employer, { firstName: "Ann" });
    await createEmployee(employer, { firstName: "Ben" });
    await createEmployee(employer, { firstName: "Cat" });

    const first = await json(
      employeesApi,
      employer,
      "/api/employees?pageSize=2",
    );
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("X-Total-Count")).toBe("3");
    expect(first.res.headers.get("Cache-Control")).toBe("no-store");
    expect(first.body.map((e: { firstName: string }) => e.firstName)).toEqual([
      "Ann",
      "Ben",
    ]);
    expect(first.res.headers.get("Link")).toBe(
      '</api/employees?pageSize=2&page=2>; rel="next"',
    );

    const second = await json(
      employeesApi,
      employer,
      "/api/employees?pageSize=2&page=2",
    );
    expect(second.body.map((e: { firstName: string }) => e.firstName)).toEqual([
      "Cat",
    ]);
    expect(second.res.headers.get("Link")).toBe(
      '</api/employees?pageSize=2&page=1>; rel="prev"',
    );

    // Past the end: an empty page that still points back.
    const past = await json(
      employeesApi,
      employer,
      "/api/employees?pageSize=2&page=9",
    );
    expect(past.body).toEqual([]);
    expect(past.res.headers.get("Link")).toBe(
      '</api/employees?pageSize=2&page=2>; rel="prev"',
    );

    // Without parameters: the first 100, as before for any company up to that size.
    const all = await json(employeesApi, employer, "/api/employees");
    expect(all.body).toHaveLength(3);
    expect(all.res.headers.get("Link")).toBeNull();
  });

  it.each([
    ["page=0", "page must be a whole number from 1"],
    ["page=abc", "page must be a whole number from 1"],
    ["pageSize=501", "pageSize must be a whole number from 1 to 500"],
    ["pageSize=1.5", "pageSize must be a whole number from 1 to 500"],
  ])("refuses ?%s with 400 and a message", async (query, message) => {
    const employer = await createEmployer();
    const { res, body } = await json(
      employeesApi,
      employer,
      `/api/employees?${query}`,
    );
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe("GET /api/advance-requests/pending pages", () => {
  it("pages the pending requests, oldest first", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertPending(employee, 5);
    const { res, body } = await json(
      pendingApi,
      employer,
      "/api/advance-requests/pending?page=2&pageSize=2",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("5");
    expect(res.headers.get("Link")).toBe(
      '</api/advance-requests/pending?page=3&pageSize=2>; rel="next", ' +
        '</api/advance-requests/pending?page=1&pageSize=2>; rel="prev"',
    );
    expect(body).toHaveLength(2);
    const all = (
      await json(pendingApi, employer, "/api/advance-requests/pending")
    ).body;
    expect(body.map((r: { id: number }) => r.id)).toEqual(
      all.slice(2, 4).map((r: { id: number }) => r.id),
    );
    const dates = all.map((r: { requestDate: string }) => r.requestDate);
    expect(dates).toEqual([...dates].sort());
  });
});

describe("GET /api/employer/advance-requests", () => {
  it("streams the summaries of every request, newest first", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertPending(employee, 3);
    const { res, body } = await json(
      summariesApi,
      employer,
      "/api/employer/advance-requests",
    );
    expect(res.status).toBe(200);
    expect(body).toHaveLength(3);
    expect(Object.keys(body[0]).sort()).toEqual([
      "amount",
      "id",
      "requestDate",
      "status",
    ]);
    const dates = body.map((r: { requestDate: string }) => r.requestDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("answers an empty company with an empty array", async () => {
    const employer = await createEmployer();
    const { res, body } = await json(
      summariesApi,
      employer,
      "/api/employer/advance-requests",
    );
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
  });
});

describe("/approvals pages", () => {
  it("shows 25 a page, the longest-waiting first, and clamps a page past the end", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertPending(employee, 27);
    const first = await json(approvalsLoader, employer, "/approvals");
    expect(first.body).toMatchObject({ page: 1, pageCount: 2, total: 27 });
    expect(first.body.pending).toHaveLength(25);
    const second = await json(approvalsLoader, employer, "/approvals?page=2");
    expect(second.body).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.body.pending).toHaveLength(2);
    const ids = [...first.body.pending, ...second.body.pending].map(
      (r: { id: number }) => r.id,
    );
    expect(new Set(ids).size).toBe(27);
    expect(
      (await json(approvalsLoader, employer, "/approvals?page=99")).body.page,
    ).toBe(2);
    expect(
      (await json(approvalsLoader, employer, "/approvals?page=x")).body.page,
    ).toBe(1);
  });

  it("opens the decline dialog for a pending request on any page", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertPending(employee, 27);
    const last = (await json(approvalsLoader, employer, "/approvals?page=2"))
      .body.pending[1];
    const { body } = await json(
      approvalsLoader,
      employer,
      `/approvals?decline=${last.id}`,
    );
    expect(body.page).toBe(1);
    expect(body.declining).toMatchObject({
      id: last.id,
      employee: { firstName: "Eddie" },
    });
  });
});

describe("/history pages", () => {
  it("shows 50 a page, newest first", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertPending(employee, 52);
    const first = await json(historyLoader, employee, "/history");
    expect(first.body).toMatchObject({ page: 1, pageCount: 2 });
    expect(first.body.requests).toHaveLength(50);
    const second = await json(historyLoader, employee, "/history?page=2");
    expect(second.body.requests).toHaveLength(2);
    const ids = [...first.body.requests, ...second.body.requests].map(
      (r: { id: number }) => r.id,
    );
    expect(new Set(ids).size).toBe(52);
    // Inserted oldest first, so newest first is descending ids here.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe("/employees/:id lists", () => {
  it("shows the newest 100 requests and says so", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const { id } = await employeeOf(employee);
    await insertPending(employee, 101);
    const { body } = await json(detailsLoader, employer, `/employees/${id}`, {
      id: String(id),
    });
    expect(body.requests).toHaveLength(100);
    expect(body.limit).toBe(100);
    expect(body.truncated).toEqual({
      requests: true,
      deductions: false,
      cards: false,
    });
    const newest = Math.max(...body.requests.map((r: { id: number }) => r.id));
    expect(body.requests[0].id).toBe(newest);
  });
});
