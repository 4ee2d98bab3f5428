import {
  chromium as playwrightChromium,
  defineConfig,
  devices,
} from "@playwright/test";
import { chromiumOrInstall, thisMachine } from "./support/chromium";

const port = Number(process.env.E2E_PORT ?? 3199);

// CHROMIUM_PATH, the system's Chromium, or Playwright's download; installed from Debian where
// none exists and that is possible, else the run stops with one line (support/chromium.ts).
const browser = chromiumOrInstall(
  thisMachine(() => playwrightChromium.executablePath()),
);
if ("error" in browser) {
  console.error(browser.error);
  process.exit(1);
}
process.env.CHROMIUM_PATH = browser.path;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: browser.path,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "./e2e",
  // The root tsconfig.json's paths, but `~/utils/password.server` resolves to
  // tests/support/e2e-password.ts in this process: the factories' one password is hashed once
  // per worker by real scrypt at the tests' cost (N=2^10), and every check reads the cost from
  // the hash. The server under test is the production build and hashes as in production.
  tsconfig: "./playwright.tsconfig.json",
  outputDir: "../test-results",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // CI (.ci/run) sets E2E_RETRIES=1: a test that fails and then passes is reported as flaky,
  // not as a failure of the change. Locally a failure is a failure.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  timeout: 30_000,
  // An assertion waits up to 10 s: a sign-in (scrypt) on a shared two-core machine busy with
  // the other worker's axe scans has taken more than 5 s. Speed is measured by the benchmarks
  // (npm run bench), not here; a page that never arrives still fails.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records a screenshot at every step: a quarter of the suite's time on this
    // machine's two cores. A failure still prints its page's accessibility
    // snapshot and keeps a screenshot; E2E_TRACE=retain-on-failure records traces to debug one.
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
    // Operations: the server as a process (shutdown, logs, faults, several instances).
    // A server's start (and, once a build, seeding the embedded database it copies) can take
    // a slow machine's half minute: a hook that starts servers has 90 s.
    { name: "ops", testDir: "./ops", timeout: 90_000, use: { ...chromium } },
    // A real pg_auto_failover formation under load: only with `npm run test:failover`
    // (FAILOVER_TEST=1); skipped, saying so, where pg_auto_failover is not installed.
    ...(process.env.FAILOVER_TEST
      ? [{ name: "failover", testDir: "./failover", use: { ...chromium } }]
      : []),
  ],
});
