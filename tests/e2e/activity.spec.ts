import {
  requestAdvance,
  approveAdvance,
  declineAdvance,
} from "~/models/advances/index.server";
import { recordSignIn } from "~/models/audit/index.server";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { expect, expectAccessible, test } from "./support/fixtures";

// /activity, the employer's audit trail, and the employee's own activity on /profile, with and
// without JavaScript (the filter is a plain GET form; the CSV a plain link).

test.describe("activity", () => {
  test("an employer sees who did what, filters it, and downloads it as CSV", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer({ firstName: "Erin" });
    const alice = await createEmployee(employer, { firstName: "Alma" });
    const bob = await createEmployee(employer, { firstName: "Boris" });
    const a = await requestAdvance(alice, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(employer, a.id);
    const b = await requestAdvance(bob, {
      amount: "250.00",
      repaymentPeriods: 1,
    });
    await declineAdvance(employer, b.id, "Not this month");
    // Another company's events never show.
    const other = await createEmployer({ firstName: "Olga" });
    await createEmployee(other, { firstName: "Otto" });

    await loginAs(employer);
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Activity" })
      .click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
    await expect(page.getByText("6 events")).toBeVisible();
    const rows = page
      .getByRole("table", { name: "Activity" })
      .locator("tbody tr");
    await expect(rows).toHaveCount(6);
    // Newest first: the decline, by the employer, on Boris, with the amount and reason.
    await expect(rows.first()).toContainText("Request declined");
    await expect(rows.first()).toContainText("Erin Employer");
    await expect(rows.first()).toContainText("Boris Employee");
    await expect(rows.first()).toContainText("$250.00");
    await expect(rows.first()).toContainText("Reason: Not this month");
    await expect(page.getByText("Otto")).toHaveCount(0);
    await expectAccessible(page);

    // Filter by employee, then by action.
    await page.getByLabel("Employee").selectOption({ label: "Alma Employee" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`employee=${alice.id}`));
    await expect(page.getByText("3 events")).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("Request approved");

    await page.getByLabel("Employee").selectOption({ label: "Everyone" });
    await page.getByLabel("Action").selectOption({ label: "Request filed" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=request\.filed/);
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel("Action")).toHaveValue("request.filed");

    // The CSV has the filtered events.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-.*\.csv$/);
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString("utf8");
    expect(text.trim().split("\n")).toHaveLength(3);
    expect(text).toContain("Request filed,Alma Employee,Alma Employee");
  });

  test("pages through a long trail, newest first", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Pia" });
    // 50 sign-ins after the employee was added: 51 events, two pages of 50.
    for (let i = 0; i < 50; i++) await recordSignIn(employee);
    await loginAs(employer);
    await page.goto("/activity");
    await expect(page.getByText("51 events")).toBeVisible();
    const rows = page
      .getByRole("table", { name: "Activity" })
      .locator("tbody tr");
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText("Signed in");
    await page
      .getByRole("navigation", { name: "Activity pages" })
      .getByRole("link", { name: /Next/ })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Employee added");
    await expect(rows.first()).toContainText("Pia Employee");
  });

  test("an employee sees their own activity on /profile and cannot open /activity", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer({ firstName: "Erin" });
    const employee = await createEmployee(employer);
    const filed = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(employer, filed.id);
    await loginAs(employee);
    await page.goto("/profile");
    const rows = page
      .getByRole("table", { name: "Recent activity on your account" })
      .locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Request approved");
    await expect(rows.nth(0)).toContainText("Erin Employer");
    await expect(rows.nth(1)).toContainText("Request filed");
    await expect(rows.nth(1)).toContainText("You");

    const res = await page.goto("/activity");
    expect(res?.status()).toBe(403);
    await expect(page.getByText("Access Denied")).toBeVisible();
  });
});

test("on a phone each event is a short card: no empty lines, no 'On' when it repeats 'By'", async ({
  page,
  loginAs,
}) => {
  const employer = await createEmployer({ firstName: "Pia" });
  const alma = await createEmployee(employer, { firstName: "Alma" });
  const a = await requestAdvance(alma, {
    amount: "300.00",
    repaymentPeriods: 1,
  });
  await approveAdvance(employer, a.id);
  await loginAs(employer);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/activity");
  const rows = page.locator(".data-table tbody tr");
  // The approval: by the employer, on Alma, with its amount; no details.
  const approval = rows.filter({ hasText: "approved" }).first();
  await expect(approval.locator("td:visible")).toHaveCount(5);
  // Alma filing her own request: "On" would repeat "By".
  const filed = rows.filter({ hasText: "$300.00" }).last();
  await expect(filed.locator("td:visible")).toHaveCount(4);
  // At desktop width the table keeps every column.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(filed.locator("td:visible")).toHaveCount(6);
});
