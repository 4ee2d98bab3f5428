import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advanceRequests, type User } from "#db/schema";
import { offboardEmployee } from "~/models/payroll/index.server";
import { loadEmployeeDashboard } from "~/models/reports/index.server";
import * as requestRoute from "~/routes/_app.request";
import { db } from "~/utils/db.server";
import { isoDay } from "~/utils/pay-schedule";
import { LEFT_COMPANY } from "~/utils/rules";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  createUnlinkedEmployee,
  requestAs,
} from "#tests/support/factories";
import { employeeOf } from "#tests/support/rows";

// No dead ends: a leaver and an employee with no company are offered no request they could
// only have refused. Their dashboard data says so (the page then shows no "New Request", and
// no zero figures for someone with no company: tests/e2e/employee.spec.ts); /request shows
// why instead of its form, and its action refuses a post all the same, creating nothing.

useTestDatabase();

type RequestPageData = { linked: boolean; left: boolean; limits: string[] };

async function requestPage(user: Parameters<typeof requestAs>[0]) {
  const res = await call(
    requestRoute.loader,
    await requestAs(user, "/request"),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as RequestPageData;
}

const post = {
  amount: "250",
  repaymentPeriods: "1",
  reason: "",
  terms: "on",
  quotedFor: "25000:1",
};

async function requestsOf(user: User) {
  const employee = await employeeOf(user);
  return db()
    .select()
    .from(advanceRequests)
    .where(eq(advanceRequests.employeeId, employee.id));
}

describe("a leaver", () => {
  it("is told on the dashboard and on /request that they can no longer request, and a post is refused", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const employee = await employeeOf(user);
    await offboardEmployee(employer, employee.id, {
      lastPayDate: isoDay(new Date()),
    });

    const dashboard = await loadEmployeeDashboard(user);
    expect(dashboard).toMatchObject({ linked: true, left: true });
    expect(await requestPage(user)).toMatchObject({
      linked: true,
      left: true,
    });

    const res = await call(
      requestRoute.action,
      await requestAs(user, "/request", { form: post }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(await res.json())).toContain(LEFT_COMPANY);
    expect(await requestsOf(user)).toHaveLength(0);
  });

  it("an employee still at the company can request (the note is for leavers only)", async () => {
    const user = await createEmployee(await createEmployer());
    expect(await loadEmployeeDashboard(user)).toMatchObject({
      linked: true,
      left: false,
    });
  });
});

describe("an employee with no company", () => {
  it("gets no form on /request, and a post is refused, creating nothing", async () => {
    const solo = await createUnlinkedEmployee();
    expect(await requestPage(solo)).toMatchObject({
      linked: false,
      left: false,
      limits: [],
    });
    const dashboard = await loadEmployeeDashboard(solo);
    expect(dashboard).toMatchObject({
      linked: false,
      left: false,
      recent: [],
      upcoming: [],
    });

    const res = await call(
      requestRoute.action,
      await requestAs(solo, "/request", { form: post }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    const body = JSON.stringify(await res.json());
    expect(body).toContain("Your account is not linked to an employer yet.");
    expect(await requestsOf(solo)).toHaveLength(0);
  });
});
