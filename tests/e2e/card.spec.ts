import fs from "node:fs";
import { insertAdvance, insertCard } from "#tests/support/data";
import { allCardRowsAsText } from "#tests/support/payments";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { expect, expectAccessible, test } from "./support/fixtures";

// The grocery card as the employee uses it (sandbox mode): its page and figures, the "Simulate
// a purchase" test tool approving groceries and declining a restaurant with the reason, and
// Freeze / Unfreeze — with JavaScript and without.

async function employeeWithCard(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, { amount, status: "APPROVED" });
  const card = await insertCard(request);
  return { user, card };
}

test("the card page: figures, simulated purchases, freeze and unfreeze", async ({
  page,
  loginAs,
}) => {
  const { user, card } = await employeeWithCard("300.00");
  await loginAs(user);

  // From the dashboard's card to its page.
  await page.goto("/");
  const dashboardCard = page.locator("li", { hasText: "•••• 4242" });
  await expect(dashboardCard.getByText("Remaining on this card")).toBeVisible();
  await expect(dashboardCard.getByText("$300.00").first()).toBeVisible();
  await page.getByRole("link", { name: /View card and purchases/ }).click();
  await expect(page).toHaveURL(new RegExp(`/cards/${card.id}$`));

  await expect(
    page.getByRole("heading", { name: "Grocery card 4242" }),
  ).toBeVisible();
  await expect(page.getByText("•••• •••• •••• 4242")).toBeVisible();
  await expect(page.getByText("03/2029")).toBeVisible();
  const figure = (label: string) =>
    page.locator("section", {
      has: page.getByRole("heading", { name: label, exact: true }),
    });
  await expect(figure("Spending limit")).toContainText("$300.00");
  await expect(figure("Spent")).toContainText("$0.00");
  await expect(figure("Remaining on this card")).toContainText("$300.00");
  await expect(page.getByText("No purchases on this card yet.")).toBeVisible();
  await expect(page.getByText("Sandbox test tool").first()).toBeVisible();
  await expectAccessible(page);

  // A grocery purchase within the balance is approved.
  await page.getByLabel("Amount").fill("50.00");
  await page.getByLabel("Merchant name").fill("Fresh Market");
  await page
    .getByLabel("Merchant category")
    .selectOption("grocery_stores_supermarkets");
  await page.getByRole("button", { name: "Simulate purchase" }).click();
  await expect(page.getByTestId("simulation-result")).toContainText(
    "Approved: $50.00 at Fresh Market.",
  );
  await expect(figure("Spent")).toContainText("$50.00");
  await expect(figure("Remaining on this card")).toContainText("$250.00");

  // A restaurant is declined, with the reason.
  await page.getByLabel("Amount").fill("20.00");
  await page.getByLabel("Merchant name").fill("Luigi's Trattoria");
  await page
    .getByLabel("Merchant category")
    .selectOption("eating_places_restaurants");
  await page.getByRole("button", { name: "Simulate purchase" }).click();
  const result = page.getByTestId("simulation-result");
  await expect(result).toContainText("Declined: $20.00 at Luigi's Trattoria.");
  await expect(result).toContainText(
    "This card can only be used at grocery stores.",
  );
  const purchases = page.getByRole("table", {
    name: "Purchases on this card, newest first",
  });
  await expect(purchases.getByRole("row")).toHaveCount(3);
  await expect(
    purchases.getByRole("row", { name: /Luigi's Trattoria/ }),
  ).toContainText("Declined");
  await expect(
    purchases.getByRole("row", { name: /Fresh Market/ }),
  ).toContainText("Approved");
  await expect(figure("Remaining on this card")).toContainText("$250.00");

  // Frozen: even a grocery purchase is declined.
  await page.getByRole("button", { name: "Freeze card" }).click();
  await expect(page.getByText("Card frozen")).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Unfreeze card" }),
  ).toBeVisible();
  await expect(
    page.getByText("This card is frozen: every purchase is declined."),
  ).toBeVisible();
  await page.getByLabel("Amount").fill("10.00");
  await page.getByLabel("Merchant name").fill("Fresh Market");
  await page
    .getByLabel("Merchant category")
    .selectOption("grocery_stores_supermarkets");
  await page.getByRole("button", { name: "Simulate purchase" }).click();
  await expect(page.getByTestId("simulation-result")).toContainText(
    "This card is frozen.",
  );

  // Unfrozen: groceries pass again.
  await page.getByRole("button", { name: "Unfreeze card" }).click();
  await expect(page.getByText("Card unfrozen")).toBeVisible();
  await expect(page.getByRole("button", { name: "Freeze card" })).toBeVisible();
  await page.getByLabel("Amount").fill("10.00");
  await page.getByLabel("Merchant name").fill("Fresh Market");
  await page.getByRole("button", { name: "Simulate purchase" }).click();
  await expect(page.getByTestId("simulation-result")).toContainText(
    "Approved: $10.00 at Fresh Market.",
  );
  await expect(figure("Remaining on this card")).toContainText("$240.00");
  await expectAccessible(page);
});

test("another employee's card is not found", async ({ page, loginAs }) => {
  const { card } = await employeeWithCard();
  const employer = await createEmployer();
  const stranger = await createEmployee(employer);
  await loginAs(stranger);
  const response = await page.goto(`/cards/${card.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("•••• •••• •••• 4242")).toHaveCount(0);
});

test("the full number, expiry and CVC show only after the press, and are stored nowhere", async ({
  page,
  loginAs,
}) => {
  const { user, card } = await employeeWithCard("250.00");
  await loginAs(user);
  await page.goto(`/cards/${card.id}`);
  // Before the press the page's HTML holds no full number.
  expect(await page.content()).not.toMatch(/4000 \d{4} \d{4} 4242/);
  await expect(page.getByTestId("card-details")).toHaveCount(0);
  await page.getByRole("button", { name: "Show card details" }).click();
  const details = page.getByTestId("card-details");
  await expect(details).toBeVisible();
  const text = (await details.textContent()) ?? "";
  const number = /4000 \d{4} \d{4} 4242/.exec(text)?.[0];
  expect(number).toBeTruthy();
  expect(text).toMatch(/CVC\d{3}/);
  expect(text).toContain("03/2029");
  // Nothing of it in the card table (the masked number and expiry only).
  const rows = JSON.stringify(await allCardRowsAsText());
  expect(rows).not.toContain(number!);
  expect(rows).not.toContain(number!.replace(/ /g, ""));
  // Nor in the server's log.
  const cvc = /CVC(\d{3})/.exec(text)![1];
  const log = fs.readFileSync(process.env.E2E_SERVER_LOG!, "utf8");
  expect(log).toContain(`/cards/${card.id}`);
  expect(log).not.toContain(number!);
  expect(log).not.toContain(number!.replace(/ /g, ""));
  expect(log).not.toMatch(new RegExp(`"cvc":"?${cvc}`));
  // A fresh load of the page shows it no more.
  await page.goto(`/cards/${card.id}`);
  await expect(page.getByTestId("card-details")).toHaveCount(0);
});

test("a merchant refund comes back to the card; closing it (confirmed) returns what was not spent", async ({
  page,
  loginAs,
}) => {
  const { user, card } = await employeeWithCard("300.00");
  await loginAs(user);
  await page.goto(`/cards/${card.id}`);
  const figure = (label: string) =>
    page.locator("section", {
      has: page.getByRole("heading", { name: label, exact: true }),
    });
  // $120 of groceries, then $20 of it refunded by the shop.
  await page.getByLabel("Amount").fill("120.00");
  await page.getByLabel("Merchant name").fill("Fresh Market");
  await page.getByRole("button", { name: "Simulate purchase" }).click();
  await expect(figure("Remaining on this card")).toContainText("$180.00");
  await page.getByLabel("Refund", { exact: true }).fill("20.00");
  await page.getByRole("button", { name: "Send refund" }).click();
  await expect(page.getByText("Refund received")).toBeVisible();
  await expect(figure("Remaining on this card")).toContainText("$200.00");

  // Closing needs the confirmation.
  await page.getByRole("button", { name: "Close card" }).click();
  await expect(page.getByRole("button", { name: "Close card" })).toBeVisible();
  await page.getByLabel("I want to close this card for good.").check();
  await page.getByRole("button", { name: "Close card" }).click();
  await expect(page.getByText("Card closed").first()).toBeVisible();
  await expect(
    page.getByText(
      /This card is closed: every purchase is declined\. Its unspent \$200\.00 came off your deductions/,
    ),
  ).toBeVisible();
  await expect(figure("Remaining on this card")).toContainText("$0.00");
  await expect(page.getByRole("button", { name: "Freeze card" })).toHaveCount(
    0,
  );
  await expectAccessible(page);

  // The dashboard's upcoming deductions now total what was spent: $100.00.
  await page.goto("/");
  await expect(page.getByText("$100.00").first()).toBeVisible();
});

for (const language of ["en", "es"] as const) {
  test(`the merchant category list fits the screen and its card, each choice whole, at 375 and 1280 px (${language})`, async ({
    page,
    context,
    loginAs,
  }) => {
    await context.addCookies([
      { name: "lng", value: language, url: test.info().project.use.baseURL! },
    ]);
    const { user, card } = await employeeWithCard();
    await loginAs(user);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/cards/${card.id}`);
      const select = page.getByLabel(
        language === "en" ? "Merchant category" : "Categoría del comercio",
      );
      await select.scrollIntoViewIfNeeded();
      const box = (await select.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Inside its card, with the card's padding to spare: nothing cut off at its edge.
      const tool = page.locator("section", { has: select }).last();
      const cardBox = (await tool.boundingBox())!;
      expect(box.x + box.width).toBeLessThan(cardBox.x + cardBox.width);
      // Each choice reads whole once chosen: its text fits the box beside the list's arrow
      // (a closed select cannot wrap; a longer name is cut off mid-word).
      const cutOff = await select.evaluate((element) => {
        const list = element as HTMLSelectElement;
        const style = getComputedStyle(list);
        const pen = document.createElement("canvas").getContext("2d")!;
        pen.font = style.font;
        const arrow = 20;
        const room =
          list.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          arrow;
        return [...list.options]
          .filter((o) => pen.measureText(o.text).width > room)
          .map(
            (o) =>
              `${o.text} (${Math.ceil(pen.measureText(o.text).width)} > ${Math.floor(room)} px)`,
          );
      });
      expect(cutOff, `at ${width} px`).toEqual([]);
    }
  });
}
