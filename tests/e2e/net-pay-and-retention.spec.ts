import { createEmployee, createEmployer } from "#tests/support/factories";
import { NET_PAY_INVALID } from "~/validation/profile";
import {
  expect,
  expectHydrated,
  isNoJs,
  messageText,
  summaryLink,
  test,
} from "./support/fixtures";

// The net pay form (/profile) and the records retention form (/settings): a bad entry gets the
// same messages (the summary's link and the field's own) from the browser's check and, without
// JavaScript, from the server; a good one is saved and shown after a reload.

test("the net pay form refuses a bad amount with its message and saves a good one", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs(await createEmployee(await createEmployer()));
  await page.goto("/profile");
  const field = page.getByLabel("Net pay per paycheck");
  if (!isNoJs(testInfo.project.name)) await expectHydrated(field);
  await field.fill("12.345");
  await page.getByRole("button", { name: "Save net pay" }).click();
  await expect(messageText(page, NET_PAY_INVALID)).toBeVisible();
  await expect(summaryLink(page, NET_PAY_INVALID)).toBeVisible();
  await expect(page.getByLabel("Net pay per paycheck")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await page.getByLabel("Net pay per paycheck").fill("1,250");
  await page.getByRole("button", { name: "Save net pay" }).click();
  await expect(page.getByText("Net pay saved").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Net pay per paycheck")).toHaveValue("1250.00");
  await expect(page.getByTestId("net-pay")).toContainText(
    "You entered $1,250.00",
  );
});

test("the records retention form refuses too few years with its message and saves a good number", async ({
  page,
  loginAs,
}, testInfo) => {
  const message =
    "Records are kept 2 to 10 years: the states your employees work in require at least 2.";
  await loginAs(await createEmployer());
  await page.goto("/settings");
  const field = page.getByLabel("Years kept");
  if (!isNoJs(testInfo.project.name)) await expectHydrated(field);
  await expect(field).toHaveValue("2");
  await field.fill("1");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(messageText(page, message)).toBeVisible();
  await expect(summaryLink(page, message)).toBeVisible();
  await page.getByLabel("Years kept").fill("7");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByText("Retention saved").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Years kept")).toHaveValue("7");
});
