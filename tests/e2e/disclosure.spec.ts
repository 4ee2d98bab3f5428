import { addDays, endOfMonth } from "date-fns";
import { updatePaySchedule } from "~/models/companies/index.server";
import { formatDate } from "~/utils/dates";
import { isoDay } from "~/utils/pay-schedule";
import { insertAdvance } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";

// The cost before committing: /request shows, for 1, 2 and 3 pay periods,
// the same figures GET /api/advance-quote answers — fee, total, APR and each deduction.

const money = (value: string) =>
  `$${Number(value).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

type Quote = {
  fee: string;
  total: string;
  apr: number;
  schedule: { date: string; amount: string }[];
};

/** GET /api/advance-quote for $450 over `periods`, as the signed-in employee. */
async function quoteOf(page: Page, periods: number): Promise<Quote> {
  const response = await page.request.get(
    `/api/advance-quote?amount=450&repaymentPeriods=${periods}`,
  );
  expect(response.status()).toBe(200);
  const quote = (await response.json()) as Quote;
  expect(quote.schedule).toHaveLength(periods);
  return quote;
}

/** The page's disclosure shows the quote's figures, each deduction with its date and amount. */
async function expectDisclosure(page: Page, quote: Quote) {
  const disclosure = page.getByTestId("cost-disclosure");
  await expect(disclosure.getByTestId("card-amount")).toHaveText("$450.00");
  await expect(disclosure.getByTestId("fee")).toHaveText(money(quote.fee));
  await expect(disclosure.getByTestId("total")).toHaveText(money(quote.total));
  await expect(disclosure.getByTestId("apr")).toHaveText(
    `${quote.apr.toFixed(1)}%`,
  );
  const rows = disclosure
    .getByTestId("deduction-schedule")
    .getByRole("listitem");
  await expect(rows).toHaveCount(quote.schedule.length);
  for (const [i, d] of quote.schedule.entries()) {
    await expect(rows.nth(i)).toContainText(formatDate(d.date));
    await expect(rows.nth(i)).toContainText(money(d.amount));
  }
  await expect(
    disclosure.getByRole("link", { name: "read the terms" }),
  ).toHaveAttribute("href", "/terms");
}

test("the disclosure on /request matches the quote API for 1, 2 and 3 periods", async ({
  page,
  loginAs,
}) => {
  await loginAs(await createEmployee(await createEmployer()));
  for (const periods of [1, 2, 3]) {
    const quote = await quoteOf(page, periods);
    expect(quote.fee).toBe("15.99");
    expect(quote.total).toBe("465.99");
    await page.goto(`/request?amount=450&repaymentPeriods=${periods}`);
    await expectDisclosure(page, quote);
  }
  // More periods spread the same fee over longer: a lower rate.
  const aprs = [];
  for (const periods of [1, 2, 3]) {
    const q = await (
      await page.request.get(
        `/api/advance-quote?amount=450&repaymentPeriods=${periods}`,
      )
    ).json();
    aprs.push(q.apr as number);
  }
  expect(aprs[0]).toBeGreaterThan(aprs[1]);
  expect(aprs[1]).toBeGreaterThan(aprs[2]);
  await expectAccessible(page);
});

test("/terms shows its version and date", async ({ page }) => {
  await page.goto("/terms");
  await expect(
    page.getByRole("heading", { name: "Grocery Advance terms" }),
  ).toBeVisible();
  await expect(page.getByTestId("terms-version")).toContainText(
    /^Version \d{4}-\d{2}-\d{2}, in effect from /,
  );
  await expectAccessible(page);
});

// The same figures follow the company's pay schedule: on a weekly and a monthly schedule, for 1,
// 2 and 3 periods, /request and checkout show what GET /api/advance-quote answers, dates
// included. Each period count is looked at on its own width (375, 768 and 1280 px).
for (const frequency of ["WEEKLY", "MONTHLY"] as const) {
  test(`the disclosure on /request and at checkout follows a ${frequency.toLowerCase()} pay schedule`, async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const today = new Date();
    const nextPayDate =
      frequency === "WEEKLY"
        ? isoDay(addDays(today, 3))
        : isoDay(endOfMonth(today));
    await updatePaySchedule(employer, { frequency, nextPayDate });
    const widths = [375, 768, 1280];
    for (const periods of [1, 2, 3]) {
      await page.setViewportSize({ width: widths[periods - 1], height: 900 });
      const user = await createEmployee(employer);
      await loginAs(user);
      const quote = await quoteOf(page, periods);
      expect(quote.fee).toBe("15.99");
      // Deductions fall on the company's pay dates: the first is its next pay date or a later one.
      expect(quote.schedule[0].date.slice(0, 10) >= nextPayDate).toBe(true);
      await page.goto(`/request?amount=450&repaymentPeriods=${periods}`);
      await expectDisclosure(page, quote);

      const request = await insertAdvance(user, {
        amount: "450.00",
        status: "APPROVED",
        periods,
      });
      await page.goto(`/checkout?amount=450.00&requestId=${request.id}`);
      await expectDisclosure(page, quote);
      await expect(
        page.getByRole("button", { name: "Pay $15.99" }),
      ).toBeVisible();
    }
  });
}
