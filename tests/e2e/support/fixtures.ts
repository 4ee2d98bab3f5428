import fs from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import {
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import type { User } from "#db/schema";
import { connectPostgres, setConnection } from "~/utils/db.server";
import { createUserSessionHeader } from "~/web/session.server";

let connected = false;
function ensureDatabase() {
  if (connected) return;
  const url = process.env.E2E_APP_DATABASE_URL;
  if (!url)
    throw new Error(
      "E2E_APP_DATABASE_URL is not set (global setup did not run)",
    );
  process.env.SEED_DEMO = "false";
  setConnection(connectPostgres(url, 4));
  connected = true;
}

type Fixtures = {
  /** Console errors this test expects (substring match); any other one fails the test. */
  allowConsoleErrors: string[];
  /** Connects the models to the server's database, so tests create data through them. */
  models: void;
  loginAs: (user: User) => Promise<void>;
};

/** How a navigation superseded by the next one ends (see the page fixture). */
const SUPERSEDED_NAVIGATION = "AbortError: signal is aborted without reason";

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  models: [
    async ({}, use) => {
      ensureDatabase();
      await use();
    },
    { auto: true },
  ],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      // A page that answers 4xx on purpose (403, 404, a refused login) logs its own status,
      // for the page or its data URL (single fetch: <path>.data, /_root.data for /); the tests
      // assert those statuses. Any other failed resource still fails the test.
      const pageOf = (url: string) =>
        url
          .split(/[?#]/)[0]
          .replace(/\/_root\.data$/, "/")
          .replace(/\.data$/, "");
      if (
        text.startsWith(
          "Failed to load resource: the server responded with a status of 4",
        ) &&
        pageOf(msg.location().url) === pageOf(page.url())
      )
        return;
      // The live-update stream of a page whose session just ended (a test switching users)
      // is refused with 401 until the page moves on; the browser logs that refusal.
      if (
        text.includes("status of 401") &&
        msg.location().url.split("?")[0].endsWith("/api/events")
      )
        return;
      // The superseded navigation of the upstream fault below, when its abort lands while
      // single fetch decodes the answer: Remix logs the AbortError before giving up on it.
      if (text.startsWith(SUPERSEDED_NAVIGATION)) return;
      if (allowConsoleErrors.some((allowed) => text.includes(allowed))) return;
      errors.push(text);
    });
    page.on("pageerror", (error) => {
      // A navigation superseded by the next one (a second click while a form's post is in
      // flight) ends its single-fetch request with an AbortError that React Router leaves
      // unhandled: upstream's known fault (remix-run/react-router#14203, fix proposed in #14761;
      // docs/upstream.md). The page goes on to the newer navigation; anything else still fails.
      // (Playwright hands the DOMException over as an Error whose message is its whole text.)
      if (`${error.name}: ${error.message}`.includes(SUPERSEDED_NAVIGATION))
        return;
      errors.push(error.message);
    });
    await use(page);
    expect(errors, "unexpected console errors").toEqual([]);
  },
  loginAs: async ({ context, baseURL }, use) => {
    // Signing in through the UI is tested in auth.spec.ts; other tests set the same signed
    // session cookie the login action would set.
    await use(async (user: User) => {
      const header = await createUserSessionHeader(
        new Request(baseURL!),
        { userId: user.id, role: user.role },
        false,
      );
      const [pair] = header.split(";");
      const [name, ...value] = pair.split("=");
      await context.addCookies([
        {
          name,
          value: value.join("="),
          url: baseURL!,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
    });
  },
});

export { expect };

/**
 * Waits until React has taken over the element (a form, usually). Until then a submit is the
 * browser's own: its required-field check stops the post without a message in the page, or
 * the post goes to the server, which answers with the same messages after a reload. A test of
 * the browser's messages waits for this before it clicks.
 */
export async function expectHydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith("__reactFiber")),
      ),
    )
    .toBe(true);
}

/**
 * No serious or critical axe violation on the current page. axe runs as a script in the page,
 * so the scan happens in the JavaScript project; the no-JS project renders the same markup.
 */
