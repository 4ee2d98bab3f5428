import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Every test file, relative to the root. */
function testFiles(): string[] {
  return ["tests/unit", "tests/integration"].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.posix.join(dir, file.split(path.sep).join("/"))),
  );
}

/**
 * The files whose outcome depends on the database the run is given: they take the test
 * database (useTestDatabase) or read TEST_DATABASE_URL. The rest (pure functions, the docs,
 * the tests that always make their own PGlite) give the same result on either database.
 */
function databaseTestFiles(): string[] {
  return testFiles().filter(
    (file) =>
      /useTestDatabase\(|TEST_DATABASE_URL/.test(read(file)) &&
      !ONE_DATABASE.test(read(file)),
  );
}

/**
 * A file that takes a database only to hold its fixtures, whose outcome is the request
 * handling's (the authorization matrix, the generated bad input, the API's answers and the
 * OpenAPI document, a page's markup and language), says so with this comment and a reason; the
 * second pass leaves it out. What each database refuses or computes differently, and code with
 * a branch per database kind, has its own tests, which run on both (decision 0147).
 */
const ONE_DATABASE = /^\/\/ One database is enough: \S/m;

/** Files that replace app modules of their own (vi.mock): they need a module graph each. */
const MOCKING = /vi\.(mock|doMock|unmock|resetModules)\(/;
const selected = process.env.VITEST_DATABASE_TESTS
  ? databaseTestFiles()
  : testFiles();
const isolated = selected.filter((file) => MOCKING.test(read(file)));
const shared = selected.filter((file) => !isolated.includes(file));

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
    // VITEST_DATABASE_TESTS=1: only the tests that depend on the database, for a second pass
    // on the other database (.ci/run runs every test on PostgreSQL, then these on PGlite).
    // Files that mock app modules run each in a fresh process (Vitest's isolation); the rest
    // share a process per worker, one file after another, and so import the app once per
    // worker instead of once per file (a fifth of the run). Each of them takes its own
    // database and servers in beforeAll and gives them back in afterAll.
    projects: [
      {
        extends: true,
        test: { name: "isolated", include: isolated, isolate: true },
      },
      {
        extends: true,
        test: { name: "shared", include: shared, isolate: false },
      },
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
