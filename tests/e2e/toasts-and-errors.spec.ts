import type { Locator, Page } from "@playwright/test";
import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
} from "#tests/support/factories";
import { setEmployee } from "#tests/support/rows";
import { PERIODS_INVALID } from "~/validation/advance";
import {
  expect,
  isNoJs,
  submitRequest,
  test,
  messageText,
  summaryLink,
} from "./support/fixtures";

/** The topmost element at the control's centre is the control (or inside it). */
async function expectUncovered(control: Locator) {
  const hit = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(
      r.left + r.width / 2,
      r.top + r.height / 2,
    );
    return top === el || el.contains(top) ? "" : (top?.outerHTML ?? "nothing");
  });
  expect(hit, "covered by").toBe("");
}

async function signIn(
  page: Page,
  username: string,
  beforeSubmit?: () => Promise<void>,
) {
  await page.goto("/auth");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await beforeSubmit?.();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("toasts", () => {
  for (const width of [375, 1280]) {
    test(`at ${width}px a toast covers no primary action, is polite, and leaves after 5 s unless hovered`, async ({
      page,
    }, testInfo) => {
      test.skip(
        isNoJs(testInfo.project.name),
        "timing needs JavaScript; the no-JS close has its own test",
      );
      await page.setViewportSize({ width, height: 740 });
      await page.clock.install();
      const employee = await createEmployee(await createEmployer());
      // The page's time stops before the toast exists and from then on moves only when the
      // test says so (a loaded machine must not eat the 5 s).
      await signIn(page, employee.username, async () => {
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2_000));
      });
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Login successful");
      await expect(toast).toHaveAttribute("role", "status");
      await expect(toast).toHaveAttribute("aria-live", "polite");
      await expectUncovered(page.getByRole("link", { name: "New Request" }));
      if (width < 768)
        await expectUncovered(page.getByRole("button", { name: "Menu" }));
      // Still there well before 5 s; the pointer on it stops the clock.
      await page.clock.runFor(3_000);
      await expect(toast).toBeVisible();
      const box = (await toast.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.clock.runFor(10_000);
      await expect(toast).toBeVisible();
      // Pointer away: a fresh 5 s, then gone.
      await page.mouse.move(1, 1);
      await page.clock.runFor(5_100);
      await expect(toast).toHaveCount(0);
    });
  }

  test("the ✕ closes the toast, with and without JavaScript", async ({
    page,
  }) => {
    const employee = await createEmployee(await createEmployer());
    await signIn(page, employee.username);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Login successful");
    // Without JavaScript it never leaves by itself, so it sits in the page flow and covers
    // nothing; with JavaScript it floats clear of the page's actions.
    await expectUncovered(page.getByRole("link", { name: "New Request" }));
    await toast.getByRole("link", { name: "Dismiss notification" }).click();
    await expect(toast).toBeHidden();
    // The page is still usable behind it.
    await expect(page.getByRole("link", { name: "New Request" })).toBeVisible();
  });
});

test.describe("each error under its field, linked from the summary", () => {
  test("amount 150 with the terms unchecked shows both messages on the first click", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployee(await createEmployer()));
    await page.goto("/request");
    // Typing and then clicking (not Enter): the click must not be lost to a message that
    // appears as the amount loses focus.
    await page.getByLabel("Amount").fill("150");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(messageText(page, "Minimum amount is $200.00")).toBeVisible();
    await expect(
      messageText(page, "You must agree to the terms and conditions"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/request$/);
  });

  test("an amount over the balance is said once under the amount, and linked from the summary", async ({
    page,
    loginAs,
  }) => {
    const employee = await createEmployee(await createEmployer());
    await setEmployee(employee, { availableBalance: "250.00" });
    await loginAs(employee);
    await page.goto("/request");
    await page.getByLabel("Amount").fill("300");
    await page.getByLabel(/I agree to the terms and conditions/).check();
    await submitRequest(page);
    const message = "Amount exceeds your available balance of $250.00";
    await expect(messageText(page, message)).toHaveCount(1);
    await expect(summaryLink(page, message)).toHaveCount(1);
    await expect(page.getByLabel("Amount")).toHaveAccessibleDescription(
      new RegExp(message.replace(/[$.]/g, "\\$&")),
    );
    await expect(page.getByTestId("toast")).toHaveCount(0);
    // The only alert is the error summary at the top of the form.
    await expect(page.getByRole("alert")).toHaveCount(1);
    await expect(page.getByRole("alert")).toHaveAttribute(
      "data-testid",
      "error-summary",
    );
  });
});

test("a select's message is part of its description, beside its hint", async ({
  page,
  loginAs,
}) => {
  const employee = await createEmployee(await createEmployer());
  await loginAs(employee);
  await page.goto("/request");
  // The page's code has taken over the form (an option added before would not hydrate).
  await page.waitForLoadState("networkidle");
  // A value the form never offers (a hand-made post): the schema refuses it, in the browser
  // or on the server.
  const schedule = page.getByLabel("Repayment schedule");
  await schedule.evaluate((select: HTMLSelectElement) => {
    select.add(new Option("7 pay periods", "7"));
    select.value = "7";
  });
  await page.getByLabel("Amount").fill("300");
  await page.getByLabel(/I agree to the terms and conditions/).check();
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(schedule).toHaveAccessibleDescription(
    new RegExp(PERIODS_INVALID),
  );
  await expect(schedule).toHaveAccessibleDescription(/upcoming paychecks/);
});

test.describe("the calculator's amount", () => {
  test("pre-fills /request, and a bad value falls back to the default", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployee(await createEmployer()));
    await page.goto("/request?amount=260&repaymentPeriods=2");
    await expect(page.getByLabel("Amount")).toHaveValue("260");
    await expect(page.getByLabel("Repayment Schedule")).toHaveValue("2");
    for (const bad of ["abc", "9999", "150", "260.555", "-300", ""]) {
      const response = await page.goto(
        `/request?amount=${encodeURIComponent(bad)}&repaymentPeriods=7`,
      );
      expect(response?.status()).toBe(200);
      await expect(page.getByLabel("Amount")).toHaveValue("200");
      await expect(page.getByLabel("Repayment Schedule")).toHaveValue("1");
    }
  });

  test("the calculator's 'Request an Advance' carries its amount to the form", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployee(await createEmployer()));
    await page.goto("/how-it-works?amount=260");
    const link = page.getByRole("link", { name: "Request an Advance" });
    await expect(link).toHaveAttribute("href", /amount=260/);
    await page.goto((await link.getAttribute("href"))!);
    await expect(page.getByLabel("Amount")).toHaveValue("260");
  });
});
