import { insertAdvance, approvedAdvances, daysAgo } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";
import {
  attachScreenshot,
  expect,
  expectAccessible,
  test,
} from "./support/fixtures";

test.describe("reports", () => {
  test("an employer sees figures and charts computed from their own data", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer({ companyName: "Report Foods" });
    await approvedAdvances(
      employer,
      "Produce",
      ["300.00", "450.00"],
      daysAgo(3),
    );
    await approvedAdvances(employer, "Bakery", ["200.00"], daysAgo(70));
    const declined = await createEmployee(employer, { department: "Deli" });
    await insertAdvance(declined, {
      amount: "250.00",
      status: "DECLINED",
      requestDate: daysAgo(10),
    });
    await insertAdvance(declined, {
      amount: "400.00",
      requestDate: daysAgo(1),
    });
    // Another company's request is not counted.
    const other = await createEmployer();
    await approvedAdvances(other, "Produce", ["500.00"], daysAgo(2));

    await loginAs(employer);
    await page.goto("/reports");
    await expect(
      page.getByRole("heading", {
        name: "Employee Financial Wellness Analytics",
      }),
    ).toBeVisible();

    // A stat card: the section around its heading.
    const card = (label: string) =>
      page.getByRole("heading", { name: label, exact: true }).locator("..");
    await expect(
      card("Total Advances").getByText("5", { exact: true }),
    ).toBeVisible();
    await expect(card("Total Advances")).toContainText(
      "3 approved, 1 declined, 1 pending",
    );
    // 300 + 450 + 200 + 250 + 400 = 1,600 → average 320
    await expect(card("Total Amount")).toContainText("$1,600.00");
    await expect(card("Total Amount")).toContainText(
      "Average $320.00 per request",
    );
    await expect(card("Approval Rate")).toContainText("75%");
    // Last 30 days: 4 requests; the 30 before: none → 100.
    await expect(card("Monthly Trend")).toContainText("+100%");

    // The monthly chart is in dollars, on a value axis.
    const monthly = page.getByRole("figure", {
      name: "Amount requested per month, last 12 months",
    });
    await expect(monthly).toBeVisible();
    await expect(monthly).toContainText("$1,600.00 in 5 requests");
    await expect(
      page.getByRole("table", {
        name: "Amount requested per month, last 12 months",
      }),
    ).toContainText("$");
    await expect(
      page.getByRole("figure", {
        name: "Approved advance amount by department",
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("img", { name: /Approved advances by risk band/ }),
    ).toBeVisible();
    // Text alternatives: the charts' data as tables.
    const departments = page.getByRole("table", {
      name: "Approved advance amount by department",
    });
    await expect(departments.getByRole("row")).toHaveCount(3);
    await expect(departments.getByRole("row").nth(1)).toContainText("Produce");
    await expect(departments.getByRole("row").nth(1)).toContainText("$750.00");
    await expect(departments.getByRole("row").nth(2)).toContainText("Bakery");
    const risk = page.getByRole("table", {
      name: "Approved advances by risk band",
    });
    await expect(risk).toContainText("Moderate ($151 to $350)");
    await expect(risk.getByRole("row").nth(2)).toContainText("2 · 66.7%");
    await expect(risk.getByRole("row").nth(3)).toContainText("1 · 33.3%");

    for (const estimate of [
      "Employee Retention (estimate)",
      "Estimated Savings (estimate)",
      "Employee Satisfaction (estimate)",
    ]) {
      await expect(card(estimate)).toBeVisible();
    }
    await expect(card("Employee Retention (estimate)")).toContainText("+12%");
    await expect(card("Estimated Savings (estimate)")).toContainText(
      "$8,400.00",
    );
    await expect(card("Estimated Savings (estimate)")).toContainText(
      "$3,500.00",
    );
    await expect(card("Employee Satisfaction (estimate)")).toContainText(
      "4.7/5",
    );
    await expect(page.getByText("Reporting period:")).toBeVisible();
    await expect(page.getByText("the last 12 months")).toBeVisible();

    await expectAccessible(page);
    await attachScreenshot(page, "reports");
  });

  test("an employer with no requests sees zeros and empty charts", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployer());
    await page.goto("/reports");
    // An empty state instead of a blank chart, and the estimates set apart as estimates.
    const monthly = page.getByRole("figure", {
      name: "Amount requested per month, last 12 months",
    });
    await expect(monthly.getByText("No data yet")).toBeVisible();
    await expect(monthly).toContainText(
      "No advance requests in the last 12 months.",
    );
    await expect(
      page.getByText(
        "No data yet: no approved advances in the last 12 months.",
      ),
    ).toHaveCount(2);
    const estimates = page.getByRole("region", { name: /Estimated Impact/ });
    await expect(estimates).toContainText("not measured from your data");
    await expect(estimates).toContainText("+12%");
    await expect(estimates).toContainText("$8,400.00");
    await expect(estimates).toContainText("4.7/5");
    await expectAccessible(page);
  });
});
