import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: {
    alias: {
      "~": path.join(root, "app"),
      "#db": path.join(root, "db"),
      "#tests": path.join(root, "tests"),
    },
  },
  test: {
    include: [
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.{ts,tsx}",
    ],
    globals: true,
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-env.ts"],
    pool: "forks",
    // Vitest's default on this 2-core machine is one file at a time (CPUs - 1). Two at once:
    // much of a database test's time is spent waiting (on PostgreSQL, on the job queue's
    // polling and retries, on the test SMTP server), and PGlite runs in the file's own process.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
