import { cardedAdvance, insertCard, insertAdvance } from "#tests/support/data";
import { sql } from "drizzle-orm";
import { closeOwnCard } from "~/models/cards/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import {
  collectAllInRun,
  createPayrollRun,
} from "~/models/payroll/index.server";
import { db, queryRows } from "~/utils/db.server";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { createEmployee, createEmployer } from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  test,
  messageText,
} from "./support/fixtures";

const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);

test.describe("payroll", () => {
  test("the employer exports the next payroll, runs today's payroll and records what it collected", async ({
    page,
    loginAs,
  }, testInfo) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, {
      firstName: "Pat",
      lastName: "Payday",
    });
    // A biweekly schedule whose pay dates go back 50 days: the first deduction of an advance
    // carded 40 days ago fell due before today.
    await db().execute(
      sql`update companies set next_pay_date = current_date - 50
          where id = (select employer_id from employees where user_id = ${employee.id})`,
    );
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      requestDate: longAgo,
      approvalDate: longAgo,
    });
    // Paid for, with its card (the deductions come with the card).
    await insertCard(approved, { createdAt: longAgo });
    await loginAs(employer);
    await page.goto("/");
    const exportLink = page.getByRole("link", { name: "Export" });
    const response = await page.request.get(
      await exportLink.getAttribute("href").then((h) => h!),
    );
    expect(response.headers()["content-type"]).toContain("text/csv");

    await page.getByRole("link", { name: "Run Payroll" }).click();
    await expect(
      page.getByRole("heading", { name: "Payroll", exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("cell", { name: "Pat Payday" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Run payroll" }).click();
    if (testInfo.project.name === "no-js") {
      // The browser's required-field check stops the post without JavaScript.
      await expect(page.locator("input[name=confirm]:invalid")).toBeAttached();
    } else {
      await expect(messageText(page, "Please confirm")).toBeVisible();
    }
    await page
      .getByLabel(
        "I confirm that these deductions go to this payroll: its file is what our payroll deducts.",
      )
      .check();
    await page.getByRole("button", { name: "Run payroll" }).click();
    await expect(page.getByText("Payroll run created")).toBeVisible();
    // Submitted, not collected: the run waits for what the paycheck covered.
    const run = page.getByRole("table", {
      name: "Deductions in this payroll run",
    });
    await expect(
      run.getByRole("cell", { name: "Pat Payday", exact: true }),
    ).toBeVisible();
    await expect(run.getByText("Submitted")).toBeVisible();
    await expect(page.getByText("No deductions are due.")).toBeVisible();
    // Nothing left to run: the button says why it is off, with or without JavaScript.
    await expect(
      page.getByRole("button", { name: "Run payroll" }),
    ).toBeDisabled();
    await expect(
      page.getByText(/^Nothing is due now, so there is no payroll to run\./),
    ).toBeVisible();
    await expectAccessible(page);

    // The paycheck covered $120 of the $300 due: recorded row by row (the rest is arrears).
    await run.getByLabel("Collected from Pat Payday").fill("120.00");
    await run.getByRole("button", { name: "Record" }).click();
    await expect(page.getByText("1 deduction reconciled.")).toBeVisible();
    await expect(run.getByRole("cell", { name: "$120.00" })).toBeVisible();
    await expect(page.getByText("Reconciled").first()).toBeVisible();
  });

  test("a reimbursement line payroll did not pay is marked Not paid from the run's page", async ({
    page,
    loginAs,
  }) => {
    // Payroll collected $300; the card spent nothing and was closed: $300 is owed back, and the
    // next run carries it as a reimbursement line.
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const nextPay = addDaysIso(payDay, 14);
    const employer = await createEmployer();
    await updatePaySchedule(employer, {
      frequency: "BIWEEKLY",
      nextPayDate: payDay,
    });
    const employee = await createEmployee(employer, {
      firstName: "Nia",
      lastName: "Owed",
    });
    const request = await cardedAdvance(employee, "300.00", 1);
    const { run: first } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await collectAllInRun(employer, first.id, on(payDay));
    const [card] = await queryRows<{ id: number }>(
      db(),
      sql`select id from virtual_cards where request_id = ${request.id}`,
    );
    await closeOwnCard(employee, card.id);
    const { run } = await createPayrollRun(
      employer,
      { payDate: nextPay },
      on(nextPay),
    );
    await loginAs(employer);
    await page.goto(`/payroll?run=${run.id}`);
    const lines = page.getByTestId("reimbursements");
    await expect(lines.getByText("To pay", { exact: true })).toBeVisible();
    await lines
      .getByRole("button", {
        name: "Payroll did not pay Nia Owed's reimbursement",
      })
      .click();
    await expect(page.getByText("Reimbursement not paid")).toBeVisible();
    await expect(lines.getByText("Not paid", { exact: true })).toBeVisible();
    await expect(lines.getByText("Goes on the next run")).toBeVisible();
    await expectAccessible(page);
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
