import { chromium, type Page } from "@playwright/test";
import { createUserSessionHeader } from "~/web/session.server";
import { isExecutable, isHeadlessShell } from "#tests/support/chromium";
import { insertAdvance, insertCard } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";
import {
  attachScreenshot,
  expect,
  expectHydrated,
  isNoJs,
  messageText,
  test,
} from "./support/fixtures";

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
  }, testInfo) => {
    test.skip(
      isNoJs(testInfo.project.name),
      "one run is enough: no page, the same requests in either project",
    );
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
    // The worker takes control first: a post that is still loading when the worker claims the
    // page's clients leaves the page it loads uncontrolled (a client not yet ready is skipped).
    await controlled(page);
    // A form parsed in the browser (the sign-in's own check) once its code has arrived; before
    // that the click would be the browser's own post.
    const username = page.getByLabel("Username");
    await expectHydrated(username);
    await username.fill("someone");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(messageText(page, "Password is required")).toBeVisible();
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
    // The sign-in page's own code has arrived before the network goes away.
    await page.waitForLoadState("networkidle");
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

test("the card page on a phone: the revealed details on the card face, three Copy buttons in a row", async ({
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
  // The full number is printed where a card has it: on its face, the masked one gone.
  await expect(details).not.toContainText("••••");
  const copy = page.getByTestId("copy-buttons");
  if (isNoJs(testInfo.project.name)) {
    // Without JavaScript the details are there to select, and no button that cannot work.
    await expect(copy).toHaveCount(0);
    return;
  }
  const buttons = copy.getByRole("button");
  await expect(buttons).toHaveCount(3);
  // They line up: one row, same top, same height, inside the phone's width.
  const boxes = await Promise.all(
    (await buttons.all()).map(async (b) => (await b.boundingBox())!),
  );
  for (const box of boxes) {
    expect(box.y).toBe(boxes[0].y);
    expect(box.height).toBe(boxes[0].height);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await copy.getByRole("button", { name: "Copy number" }).click();
  await expect(copy.getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^\d{12}4242$/,
  );
  await copy.getByRole("button", { name: "Copy CVC" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^\d{3}$/,
  );
});

/**
 * A Chromium that can open an app window (the whole browser: its headless shell has no app
 * windows, and DevTools' media emulation ignores display-mode).
 */
function appWindowBrowser(): string | null {
  const given = process.env.CHROMIUM_PATH;
  const candidates = [
    ...(given && !isHeadlessShell(given) ? [given] : []),
    "/usr/lib/chromium/chromium",
    "/usr/bin/chromium",
    "/usr/bin/google-chrome",
  ];
  return candidates.find(isExecutable) ?? null;
}

test("installed: the card page in an app window at 375 px, in standalone display mode", async ({
  baseURL,
}, testInfo) => {
  test.skip(
    isNoJs(testInfo.project.name),
    "one run is enough: the window's display mode, not the page's script",
  );
  const executablePath = appWindowBrowser();
  test.skip(
    executablePath === null,
    "needs the whole Chromium (an app window); only its headless shell is here",
  );
  const { user, card } = await employeeWithCard();
  // The window the installed app opens (Chromium's --app): display-mode standalone.
  const app = await chromium.launchPersistentContext("", {
    executablePath: executablePath!,
    args: ["--no-sandbox", `--app=${baseURL}/offline`],
    viewport: { width: 375, height: 740 },
    baseURL,
  });
  try {
    const header = await createUserSessionHeader(
      new Request(baseURL!),
      { userId: user.id, role: user.role },
      false,
    );
    const [name, ...value] = header.split(";")[0].split("=");
    await app.addCookies([
      { name, value: value.join("="), url: baseURL!, httpOnly: true },
    ]);
    const page = app.pages()[0] ?? (await app.newPage());
    await page.goto(`/cards/${card.id}`);
    expect(
      await page.evaluate(
        () => matchMedia("(display-mode: standalone)").matches,
      ),
    ).toBe(true);
    await expect(
      page.getByRole("heading", { name: "Grocery card 4242" }),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Show card details" }),
    ).toBeInViewport();
    // Nothing scrolls sideways in the installed window.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      ),
    ).toBe(true);
    await attachScreenshot(page, "installed-card-375");
  } finally {
    await app.close();
  }
});
