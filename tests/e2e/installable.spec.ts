import type { Page } from "@playwright/test";
import { insertAdvance, insertCard } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { expect, isNoJs, test, messageText } from "./support/fixtures";

// The installable app in Chromium: its manifest, service worker and icons served as browsers
// expect them, the browser's own installability check, the last dashboard and card page
// readable offline with the date of the copy, and no page of the person left after logout or
// once the session has ended. Also the public pages' robots file, and /auth with no
// Content-Security-Policy issue. The service worker needs JavaScript: the no-JS project runs
// only the header checks (no page relies on the worker).

async function employeeWithCard() {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, {
    amount: "300.00",
    status: "APPROVED",
  });
  const card = await insertCard(request);
  return { user, card };
}

/** Waits until the service worker controls the page. */
async function controlled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      }),
    )
    .toBe(true);
}

/** The paths of the pages the service worker keeps (its caches' entries). */
function keptPages(page: Page) {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        paths.push(`${name} ${new URL(request.url).pathname}`);
    }
    return paths.sort();
  });
}

test.describe("served as browsers expect", () => {
  test("the manifest, the service worker, the icons and robots.txt", async ({
    request,
  }) => {
    const manifest = await request.get("/manifest.webmanifest?lang=en");
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()["content-type"]).toMatch(
      /^application\/manifest\+json/,
    );
    expect(await manifest.json()).toMatchObject({
      id: "/",
      name: "Grocery Advance",
      short_name: "Groceries",
      lang: "en",
      start_url: "/",
      display: "standalone",
      theme_color: "#047857",
    });
    const spanish = await (
      await request.get("/manifest.webmanifest?lang=es")
    ).json();
    expect(spanish).toMatchObject({ lang: "es", short_name: "Compras" });
    expect(spanish.description).toMatch(/supermercados/);
    for (const icon of spanish.icons as Array<{ src: string; sizes: string }>) {
      const png = await request.get(icon.src);
      expect(png.headers()["content-type"]).toBe("image/png");
      const body = await png.body();
      // The PNG's own width and height (IHDR) are the size the manifest says.
      const [w, h] = icon.sizes.split("x").map(Number);
      expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([w, h]);
    }
    const worker = await request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["content-type"]).toMatch(
      /^application\/javascript/,
    );
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["service-worker-allowed"]).toBe("/");
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/how-it-works$/m);
    expect(text).toMatch(/^Disallow: \/$/m);
  });

  test("/auth links the manifest in its language, and logs no Content-Security-Policy issue", async ({
    page,
  }, testInfo) => {
    const cdp = isNoJs(testInfo.project.name)
      ? null
      : await page.context().newCDPSession(page);
    const issues: string[] = [];
    if (cdp) {
      cdp.on("Audits.issueAdded", ({ issue }) =>
        issues.push(JSON.stringify(issue)),
      );
      await cdp.send("Audits.enable");
    }
    await page.goto("/auth");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      "href",
      "/manifest.webmanifest?lang=en",
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /Sign in to Grocery Advance/,
    );
    if (!cdp) return;
    // A form parsed in the browser (the sign-in's own check) once its code has arrived.
    await page.getByLabel("Username").fill("someone");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(messageText(page, "Password is required")).toBeVisible();
    await controlled(page);
    expect(issues).toEqual([]);
  });
});

