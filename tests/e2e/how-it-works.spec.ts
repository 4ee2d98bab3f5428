import { addDays, format } from "date-fns";
import { expect, expectAccessible, isNoJs, test } from "./support/fixtures";
import { holdRequests } from "./support/hold-requests";

const summary = (page: import("@playwright/test").Page) =>
  page.getByTestId("calculator-summary");

/**
 * The summary: the advance, the fee apart, the total repayment that payroll deducts (the
 * advance itself, not advance + fee), the APR, and no risk rating (a lender's view, not the
 * consumer's).
 */
async function expectSummary(
  page: import("@playwright/test").Page,
  values: { amount: string },
) {
  const box = summary(page);
  await expect(box.getByTestId("calc-advance")).toHaveText(values.amount);
  await expect(box.getByTestId("calc-fee")).toHaveText("$15.99");
  await expect(box.getByTestId("calc-repayment")).toHaveText(values.amount);
  await expect(box.getByTestId("calc-apr")).toHaveText(/^\d+\.\d%$/);
  await expect(page.getByText(/risk/i)).toHaveCount(0);
}

test.describe("marketing page", () => {
  test("shows the header, hero, features, steps, call to action and footer", async ({
    page,
  }) => {
    await page.goto("/how-it-works");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute(
      "href",
      "/auth",
    );
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute(
      "href",
      /^\/auth/,
    );
    await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
    for (const feature of [
      "Easy Requests",
      "Employer Approval",
      "Grocery-Only Cards",
      "Automatic Payroll Deductions",
      "Real-Time Tracking",
    ]) {
      await expect(page.getByRole("heading", { name: feature })).toBeVisible();
    }
    const steps = page.locator("#how-it-works ol > li");
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toContainText("You request an advance");
    await expect(steps.nth(1)).toContainText("Your employer reviews it");
    await expect(steps.nth(2)).toContainText("You complete the payment");
    await expect(steps.nth(3)).toContainText("Your grocery card is issued");
    await expect(steps.nth(4)).toContainText("Repayment is automatic");
    await expect(
      page.getByRole("heading", { name: "Advance Calculator" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Ready to get started?" }),
    ).toBeVisible();
    const footer = page.getByRole("contentinfo");
    for (const group of ["Contact", "Company", "Resources", "Legal"]) {
      await expect(footer.getByRole("heading", { name: group })).toBeVisible();
    }
    await expect(
      footer.getByRole("link", { name: "support@groceryadvance.com" }),
    ).toHaveAttribute("href", "mailto:support@groceryadvance.com");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });

  test("the calculator starts at $250 with the pay date in 14 days", async ({
    page,
  }) => {
    await page.goto("/how-it-works");
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("250");
    await expect(page.getByLabel("Advance amount")).toHaveValue("250");
    const payDate = addDays(new Date(), 14);
    await expect(page.getByLabel("Next pay date")).toHaveValue(
      format(payDate, "yyyy-MM-dd"),
    );
    await expectSummary(page, {
      amount: "$250.00",
    });
    await expect(
      summary(page).getByText(format(payDate, "MMM d, yyyy")),
    ).toBeVisible();

    // The toggles are <details>: they work with and without JavaScript.
    await expect(page.getByText("covers issuing your")).toBeHidden();
    await page.getByText("Why this fee?").click();
    await expect(page.getByText("covers issuing your")).toBeVisible();
    await expect(page.getByText("Show Details")).toBeVisible();
    await page.getByText("Show Details").click();
    await expect(page.getByText("Hide Details")).toBeVisible();
    await expect(
      page.getByText("deducted from your paycheck automatically"),
    ).toBeVisible();
    await page.getByText("Hide Details").click();
    await expect(page.getByText("Show Details")).toBeVisible();
  });

  test("an amount typed before the page's code arrives is kept and calculated", async ({
    page,
  }, testInfo) => {
    test.skip(
      isNoJs(testInfo.project.name),
      "without JavaScript there is no code to wait for: Calculate posts the amount",
    );
    // The page's code is held back until the amount is typed and the box left.
    const release = await holdRequests(page, "**/build/**/*.js");
    await page.goto("/how-it-works", { waitUntil: "commit" });
    const box = page.getByLabel("Amount (USD)");
    await box.fill("380");
    await box.blur();
    await expect(page.getByRole("button", { name: "Calculate" })).toBeVisible();
    release();
    // The code has taken over the form: its Calculate button is gone.
    await expect(page.getByRole("button", { name: "Calculate" })).toBeHidden();
    await expect(box).toHaveValue("380");
    await expectSummary(page, {
      amount: "$380.00",
    });
  });

  test("typed amounts snap into $200–$500 and update the summary", async ({
    page,
  }, testInfo) => {
    await page.goto("/how-it-works");
    const box = page.getByLabel("Amount (USD)");
    const calculate = async () => {
      if (isNoJs(testInfo.project.name)) {
        await page.getByRole("button", { name: "Calculate" }).click();
        await expect(page).toHaveURL(/#calculator$/);
      } else {
        await box.blur();
      }
    };

    await box.fill("380");
    await calculate();
    await expectSummary(page, {
      amount: "$380.00",
    });

    await box.fill("150");
    await calculate();
    await expect(box).toHaveValue("200");
    await expectSummary(page, {
      amount: "$200.00",
    });

    await box.fill("720");
    await calculate();
    await expect(box).toHaveValue("500");
    await expectSummary(page, {
      amount: "$500.00",
    });

    await page.getByLabel("Advance amount").fill("300");
    if (isNoJs(testInfo.project.name)) {
      await page.getByRole("button", { name: "Calculate" }).click();
    }
    await expect(box).toHaveValue("300");
    await expectSummary(page, {
      amount: "$300.00",
    });

    const payDate = addDays(new Date(), 30);
    await page.getByLabel("Next pay date").fill(format(payDate, "yyyy-MM-dd"));
    if (isNoJs(testInfo.project.name)) {
      await page.getByRole("button", { name: "Calculate" }).click();
    }
    await expect(
      summary(page).getByText(format(payDate, "MMM d, yyyy")),
    ).toBeVisible();
    await expect(box).toHaveValue("300");
  });

  test("the server ignores a non-numeric amount and keeps the previous one", async ({
    page,
  }) => {
    await page.goto("/how-it-works?amount=abc&slider=330&prev=330#calculator");
    await expectSummary(page, {
      amount: "$330.00",
    });
  });

  test("the page has its own language switch, and the calculator follows it", async ({
    page,
  }) => {
    await page.goto("/how-it-works?amount=300");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page
      .getByRole("banner")
      .getByRole("button", { name: "Español" })
      .click();
    await expect(page).toHaveURL(/\/how-it-works\?amount=300$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Entrar" }),
    ).toBeVisible();
    const box = summary(page);
    await expect(box.getByText("Total a devolver")).toBeVisible();
    await expect(box.getByTestId("calc-repayment")).toHaveText("$300.00");
    await expect(box.getByText("Tasa de porcentaje anual (APR)")).toBeVisible();
    await page
      .getByRole("banner")
      .getByRole("button", { name: "English" })
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("'Request an Advance' goes to /request through sign-in", async ({
    page,
  }) => {
    await page.goto("/how-it-works?amount=420");
    await page.getByRole("link", { name: "Request an Advance" }).click();
    await expect(page).toHaveURL(
      /\/auth\?redirectTo=%2Frequest%3Famount%3D420$/,
    );
  });
});
