import { insertAdvance, insertCard } from "#tests/support/data";
import {
  createEmployee,
  createEmployer,
  createUnlinkedEmployee,
} from "#tests/support/factories";
import { requestAdvance } from "~/models/advances/index.server";
import { offboardEmployee } from "~/models/payroll/index.server";
import { isoDay } from "~/utils/pay-schedule";
import { employeeOf } from "#tests/support/rows";
import {
  expect,
  expectAccessible,
  isNoJs,
  test,
  messageText,
  summaryLink,
} from "./support/fixtures";

test.describe("employee experience", () => {
  test("request an advance → dashboard → history", async ({
    page,
    loginAs,
  }, testInfo) => {
    const employer = await createEmployer();
    await loginAs(await createEmployee(employer, { firstName: "Rosa" }));

    await page.goto("/");
    await expect(
      // A new user with no requests is welcomed, not welcomed back.
      page.getByRole("heading", { name: "Welcome, Rosa" }),
    ).toBeVisible();
    await expect(page.getByText("No recent activity found")).toBeVisible();
    await expect(page.getByText("No upcoming deductions found")).toBeVisible();
    await expect(page.getByText("No virtual cards yet")).toBeVisible();
    await expect(page.getByText("No upcoming deductions")).toHaveCount(2);
    await expectAccessible(page);

    await page.getByRole("link", { name: "New Request" }).click();
    await expect(page).toHaveURL(/\/request$/);
    await expect(
      page.getByRole("heading", { name: "Request Grocery Advance" }),
    ).toBeVisible();
    const amount = page.getByLabel("Amount");
    await expect(amount).toHaveValue("200");
    await expect(amount).toHaveAttribute("step", "10");
    await expect(page.getByText("USD", { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        "The advance will be deducted from your upcoming paychecks.",
      ),
    ).toBeVisible();
    // The different-account fields show only when that option is chosen (CSS, no script).
    const routing = page.getByPlaceholder("9 digit routing number");
    await expect(routing).toBeHidden();
    await page.getByLabel("Use a different account").check();
    await expect(routing).toBeVisible();
    await expect(page.getByLabel("Account type")).toBeVisible();
    await expect(page.getByLabel("Account number")).toBeVisible();
    await page.getByLabel("Use existing direct deposit account").check();
    await expect(routing).toBeHidden();
    await expectAccessible(page);

    // The cost before committing: the prefilled $200 over 1 period.
    const disclosure = page.getByTestId("cost-disclosure");
    await expect(disclosure.getByTestId("total")).toHaveText("$215.99");
    await expect(disclosure).toContainText(
      "The $15.99 processing fee is the only cost: there is no interest, and you repay only by payroll deduction.",
    );

    await amount.fill("300");
    await page.getByLabel("Reason (optional)").fill("Weekly shop");
    await page.getByLabel("Repayment Schedule").selectOption("2");
    await page.getByLabel(/I agree to the terms and conditions/).check();
    const noJs = isNoJs(testInfo.project.name);
    if (!noJs) {
      // With JavaScript the disclosure follows the amount and the periods.
      await expect(disclosure.getByTestId("total")).toHaveText("$315.99");
      await expect(
        disclosure.getByTestId("deduction-schedule").getByRole("listitem"),
      ).toHaveCount(2);
    }
    await page.getByRole("button", { name: "Submit Request" }).click();
    if (noJs) {
      // Without it, the first press shows the cost of what was submitted, creating nothing.
      await expect(page.getByTestId("review-note")).toBeVisible();
      await expect(disclosure.getByTestId("total")).toHaveText("$315.99");
      await expect(
        disclosure.getByTestId("deduction-schedule").getByRole("listitem"),
      ).toHaveCount(2);
      await page.getByRole("button", { name: "Submit Request" }).click();
    }

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Request submitted")).toBeVisible();
    await expect(
      page.getByText(
        "Your grocery advance request has been submitted successfully.",
      ),
    ).toBeVisible();
    const activity = page.getByRole("table", { name: "Recent Activity" });
    const row = activity.getByRole("row").nth(1);
    await expect(row).toContainText("Grocery advance request");
    await expect(row).toContainText("$300.00");
    await expect(row).toContainText("Pending");

    await page.getByRole("link", { name: "View All Activity" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(
      page.getByRole("heading", { name: "Advance History" }),
    ).toBeVisible();
    const history = page.getByRole("table", { name: "Advance requests" });
    for (const column of [
      "Request Date",
      "Amount",
      "Reason",
      "Repayment Periods",
      "Status",
      "Response Date",
    ]) {
      await expect(
        history.getByRole("columnheader", { name: column, exact: true }),
      ).toBeVisible();
    }
    const entry = history.getByRole("row").nth(1);
    await expect(entry).toContainText("$300.00");
    await expect(entry).toContainText("Weekly shop");
    await expect(entry).toContainText("Pending");
    await expect(entry).toContainText("N/A");
    await expectAccessible(page);
  });

  test("the form's checks and the server's refusal", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployee(await createEmployer()));
    await page.goto("/request");
    await page.getByLabel(/I agree to the terms and conditions/).check();
    await page.getByLabel("Use a different account").check();
    await page.getByPlaceholder("9 digit routing number").fill("12345");
    await page.getByLabel("Account number").fill("12");
    // Enter submits the form (no blur-time messages moving the button under the pointer).
    await page.getByLabel("Account number").press("Enter");
    await expect(
      messageText(page, "Routing number must be exactly 9 digits"),
    ).toBeVisible();
    await expect(
      messageText(page, "Account number must be 4 to 17 digits"),
    ).toBeVisible();
    // The fields stay open with the user's input after the refusal.
    await expect(page.getByPlaceholder("9 digit routing number")).toBeVisible();
    await expect(page).toHaveURL(/\/request$/);

    await page.context().clearCookies();
    await loginAs(await createUnlinkedEmployee());
    await page.goto("/");
    await expect(
      page.getByText("Your account is not linked to an employer yet."),
    ).toBeVisible();
    // No dead end: no New Request, no zero figures, but what they can do now.
    await expect(page.getByRole("link", { name: "New Request" })).toHaveCount(
      0,
    );
    await expect(page.getByText("Pay cycle ends Not set")).toHaveCount(0);
    await expect(
      page.getByRole("link", {
        name: "see how an advance works and what it costs",
      }),
    ).toHaveAttribute("href", "/how-it-works");
    // /request says why instead of a form it would refuse (its action still refuses a post:
    // tests/integration/advances/request-dead-ends.test.ts).
    await page.goto("/request");
    await expect(
      page.getByText("Your account is not linked to an employer yet."),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Submit Request" }),
    ).toHaveCount(0);
    await expect(
      page.getByRole("link", { name: "dashboard", exact: true }),
    ).toBeVisible();

    // A leaver: no New Request either, and a note that says why.
    await page.context().clearCookies();
    const employer = await createEmployer();
    const leaver = await createEmployee(employer);
    await offboardEmployee(employer, (await employeeOf(leaver)).id, {
      lastPayDate: isoDay(new Date()),
    });
    await loginAs(leaver);
    await page.goto("/");
    await expect(
      page.getByText(
        "You can no longer request advances: your employer has offboarded you.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "New Request" })).toHaveCount(
      0,
    );
    await page.goto("/request");
    await expect(page.getByTestId("left-company")).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Submit Request" }),
    ).toHaveCount(0);
  });

  test("the dashboard shows cards, deductions and a pending payment", async ({
    page,
    loginAs,
  }) => {
    const employee = await createEmployee(await createEmployer());
    const paid = await insertAdvance(employee, {
      amount: "300.00",
      periods: 2,
      status: "APPROVED",
    });
    await insertCard(paid, { expiryMonth: 7, expiryYear: 2030 });
    const unpaid = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
    });
    await loginAs(employee);
    await page.goto("/");
    // The next step first: paying for the approved advance, above the cards.
    const toDo = page.getByRole("region", { name: "To do" });
    await expect(toDo.getByRole("listitem")).toHaveCount(1);
    await expect(toDo.getByRole("listitem").first()).toContainText(
      "Your $200.00 advance is approved.",
    );
    const cardsHeading = page.getByRole("heading", {
      name: "Virtual Cards (1)",
    });
    await expect(cardsHeading).toBeVisible();
    const [toDoBox, cardsBox] = await Promise.all([
      toDo.boundingBox(),
      cardsHeading.boundingBox(),
    ]);
    expect(toDoBox!.y).toBeLessThan(cardsBox!.y);
    // On the card's face, and in the name of the link to the card's page.
    await expect(page.getByText("•••• •••• •••• 4242").first()).toBeVisible();
    await expect(
      page.getByRole("link", {
        name: "View card and purchases (•••• •••• •••• 4242)",
      }),
    ).toHaveAttribute("href", /^\/cards\/\d+$/);
    await expect(page.getByText("07/2030")).toBeVisible();
    await expect(page.getByText("Grocery stores only")).toBeVisible();
    await expect(
      toDo.getByRole("link", { name: "Complete payment" }),
    ).toHaveAttribute("href", `/checkout?amount=200.00&requestId=${unpaid.id}`);
    // The carded advance's two deductions (the unpaid one has none until its card).
    const deductions = page.getByRole("table", { name: "Upcoming Deductions" });
    await expect(deductions.getByRole("row")).toHaveCount(3);
    await expect(page.getByText("2 approved advances")).toBeVisible();
    await expectAccessible(page);
  });

  test("profile shows the account and saves changes", async ({
    page,
    loginAs,
  }) => {
    const employee = await createEmployee(await createEmployer(), {
      firstName: "Pia",
      lastName: "Park",
      department: "Produce",
    });
    await loginAs(employee);
    await page.goto("/profile");
    await expect(
      page.getByRole("heading", { name: "My Profile" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pia Park" })).toBeVisible();
    await expect(page.getByText("PP", { exact: true })).toBeVisible();
    await expect(page.getByText(employee.username)).toBeVisible();
    await expect(page.getByText("Member since")).toBeVisible();
    // The balance in the account card (the activity list below shows it too).
    await expect(
      page.getByRole("definition").filter({ hasText: "$500.00" }),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("First name").fill("Pilar");
    await page.getByLabel("Department", { exact: true }).fill("Bakery");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Pilar Park" }),
    ).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Pilar");

    await page.getByLabel("Current password").fill("wrong-one");
    await page.getByLabel("New password", { exact: true }).fill("another-pw");
    await page.getByLabel("Confirm new password").fill("another-pw");
    await page.getByRole("button", { name: "Save Changes" }).click();
    // The current password's own error, once, under it (no toast, no form-level copy).
    await expect(
      messageText(page, "Current password is incorrect"),
    ).toHaveCount(1);
    await expect(
      summaryLink(page, "Current password is incorrect"),
    ).toHaveCount(1);
    await expect(
      page.getByLabel("Current password"),
    ).toHaveAccessibleDescription(/Current password is incorrect/);
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("the open dashboard shows a request filed before its live updates began", async ({
    page,
    loginAs,
  }, testInfo) => {
    test.skip(isNoJs(testInfo.project.name), "live updates need JavaScript");
    const employee = await createEmployee(await createEmployer());
    await loginAs(employee);
    // The page's event stream opens only once the request has been filed: its event reaches
    // no stream, as when it happens between the page's render and its subscription.
    let release = () => {};
    const filed = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(
      (url) => url.pathname === "/api/events",
      async (route) => {
        held = true;
        await filed;
        await route.continue();
      },
    );
    await page.goto("/");
    await expect(page.getByText("No recent activity found")).toBeVisible();
    await expect.poll(() => held).toBe(true);
    await requestAdvance(employee, { amount: "234.00", repaymentPeriods: 1 });
    release();
    await expect(page.locator("html[data-live=on]")).toBeAttached();
    await expect(page.getByText("No recent activity found")).toBeHidden();
    await expect(page.getByText("$234.00").first()).toBeVisible();
  });
});
