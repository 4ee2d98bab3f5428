import { insertCard, insertAdvance } from "#tests/support/data";
import { eq } from "drizzle-orm";
import { employees } from "#db/schema";
import { db } from "~/utils/db.server";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("payroll", () => {
  test("the employer exports the next payroll and runs today's payroll", async ({
    page,
    loginAs,
  }, testInfo) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, {
      firstName: "Pat",
      lastName: "Payday",
    });
    // A pay cycle that ended long ago: the first deduction falls due before today.
    await db()
      .update(employees)
      .set({ payCycleEndDate: new Date(Date.now() - 50 * 86_400_000) })
      .where(eq(employees.userId, employee.id));
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      // Approved a month ago with a pay cycle already past: the first deduction is due now.
      requestDate: new Date(Date.now() - 40 * 86_400_000),
      approvalDate: new Date(Date.now() - 40 * 86_400_000),
    });
    // Paid for, with its card (the deductions come with the card).
    await insertCard(approved);
    await loginAs(employer);
    await page.goto("/");
    const exportLink = page.getByRole("link", { name: "Export" });
    const response = await page.request.get(
      await exportLink.getAttribute("href").then((h) => h!),
    );
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(await response.text()).toContain("Pat Payday");

    await page.getByRole("link", { name: "Run Payroll" }).click();
    await expect(page.getByRole("heading", { name: "Payroll" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Pat Payday" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Run payroll" }).click();
    if (testInfo.project.name === "no-js") {
      // The browser's required-field check stops the post without JavaScript.
      await expect(page.locator("input[name=confirm]:invalid")).toBeAttached();
    } else {
      await expect(page.getByText("Please confirm")).toBeVisible();
    }
    await page
      .getByLabel(
        "I confirm that these deductions were collected in this payroll.",
      )
      .check();
    await page.getByRole("button", { name: "Run payroll" }).click();
    await expect(page.getByText("Payroll run complete")).toBeVisible();
    await expect(
      page.getByText("1 deductions collected, $300.00 in total."),
    ).toBeVisible();
    await expect(page.getByText("No deductions are due.")).toBeVisible();
  });
});

test("the API reference is readable, accessible and loads no outside script", async ({
  page,
}) => {
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://localhost")) outside.push(r.url());
  });
  await page.goto("/api/docs");
  await expect(
    page.getByRole("heading", { name: "Grocery Advance API" }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", {
      name: "POST /api/advance-requests/{id}/approve",
    }),
  ).toBeVisible();
  await expectAccessible(page);
  expect(outside).toEqual([]);
});
