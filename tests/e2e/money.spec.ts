import { insertAdvance } from "#tests/support/data";
import { TERMS_VERSION } from "~/utils/rules";
import { requestRow } from "#tests/support/rows";
import { createEmployee, createEmployer } from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  openDisclosure,
  test,
} from "./support/fixtures";

// The money model on screen, with JavaScript and without: checkout
// says what is authorized and charged (the fee only), the success screen and History say what
// happened, and 'Cancel request' works from /history and from the dashboard.

async function employeeWith(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, {
    amount,
    status: "APPROVED",
    periods: 2,
  });
  return { employer, user, request };
}

test.describe("the money, said on screen", () => {
  test("checkout says what is held and charged; success and History say what happened", async ({
    page,
    loginAs,
  }) => {
    const { user, request } = await employeeWith("300.00");
    await loginAs(user);
    await page.goto(`/checkout?amount=300.00&requestId=${request.id}`);
    await expect(
      page.getByText("You're requesting a grocery advance of $300.00"),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Pressing Pay charges your card only the $15.99 processing fee: it is authorized now and captured when your grocery card is issued. If the card cannot be issued, the authorization is released and nothing is charged.",
      ),
    ).toBeVisible();
    // The cost is explained once, by the disclosure: no second account of the advance.
    await expect(
      page.getByText(/advance goes onto your grocery card/),
    ).toHaveCount(0);
    // The disclosure again: the card amount, the fee, the total, the APR, two deductions.
    const disclosure = page.getByTestId("cost-disclosure");
    await expect(disclosure.getByTestId("card-amount")).toHaveText("$300.00");
    await expect(disclosure.getByTestId("fee")).toHaveText("$15.99");
    await expect(disclosure.getByTestId("total")).toHaveText("$315.99");
    await expect(disclosure.getByTestId("apr")).toHaveText(/^\d+\.\d%$/);
    await expect(
      disclosure.getByTestId("deduction-schedule").getByRole("listitem"),
    ).toHaveCount(2);
    await expect(page.getByTestId("terms-and-deadline")).toContainText(
      "Pay by",
    );
    await expectAccessible(page);

    await page.getByRole("button", { name: "Pay $15.99" }).click();
    await expect(page).toHaveURL(/\/payment-success$/);
    await expect(
      page.getByRole("heading", { name: "Payment Successful" }),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Charged to your card: $15.99 (the processing fee). The advance was not charged to your card.",
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        /^Your grocery card holds \$300\.00\. Payroll deducts \$150\.00 on .+ and \$150\.00 on .+\.$/,
      ),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "View History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(
      page.getByText(
        "Charged to your card: $15.99 (the processing fee). The advance was not charged to your card.",
      ),
    ).toBeVisible();
    // Paid for: no cancelling any more.
    await expect(page.getByText("Cancel request", { exact: true })).toHaveCount(
      0,
    );
    // Only the fee was ever authorized on the employee's card; the terms version is stored.
    expect(await requestRow(request.id)).toMatchObject({
      authorizedAmount: "15.99",
      capturedAmount: "15.99",
      releasedAmount: "0.00",
      termsVersion: TERMS_VERSION,
    });
  });

  test("Cancel request on /history returns the reserved amount; the decline reason shows", async ({
    page,
    loginAs,
  }) => {
    const { user, request } = await employeeWith("300.00");
    await insertAdvance(user, {
      amount: "210.00",
      status: "DECLINED",
      rejectionReason: "Budget closed for this month",
    });
    await loginAs(user);
    await page.goto("/history");
    await expect(
      page.getByText("Reason: Budget closed for this month"),
    ).toBeVisible();
    await expect(
      page.getByText(/^Approved, not paid for yet: nothing is held or charged/),
    ).toBeVisible();
    await expectAccessible(page);
    // Two steps: the confirmation first, then its button.
    await openDisclosure(page.getByText("Cancel request", { exact: true }));
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByText("Request cancelled")).toBeVisible();
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(page.getByText("Cancelled by the employee")).toBeVisible();
    await expect(page.getByText("Cancel request", { exact: true })).toHaveCount(
      0,
    );
    expect((await requestRow(request.id)).status).toBe("CANCELLED");

    await page.goto("/");
    await expect(page.getByText("$500.00").first()).toBeVisible();
  });

  test("Cancel request from the dashboard's recent activity stays on the dashboard", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const pending = await insertAdvance(user, { amount: "250.00" });
    await insertAdvance(user, {
      amount: "220.00",
      status: "DECLINED",
      rejectionReason: "Please wait for payday",
    });
    await loginAs(user);
    await page.goto("/");
    await expect(
      page.getByText("Reason: Please wait for payday"),
    ).toBeVisible();
    // Two steps: the confirmation first, then its button.
    await openDisclosure(page.getByText("Cancel request", { exact: true }));
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Request cancelled")).toBeVisible();
    await expect(page.getByText("Cancel request", { exact: true })).toHaveCount(
      0,
    );
    expect((await requestRow(pending.id)).status).toBe("CANCELLED");
  });
});
