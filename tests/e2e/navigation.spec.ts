import { createEmployee, createEmployer } from "#tests/support/factories";
import { expect, isNoJs, test } from "./support/fixtures";
import { holdRequests } from "./support/hold-requests";

test.describe("navigation", () => {
  test("on a phone the Menu control opens the sidebar, and a navigation closes it", async ({
    page,
    loginAs,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginAs(await createEmployee(await createEmployer()));
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    if (isNoJs(testInfo.project.name)) {
      // Without JavaScript: the checkbox fallback, its label drawn as the menu icon.
      const toggle = page.getByRole("checkbox", { name: "Menu" });
      await expect(toggle).toHaveAttribute("aria-controls", "sidebar-nav");
      await page.locator('label[for="sidebar-toggle"]').click();
      await expect(nav).toBeVisible();
    } else {
      const menu = page.getByRole("button", { name: "Menu" });
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expect(menu).toHaveAttribute("aria-controls", "sidebar-nav");
      // An icon, not a text label.
      await expect(menu.locator("svg")).toBeVisible();
      await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await expect(nav).toBeVisible();
      // No checkbox once the page is interactive.
      await expect(page.getByRole("checkbox", { name: "Menu" })).toHaveCount(0);
      // Escape closes it and the focus goes back to the Menu button.
      await page.keyboard.press("Escape");
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expect(nav).toBeHidden();
      await expect(menu).toBeFocused();
      await menu.click();
      await expect(nav).toBeVisible();
    }
    await nav.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(
      page.getByRole("heading", { name: "Advance History" }),
    ).toBeVisible();
    // Closed again on the new page.
    await expect(nav).toBeHidden();
    if (!isNoJs(testInfo.project.name)) {
      await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    }
  });

  test("on a desktop the first Tab stop is the skip link, then the sidebar; no hidden stop", async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(await createEmployer());
    // The keys are pressed as soon as the page has loaded, while the dashboard's own code may
    // still be on its way (the next test holds it back on purpose).
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Tab");
    // The next stop is a visible sidebar link, not the collapsed-menu checkbox.
    const focused = page.locator(":focus");
    await expect(focused).toBeVisible();
    await expect(focused).toHaveText("Dashboard");
    await expect(page.getByRole("checkbox", { name: "Menu" })).toBeHidden();
    // The skip link moves to the page's main content.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("the dashboard stays on screen when the address changes before its code has arrived", async ({
    page,
    loginAs,
  }, testInfo) => {
    test.skip(
      isNoJs(testInfo.project.name),
      "without JavaScript there is nothing to hydrate",
    );
    // The dashboard is an island: the page hydrates first, then asks for the
    // dashboard's code. Held back here until the skip link has changed the address: React must
    // keep the server's dashboard on screen meanwhile (an urgent update reaching the island
    // before its code would make React drop it for nothing, with error 421 in the console).
    const code = /employer-dashboard-[^/]*\.js$/;
    const asked = page.waitForRequest(code);
    const release = await holdRequests(page, code);
    await page.setViewportSize({ width: 1280, height: 800 });
    const employer = await createEmployer();
    await loginAs(employer);
    await page.goto("/");
    await asked;
    const heading = page.getByRole("heading", {
      level: 1,
      name: `Welcome, ${employer.firstName}`,
    });
    const hydrated = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((node) =>
          Object.keys(node).some((key) => key.startsWith("__reactFiber")),
        );
    await expect.poll(() => hydrated("main#main")).toBe(true);
    expect(await hydrated("main#main h1")).toBe(false);
    // Marks the server's heading: React must hydrate this very node, not render a new one.
    await page
      .locator("main#main h1")
      .evaluate((node) => node.setAttribute("data-from-server", ""));

    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    // The router has taken the new address (its update is rendered).
    await page.evaluate(
      () =>
        new Promise((done) => requestAnimationFrame(() => setTimeout(done))),
    );
    await expect(heading).toBeVisible();

    release();
    await expect.poll(() => hydrated("main#main h1")).toBe(true);
    await expect(heading).toBeVisible();
    await expect(page.locator("main#main h1[data-from-server]")).toHaveCount(1);
  });

  // The sidebar's sprite icons and the sign-in form's required fields are in the server's HTML,
  // the same with or without JavaScript: tests/integration/web/navigation-markup.test.ts.
  test("radios and checkboxes are drawn in the brand colour", async ({
    page,
  }) => {
    await page.goto("/auth");
    const accent = await page
      .getByRole("checkbox", { name: "Remember me" })
      .evaluate((el) => getComputedStyle(el).accentColor);
    // brand-700, #047857
    expect(accent).toBe("rgb(4, 120, 87)");
  });
});
