import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "#db/schema";
import { approveAdvance } from "~/models/advances/index.server";
import { db } from "~/utils/db.server";
import { insertAdvance } from "#tests/support/data";
import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
} from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  test,
  messageText,
} from "./support/fixtures";

// The e2e server runs without SMTP_URL: every e-mail is kept in the outbox table and shown to
// its recipient at /outbox. A person who forgot their password reads the reset e-mail in
// their mailbox; here the test reads it from the outbox table the server wrote.

const NEW_PASSWORD = "Basil-Lantern-62";

async function resetLinkOf(userId: number): Promise<string> {
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, "password.reset")),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/);
  if (!link) throw new Error("no reset e-mail");
  return link[0];
}

test.describe("password reset and the outbox", () => {
  test("forgot password: the e-mailed link sets a new password once and signs out other sessions", async ({
    page,
    browser,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Rosa" });
    // Another device is signed in.
    await loginAs(employee);
    await page.goto("/history");
    await expect(page).toHaveURL(/\/history$/);

    const other = await browser.newContext({
      javaScriptEnabled: test.info().project.name !== "no-js",
    });
    const tab = await other.newPage();
    await tab.goto("/auth");
    await tab.getByRole("link", { name: "Forgot password?" }).click();
    await expect(
      tab.getByRole("heading", { name: "Forgot your password?" }),
    ).toBeVisible();
    await expectAccessible(tab);
    await tab.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      messageText(tab, "Enter your username or e-mail address"),
    ).toBeVisible();
    await tab.getByLabel("Username or e-mail").fill(employee.username);
    await tab.getByRole("button", { name: "Send reset link" }).click();
    await expect(tab.getByText(/If an account matches/)).toBeVisible();

    const link = await resetLinkOf(employee.id);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);
    // The page holding the token is private, and the token leaves the address bar at once
    // (out of the history and of any Referer).
    const response = await tab.goto(link);
    await expect(tab).toHaveURL(/\/reset-password$/);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(response?.headers()["referrer-policy"]).toBe("same-origin");
    const first = await response?.request().redirectedFrom()?.response();
    expect(first?.status()).toBe(302);
    expect(first?.headers()["cache-control"]).toBe("no-store");
    expect(first?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(
      tab.getByRole("heading", { name: "Choose a new password" }),
    ).toBeVisible();
    await tab.getByLabel("New password", { exact: true }).fill("password123");
    await tab.getByLabel("Confirm new password").fill("password123");
    await tab.getByRole("button", { name: "Set new password" }).click();
    // The server's answer, not the hint under the field (which also says "easy to guess"): the
    // next password is typed only once the first submit has come back.
    await expect(
      messageText(tab, "This password is too common or easy to guess."),
    ).toBeVisible();
    await tab.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await tab.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await tab.getByRole("button", { name: "Set new password" }).click();
    await expect(tab).toHaveURL(/\/auth$/);
    await expect(tab.getByText("Password changed")).toBeVisible();

    await tab.getByLabel("Username").fill(employee.username);
    await tab.getByLabel("Password").fill(TEST_PASSWORD);
    await tab.getByRole("button", { name: "Sign In" }).click();
    await expect(tab.getByText("Login failed")).toBeVisible();
    await tab.getByLabel("Username").fill(employee.username);
    await tab.getByLabel("Password").fill(NEW_PASSWORD);
    await tab.getByRole("button", { name: "Sign In" }).click();
    await expect(tab.getByText("Welcome back, Rosa!")).toBeVisible();

    // The link worked once.
    await tab.goto(link);
    await expect(
      tab.getByText(/has expired or has already been used/),
    ).toBeVisible();
    await other.close();

    // The device signed in before the reset was signed out.
    await page.goto("/history");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("the outbox shows the signed-in user's e-mails and opens one", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const request = await insertAdvance(employee, { amount: "275.00" });
    await approveAdvance(employer, request.id);
    await loginAs(employee);
    await page.goto("/profile");
    await page
      .getByRole("link", { name: "See the e-mails sent to you" })
      .click();
    await expect(
      page.getByRole("heading", { name: "E-mails to you and from you" }),
    ).toBeVisible();
    await page
      .getByRole("link", { name: "Your $275.00 advance is approved" })
      .click();
    await expect(
      page.getByText(/approved your grocery advance of \$275\.00/),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: /\/profile#email-choices$/ }),
    ).toBeVisible();
    await expectAccessible(page);

    // Another user cannot open it.
    const url = page.url();
    await loginAs(employer);
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
  });

  test("an employee turns decision e-mails off on /profile", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await loginAs(employee);
    await page.goto("/profile");
    const decisions = page.getByLabel(/E-mail me when a request is approved/);
    await expect(decisions).toBeChecked();
    await decisions.uncheck();
    await page.getByRole("button", { name: "Save e-mail choices" }).click();
    await expect(page.getByText("E-mail choices saved")).toBeVisible();
    await expect(
      page.getByLabel(/E-mail me when a request is approved/),
    ).not.toBeChecked();
    await expect(
      page.getByLabel(/2 days before a payroll deduction/),
    ).toBeChecked();
    const request = await insertAdvance(employee, { amount: "210.00" });
    await approveAdvance(employer, request.id);
    await page.goto("/outbox");
    // Only the Add Employee dialog's "choose your own password" mail; no approval mail.
    await expect(page.getByText(/created your account/)).toBeVisible();
    await expect(page.getByText(/advance is approved/)).toHaveCount(0);
  });
});