test.describe("installed and offline", () => {
  // The page open when the connection goes away may still ask for its own things (Remix's
  // route manifest for a link it sees, the live-update stream, a form's code); the browser logs
  // those failures: as ERR_INTERNET_DISCONNECTED, or as ERR_FAILED when the service worker
  // passed the request on to a network that is not there (which of the two, and how many,
  // depends on timing).
  test.use({
    allowConsoleErrors: [
      "ERR_INTERNET_DISCONNECTED",
      "Failed to load resource: net::ERR_FAILED",
      "Failed to fetch manifest patches",
    ],
  });
  test.beforeEach(({}, testInfo) => {
    test.skip(
      isNoJs(testInfo.project.name),
      "the service worker needs JavaScript",
    );
  });

  test("Chromium finds the app installable", async ({ page }) => {
    await page.goto("/auth");
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send(
      "Page.getInstallabilityErrors",
    );
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send("Page.getAppManifest");
    expect(url).toMatch(/\/manifest\.webmanifest\?lang=en$/);
    expect(errors).toEqual([]);
  });

  test("offline, the dashboard and the card page show the last copy with its date; logout leaves none", async ({
    page,
    context,
    loginAs,
  }) => {
    const { user, card } = await employeeWithCard();
    await loginAs(user);
    await page.goto("/");
    await controlled(page);
    // Now through the worker, which keeps the pages.
    await page.goto("/");
    await expect(page.getByText("•••• 4242").first()).toBeVisible();
    await page.goto(`/cards/${card.id}`);
    await expect(
      page.getByRole("heading", { name: "Grocery card 4242" }),
    ).toBeVisible();
    await expect
      .poll(() => keptPages(page))
      .toEqual(
        expect.arrayContaining(["ga-pages /", `ga-pages /cards/${card.id}`]),
      );
    // The notice is in every signed-in page, hidden while online.
    await expect(page.locator("#offline-copy")).toBeHidden();

    await context.setOffline(true);
    await page.goto("/");
    const notice = page.getByRole("status").filter({ hasText: "offline" });
    await expect(notice).toContainText(
      "You are offline: this is the copy saved on",
    );
    const saved = await notice.locator("time").getAttribute("datetime");
    expect(Date.now() - Date.parse(saved!)).toBeLessThan(5 * 60_000);
    await expect(page.getByText("•••• 4242").first()).toBeVisible();
    await page.goto(`/cards/${card.id}`);
    await expect(
      page.getByRole("heading", { name: "Grocery card 4242" }),
    ).toBeVisible();
    await expect(notice).toBeVisible();
    // A page never kept: the offline page.
    await page.goto("/history");
    await expect(
      page.getByRole("heading", { name: "You are offline" }),
    ).toBeVisible();

    await context.setOffline(false);
    await page.goto("/");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect(
      (await keptPages(page)).filter((entry) => entry.startsWith("ga-pages")),
    ).toEqual([]);
    // Offline after logout: no copy of the person's pages, only the offline page.
    await context.setOffline(true);
    await page.goto("/");
    await expect(
      page.getByRole("heading", { name: "You are offline" }),
    ).toBeVisible();
    await expect(page.getByText("•••• 4242")).toHaveCount(0);
    await context.setOffline(false);
  });

  test("a session that ended elsewhere (revoked, expired) clears the kept pages at the next request", async ({
    page,
    context,
    loginAs,
  }) => {
    const { user } = await employeeWithCard();
    await loginAs(user);
    await page.goto("/");
    await controlled(page);
    await page.goto("/");
    await expect.poll(() => keptPages(page)).toContain("ga-pages /");
    // The session ends without this browser logging out: its cookie is no longer accepted.
    await context.clearCookies({ name: "__session" });
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth/);
    expect(
      (await keptPages(page)).filter((entry) => entry.startsWith("ga-pages")),
    ).toEqual([]);
  });
});

test("the card page on a phone: each revealed detail has a Copy button", async ({
  page,
  context,
  loginAs,
}, testInfo) => {
  const { user, card } = await employeeWithCard();
  await loginAs(user);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/cards/${card.id}`);
  const details = page.getByTestId("card-details");
  // A press while the page's code is still taking over can be lost: pressed until shown.
  await expect(async () => {
    if ((await details.count()) === 0)
      await page.getByRole("button", { name: "Show card details" }).click();
    await expect(details).toContainText(/\d{4} \d{4} \d{4} 4242/, {
      timeout: 2_000,
    });
  }).toPass();
  if (isNoJs(testInfo.project.name)) {
    // Without JavaScript the details are there to select, and no button that cannot work.
    await expect(details.getByRole("button")).toHaveCount(0);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await details.getByRole("button", { name: "Copy Card number" }).click();
  await expect(details.getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^\d{12}4242$/,
  );
  await details.getByRole("button", { name: "Copy CVC" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^\d{3}$/,
  );
});
