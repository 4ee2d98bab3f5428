import { chromium, expect, test, type Browser } from "@playwright/test";
import lighthouse from "lighthouse";

// The browser audit the public pages were found wanting by (Lighthouse 12, mobile): a meta
// description, a real /robots.txt, nothing in the console (a Content-Security-Policy report on
// /auth was one). Run offline against the test server, on the categories that do not depend on
// the network's speed: SEO, best practices and accessibility. Performance stays in the benchmarks
// (npm run bench), never in a test. One browser, two pages, so the audit costs CI seconds, not
// minutes. The two audits share the browser: Lighthouse opens a tab of its own for each.

const port = Number(process.env.E2E_PORT ?? 3199);
const debuggingPort = port + 200;
const base = `http://localhost:${port}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH,
    args: [`--remote-debugging-port=${debuggingPort}`, "--no-sandbox"],
  });
});
test.afterAll(() => browser?.close());

for (const page of ["/auth", "/how-it-works"]) {
  test(`Lighthouse finds nothing to fix on ${page}`, async () => {
    const result = await lighthouse(
      `${base}${page}`,
      {
        port: debuggingPort,
        output: "json",
        logLevel: "error",
        onlyCategories: ["seo", "best-practices", "accessibility"],
      },
      undefined,
    );
    const lhr = result!.lhr;
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          (audit.scoreDisplayMode === "binary" ||
            audit.scoreDisplayMode === "numeric"),
      )
      .map((audit) => `${audit.id}: ${audit.title}`);
    expect(failing, "audits that did not pass").toEqual([]);
    for (const id of ["meta-description", "robots-txt", "errors-in-console"])
      expect(lhr.audits[id].score, id).toBe(1);
    for (const category of ["seo", "best-practices", "accessibility"])
      expect(lhr.categories[category].score, category).toBe(1);
  });
}
