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
  outputDir: "../test-results",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
    // Operations: the server as a process (shutdown, logs, faults, several instances).
    { name: "ops", testDir: "./ops", use: { ...chromium } },
    // A real pg_auto_failover formation under load: only with `npm run test:failover`
    // (FAILOVER_TEST=1); skipped, saying so, where pg_auto_failover is not installed.
    ...(process.env.FAILOVER_TEST
      ? [{ name: "failover", testDir: "./failover", use: { ...chromium } }]
      : []),
  ],
});
