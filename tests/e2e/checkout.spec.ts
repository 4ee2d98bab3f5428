import { sandboxLast4 } from "~/services/payments/sandbox.server";
import { insertAdvance } from "#tests/support/data";
import { cardsOf } from "#tests/support/payments";
import { requestRow } from "#tests/support/rows";
import { createEmployee, createEmployer } from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  isNoJs,
  test,
  messageText,
  summaryLink,
} from "./support/fixtures";

// The sandbox checkout (the e2e server runs without STRIPE_SECRET_KEY), with JavaScript and
// without: /checkout → 'Pay $15.99' (the fee) → /payment-success with the 'Success!' toast.

async function employeeWithApprovedAdvance(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, { amount, status: "APPROVED" });
  return { user, request };
}

test.describe("sandbox checkout", () => {
  test("pays with the prefilled test card and lands on /payment-success with a grocery card", async ({
    page,
    loginAs,
  }, testInfo) => {
    const { user, request } = await employeeWithApprovedAdvance("300.00");
    await loginAs(user);
    const response = await page.goto(
      `/checkout?amount=300.00&requestId=${request.id}`,
    );
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Checkout · Grocery Advance");
    await expect(
      page.getByText("You're requesting a grocery advance of $300.00"),
    ).toBeVisible();
    await expect(
      page.getByText(/^Your employer approved it on /),
    ).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveValue(
      "4242 4242 4242 4242",
    );
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute(
      "href",
      "/request",
    );
    await expectAccessible(page);

    await page.getByRole("button", { name: "Pay $15.99" }).click();
    await expect(page).toHaveURL(/\/payment-success$/);
    await expect(page.getByText("Success!")).toBeVisible();
    if (!isNoJs(testInfo.project.name)) {
      // The payment's live events revalidate the page; the toast stays.
      await expect(page.locator("html[data-live=on]")).toBeAttached();
      await page.waitForTimeout(750);
    }
    await expect(
      page.getByText(
        "Your grocery advance has been processed. You can now use your virtual card.",
      ),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Payment Successful" }),
    ).toBeVisible();
    await expect(page.getByText(/virtual grocery card is ready/)).toBeVisible();
    await expect(
      page.getByText(/deducted from your paycheck according to your repayment/),
    ).toBeVisible();
    await expectAccessible(page);

    const cards = await cardsOf(request.id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      cardNumber: `•••• •••• •••• ${sandboxLast4(request.id)}`,
      amount: "300.00",
      status: "active",
    });
    expect((await requestRow(request.id)).paidAt).not.toBeNull();

    await page.getByRole("link", { name: "View History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await page.goBack();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the decline card shows 'Payment failed' and issues nothing", async ({
    page,
    loginAs,
  }, testInfo) => {
    const { user, request } = await employeeWithApprovedAdvance("250.00");
    await loginAs(user);
    await page.goto(`/checkout?amount=250.00&requestId=${request.id}`);
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $15.99" }).click();
    // A refused payment belongs to the card form: its form-level error, titled as the spec's
    // toast, and no toast besides (one error, one place).
    const error = page.getByRole("alert");
    await expect(error.getByText("Payment failed")).toBeVisible();
    await expect(messageText(error, "Your card was declined.")).toBeVisible();
    await expect(messageText(page, "Your card was declined.")).toHaveCount(1);
    await expect(summaryLink(page, "Your card was declined.")).toHaveCount(1);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout\?/);
    await expect(page.getByLabel("Card number")).toHaveValue(
      "4000 0000 0000 0002",
    );
    // The CVC never comes back from the server (with JavaScript the browser keeps its own).
    if (isNoJs(testInfo.project.name))
      await expect(page.getByLabel("CVC")).toHaveValue("");
    expect(await cardsOf(request.id)).toHaveLength(0);
    expect((await requestRow(request.id)).paidAt).toBeNull();

    // The success card then goes through.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("CVC").fill("321");
    await page.getByRole("button", { name: "Pay $15.99" }).click();
    await expect(page).toHaveURL(/\/payment-success$/);
    await expect(page.getByText("Success!")).toBeVisible();
    expect(await cardsOf(request.id)).toHaveLength(1);
  });

  test("invalid parameters show the Error card with Go Back", async ({
    page,
    loginAs,
  }) => {
    const { user, request } = await employeeWithApprovedAdvance();
    await loginAs(user);
    for (const query of [
      "",
      `?amount=abc&requestId=${request.id}`,
      `?amount=-5&requestId=${request.id}`,
      "?amount=300.00",
    ]) {
      const response = await page.goto(`/checkout${query}`);
      expect(response?.status(), query).toBe(400);
      await expect(page.getByRole("heading", { name: "Error" })).toBeVisible();
      await expect(
        page.getByText("Invalid checkout parameters. Please try again."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
    }
    await expectAccessible(page);
    // An amount that is not the approved one is refused with its reason.
    await page.goto(`/checkout?amount=450.00&requestId=${request.id}`);
    const mismatch =
      "The amount $450.00 does not match the approved advance of $300.00.";
    await expect(
      page.getByRole("region", { name: "Error" }).getByText(mismatch),
    ).toBeVisible();
    const toast = page.getByTestId("toast");
    await expect(toast.getByText("Payment setup failed")).toBeVisible();
    await expect(toast.getByText(mismatch)).toBeVisible();
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await cardsOf(request.id)).toHaveLength(0);
  });

  test("Cancel goes to /request", async ({ page, loginAs }) => {
    const { user, request } = await employeeWithApprovedAdvance();
    await loginAs(user);
    await page.goto(`/checkout?amount=300.00&requestId=${request.id}`);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/request$/);
  });
});
