import { eq } from "drizzle-orm";
import { advanceRequests, companies } from "#db/schema";
import { db } from "~/utils/db.server";
import { insertAdvance } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { cardsOf, sandboxPaymentsOf } from "#tests/support/payments";
import { expect, expectAccessible, test } from "./support/fixtures";

// A company that pays the fee, with and without JavaScript and at phone, tablet and desktop
// widths: its employee sees the fee on /request and at checkout as the company's and pays none
// of it, gets no card form, presses "Get my card", and has a grocery card with nothing charged
// to their own card.

test("a company that pays the fee: the fee shown as the company's before committing, no card form, Get my card", async ({
  page,
  loginAs,
}) => {
  const employer = await createEmployer();
  await db()
    .update(companies)
    .set({ companyPaysFee: true })
    .where(eq(companies.id, employer.companyId!));
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const user = await createEmployee(employer);
    await loginAs(user);

    await page.goto("/request?amount=300&repaymentPeriods=1");
    const disclosure = page.getByTestId("cost-disclosure");
    await expect(disclosure.getByTestId("fee")).toHaveText("$15.99");
    await expect(disclosure.getByTestId("total")).toHaveText("$300.00");
    await expect(disclosure.getByTestId("apr")).toHaveText("0.0%");
    await expect(disclosure.getByTestId("only-cost")).toHaveText(
      "Your company pays the $15.99 processing fee: this advance costs you nothing, there is no interest, and you repay only the advance, by payroll deduction.",
    );

    const request = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
    });
    await page.goto("/");
    await page.getByRole("link", { name: "Confirm and get my card" }).click();
    await expect(page).toHaveURL(
      `/checkout?amount=300.00&requestId=${request.id}`,
    );
    // Nothing to buy: the page confirms what was approved, titled as a confirmation.
    await expect(
      page.getByRole("heading", { level: 1, name: "Confirm your advance" }),
    ).toBeVisible();
    await expect(page).toHaveTitle("Confirm your advance · Grocery Advance");
    await expect(
      page.getByText("Your employer approved your grocery advance of $300.00."),
    ).toBeVisible();
    await expect(page.getByText(/You're requesting/)).toHaveCount(0);
    await expect(page.getByText(/Checkout|Pay by/)).toHaveCount(0);
    // The cost said once: the company pays the fee, in the disclosure only.
    await expect(page.getByText(/Your company pays the/)).toHaveCount(1);
    await expect(page.getByTestId("fee")).toHaveText("$15.99");
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    await expect(page.getByTestId("no-cost-confirm")).toBeVisible();
    if (width === 375) await expectAccessible(page);

    await page.getByRole("button", { name: "Get my card" }).click();
    await expect(page).toHaveURL("/payment-success");
    await expect(page.getByText("Success!").first()).toBeVisible();
    // Nothing was paid: the screen ends on the confirmation, not "Payment Successful".
    await expect(
      page.getByRole("heading", { name: "Advance confirmed" }),
    ).toBeVisible();
    await expect(page.getByText("Payment Successful")).toHaveCount(0);

    const [card] = await cardsOf(request.id);
    expect(card).toMatchObject({ amount: "300.00", status: "active" });
    const [row] = await db()
      .select()
      .from(advanceRequests)
      .where(eq(advanceRequests.id, request.id));
    expect(row).toMatchObject({ feePaidBy: "COMPANY", capturedAmount: "0.00" });
    expect(await sandboxPaymentsOf(request.id)).toBe(0);
  }
});
