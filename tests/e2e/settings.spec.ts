import { addDays, subDays } from "date-fns";
import { isoDay } from "~/utils/pay-schedule";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { employeeOf } from "#tests/support/rows";
import {
  expect,
  expectAccessible,
  submitRequest,
  test,
  messageText,
  saveLimitOverMaximum,
} from "./support/fixtures";

test.describe("company settings", () => {
  test("saves every section and the values survive a reload", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer({ companyName: "Before Co" });
    await loginAs(employer);
    await page.goto("/settings");
    await expect(
      page.getByRole("heading", { name: "Company Settings" }),
    ).toBeVisible();
    for (const section of [
      "Company Profile",
      "Advance Program",
      "Employee Management",
      "Notifications",
      "Help",
    ]) {
      await expect(
        page.getByRole("heading", { name: section, exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByLabel("Company name")).toHaveValue("Before Co");
    await expect(page.getByLabel("Maximum advance")).toHaveValue("500.00");
    await expect(page.getByLabel("Auto-approval limit")).toHaveValue("200.00");
    await expect(page.getByLabel("Processing fee")).toHaveValue("15.99");
    await expect(page.getByLabel("Processing fee")).toHaveAttribute(
      "readonly",
      "",
    );
    await expectAccessible(page);

    await page.getByLabel("Company name").fill("After Foods");
    await page.getByLabel("Contact email").fill("hr@after.example");
    await page.getByLabel("Contact phone").fill("555-0100");
    await page.getByLabel("Maximum advance").fill("400");
    await page.getByLabel("Auto-approval limit").fill("150.50");
    await page.getByLabel("New advance requests").uncheck();
    await page.getByLabel("System updates").check();
    await page.getByRole("button", { name: "Save Settings" }).click();

    await expect(page.getByText("Settings saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Company name")).toHaveValue("After Foods");
    await expect(page.getByLabel("Contact email")).toHaveValue(
      "hr@after.example",
    );
    await expect(page.getByLabel("Contact phone")).toHaveValue("555-0100");
    await expect(page.getByLabel("Maximum advance")).toHaveValue("400.00");
    await expect(page.getByLabel("Auto-approval limit")).toHaveValue("150.50");
    await expect(page.getByLabel("New advance requests")).not.toBeChecked();
    await expect(page.getByLabel("Monthly reports")).toBeChecked();
    await expect(page.getByLabel("System updates")).toBeChecked();

    // The new max advance is the balance of employees added from now on.
    const employee = await createEmployee(employer);
    expect((await employeeOf(employee)).availableBalance).toBe("400.00");
  });

  test("shows validation messages and saves nothing", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployer({ companyName: "Stay Co" }));
    await page.goto("/settings");
    await saveLimitOverMaximum(page);
    await page.getByLabel("Auto-approval limit").fill("100");
    await page.getByLabel("Company name").fill(" ");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(messageText(page, "Company name is required")).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByLabel("Company name")).toHaveValue("Stay Co");
    await expect(page.getByLabel("Maximum advance")).toHaveValue("500.00");
  });

  test("the next pay date is a date picker from today; a past date gets the same message with and without JavaScript", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployer());
    await page.goto("/settings");
    const payDate = page.getByLabel("Next pay date");
    await expect(payDate).toHaveAttribute("type", "date");
    await expect(payDate).toHaveAttribute("min", isoDay(new Date()));
    await expect(payDate).not.toHaveAttribute("placeholder");
    await expect(
      page.getByText(
        "The next day your company pays its employees: today or later. Deductions fall on it.",
      ),
    ).toBeVisible();
    await payDate.fill(isoDay(subDays(new Date(), 1)));
    await page.getByRole("button", { name: "Save pay schedule" }).click();
    await expect(
      page.getByText("The next pay date cannot be in the past.").first(),
    ).toBeVisible();
    const later = isoDay(addDays(new Date(), 10));
    await page.getByLabel("How often you pay").selectOption("BIWEEKLY");
    await page.getByLabel("Next pay date").fill(later);
    await page.getByRole("button", { name: "Save pay schedule" }).click();
    await expect(page.getByText("Pay schedule saved").first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Next pay date")).toHaveValue(later);
  });

  test("links to employee management", async ({ page, loginAs }) => {
    const employer = await createEmployer();
    await createEmployee(employer);
    await loginAs(employer);
    await page.goto("/settings");
    await expect(
      page.getByText("1 employee is enrolled in your advance program."),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Manage Employees" }),
    ).toHaveAttribute("href", "/employees");
    await expect(
      page.getByRole("link", { name: "Add Employee" }),
    ).toHaveAttribute("href", "/employees/add");
  });
});

test("a request under the saved auto-approval limit is approved at once", async ({
  page,
  context,
  loginAs,
}) => {
  const employer = await createEmployer();
  const employee = await createEmployee(employer);
  await loginAs(employer);
  await page.goto("/settings");
  await page.getByLabel("Auto-approval limit").fill("250");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();

  await context.clearCookies();
  await loginAs(employee);
  for (const amount of ["240", "250"]) {
    await page.goto("/request");
    await page.getByLabel("Amount").fill(amount);
    await page.getByLabel(/I agree to the terms and conditions/).check();
    await submitRequest(page);
    await expect(page.getByText("Request submitted")).toBeVisible();
  }
  await page.goto("/history");
  // 240 is under the 250 limit: approved at once. 250 is not under it: pending.
  await expect(
    page.getByRole("row", { name: /\$240\.00.*Approved/ }),
  ).toBeVisible();
  await expect(
    page.getByRole("row", { name: /\$250\.00.*Pending/ }),
  ).toBeVisible();
});
