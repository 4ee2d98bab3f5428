import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);

// Debian's Chromium (apt-get install chromium): `npx playwright install` cannot download here.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  ],
});