export async function expectAccessible(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  // axe-core itself, put in the page once and run there: the same rules on the same page as
  // @axe-core/playwright's legacy mode, which evaluated the 1.3 MB unminified source twice and
  // asked the page four times more per scan (decision 0156). Only
  // cross-origin frames would go unscanned, and these pages have none. Only the violations
  // are read (axe's resultTypes option): the same rules run on every node, and a violation
  // still lists every node it was found on.
  await page.evaluate(axeSource());
  const bad = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<AxeResults> };
    };
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
  });
  expect(bad).toEqual([]);
}

let axeScript: string | undefined;
/** axe-core's minified build, read once per worker. */
function axeSource(): string {
  axeScript ??= fs.readFileSync(
    createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
    "utf8",
  );
  return axeScript;
}

/**
 * Attaches a full-page JPEG of the page to the report (and writes it to `path` when given), for
 * a person to look at. CI keeps no report, so it sets E2E_SCREENSHOTS=0 and none is taken.
 */
export async function attachScreenshot(
  page: Page,
  name: string,
  options: { quality?: number; path?: string } = {},
) {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  await test.info().attach(name, {
    body: await page.screenshot({
      fullPage: true,
      type: "jpeg",
      quality: options.quality ?? 50,
      ...(options.path ? { path: options.path } : {}),
    }),
    contentType: "image/jpeg",
  });
}

/** On /settings: an auto-approval limit over the maximum advance is saved, and refused. */
export async function saveLimitOverMaximum(page: Page) {
  await page.getByLabel("Maximum advance").fill("300");
  await page.getByLabel("Auto-approval limit").fill("350");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(
    messageText(page, "Auto-approval limit cannot exceed the maximum advance"),
  ).toBeVisible();
}

export const isNoJs = (projectName: string) => projectName === "no-js";

/**
 * Presses Submit Request on /request. A submission whose cost the page had not shown (without
 * JavaScript, or before the form's code arrived) is first answered with its cost, the review
 * step: this confirms it. Returns once the page left /request, showed an
 * error, or confirmed.
 */
export async function submitRequest(page: Page) {
  const submit = page.getByRole("button", { name: "Submit Request" });
  const review = page.getByTestId("review-note");
  await submit.click();
  const quiet = <T>(p: Promise<T>) => p.catch(() => undefined);
  const outcome = await Promise.race([
    quiet(review.waitFor({ state: "visible" }).then(() => "review")),
    quiet(
      page.waitForURL((url) => url.pathname !== "/request").then(() => "left"),
    ),
    quiet(
      page
        .locator("[aria-invalid=true], [role=alert]")
        .first()
        .waitFor()
        .then(() => "error"),
    ),
  ]);
  if (outcome === "review") await submit.click();
}

/**
 * Opens a <details> disclosure by clicking its summary, and waits until it is open. Once in
 * several hundred runs on a loaded machine the first click left it closed (not reproduced
 * with the page's code held back or the CPU busy), so the click is made again only while
 * the element itself says it is closed: a second click never closes it.
 */
export async function openDisclosure(summary: Locator) {
  const details = summary.locator("xpath=..");
  await expect(async () => {
    if ((await details.getAttribute("open")) === null) await summary.click();
    await expect(details).toHaveAttribute("open", "", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * `text` where the page explains it: under its field, or in the form's own error block; not
 * the error summary's link to it at the top of the form, which the summary's
 * own tests check.
 */
export function messageText(scope: Page | Locator, text: string | RegExp) {
  // Outside the summary, as the whole page sees it (a scope's own selector looks only within).
  const page = "page" in scope ? scope.page() : scope;
  return scope
    .getByText(text)
    .and(page.locator(":not([data-testid=error-summary] *)"));
}

/** The error summary's link to a message. */
export function summaryLink(scope: Page | Locator, text: string | RegExp) {
  return scope.getByTestId("error-summary").getByRole("link", { name: text });
}
