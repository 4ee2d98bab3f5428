import { addDays, startOfMonth, subMonths } from "date-fns";
import { sql } from "drizzle-orm";
import { getSettingsOverview } from "~/models/companies/index.server";
import { offboardEmployee } from "~/models/payroll/index.server";
import {
  loadEmployerDashboard,
  monthOverMonth,
} from "~/models/reports/index.server";
import { db } from "~/utils/db.server";
import { isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance } from "#tests/support/data";
import { companyIdOf, employeeOf } from "#tests/support/rows";
import { createEmployee, createEmployer } from "#tests/support/factories";

useTestDatabase();

describe("month over month on the employer's cards", () => {
  it("is a whole percent, or null when there is no last month to compare", () => {
    expect(monthOverMonth(4, 3)).toBe(33);
    expect(monthOverMonth(300, 200)).toBe(50);
    expect(monthOverMonth(100, 200)).toBe(-50);
    expect(monthOverMonth(5, 5)).toBe(0);
    expect(monthOverMonth(5, 0)).toBeNull();
    expect(monthOverMonth(5, null)).toBeNull();
  });

  it("counts people who have not left, against last month's, and last month's approvals", async () => {
    const now = new Date();
    const monthStart = startOfMonth(now);
    const lastMonth = addDays(subMonths(monthStart, 1), 3);
    const owner = await createEmployer({ firstName: "Olive" });
    const [ann, ben, lee] = await Promise.all(
      ["Ann", "Ben", "Lee", "Cy", "Dee"].map((firstName) =>
        createEmployee(owner, { firstName }),
      ),
    );
    // The company, Ann, Ben and Lee were there last month; Cy and Dee joined this month.
    await db().execute(
      sql`update companies set created_at = ${lastMonth.toISOString()}::timestamptz
        where id = ${companyIdOf(owner)}`,
    );
    await db().execute(
      sql`update users set created_at = ${lastMonth.toISOString()}::timestamptz
        where id in (${ann.id}, ${ben.id}, ${lee.id})`,
    );
    // $200 approved last month, $300 this month.
    await insertAdvance(ann, {
      amount: "200.00",
      status: "APPROVED",
      requestDate: lastMonth,
      approvalDate: lastMonth,
    });
    await insertAdvance(ben, {
      amount: "300.00",
      status: "APPROVED",
      approvalDate: now,
    });
    // Lee leaves this month: still counted last month, not now.
    await offboardEmployee(owner, (await employeeOf(lee)).id, {
      lastPayDate: isoDay(now),
    });

    const data = await loadEmployerDashboard(owner, now);
    expect(data).toMatchObject({
      // Ann, Ben, Cy, Dee now; Ann, Ben, Lee last month: +33%.
      activeEmployees: 4,
      activeEmployeesTrend: 33,
      monthlyAdvances: "300.00",
      monthlyAdvancesTrend: 50,
      // The list still shows the leaver ('Showing 1 to 5 of 5').
      employeesTotal: 5,
      greetingName: "Olive",
      // No session yet: a first visit is not greeted "Welcome back".
      returning: false,
    });
    // Settings' "enrolled" leaves the leaver out too.
    expect((await getSettingsOverview(owner)).employeeCount).toBe(4);
  });
});
