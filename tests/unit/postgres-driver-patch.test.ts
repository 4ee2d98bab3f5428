import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "~/utils/db.server";
import { serveEmbeddedPostgres } from "#tests/e2e/support/embedded-postgres";

// postgres.js 3.4.9 can throw from a timer when a connection closes under a small write
// (porsager/postgres#1154, #1208): no caller can catch it, and it ends the web process. A
// patch applied at install (patches/postgres+3.4.9.patch, decision 0072) settles the
// queries with CONNECTION_CLOSED instead. Here the installed driver survives the defect's
// trigger, and a copy of the driver with the patch taken out dies of it, so this test proves
// the patch is what saves the process. When the unpatched copy stops dying (upstream fixed it),
// the decision record says how to drop the patch.

const root = path.resolve(import.meta.dirname, "../..");
const driver = path.join(root, "node_modules/postgres");
const script = path.join(root, "tests/support/closed-connection-writes.mjs");
const startupScript = path.join(root, "tests/support/startup-termination.mjs");
const PATCH_BLOCK =
  /\n {4}if \(!socket\) \{\n {6}\/\/ Grocery Advance patch[\s\S]*?return false\n {4}\}/;

function run(entry: string, url: string, file = script) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      const child = spawn(process.execPath, [file, entry, url]);
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("exit", (code) => resolve({ code, stdout, stderr }));
    },
  );
}

let url: string;
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  // A PostgreSQL server when the run has one, else PGlite served over the wire protocol.
  if (process.env.TEST_DATABASE_URL) {
    url = process.env.TEST_DATABASE_URL;
  } else {
    const pglite = await PGlite.create(PGLITE_OPTIONS);
    const served = await serveEmbeddedPostgres(pglite);
    url = served.url;
    close = async () => {
      await served.close();
      await pglite.close();
    };
  }
});

afterAll(() => close());

describe("postgres.js: a connection that closes under a small write", () => {
  it("every build of the installed driver carries the patch", () => {
    for (const build of ["src", "cjs/src", "cf/src"]) {
      const source = fs.readFileSync(
        path.join(driver, build, "connection.js"),
        "utf8",
      );
      expect(source, build).toMatch(PATCH_BLOCK);
    }
  });

  it("the patched driver rejects the queries with CONNECTION_CLOSED and the process lives", async () => {
    for (const entry of ["src/index.js", "cjs/src/index.js"]) {
      const result = await run(path.join(driver, entry), url);
      expect(result.stderr, entry).toBe("");
      expect(result.code, entry).toBe(0);
      expect(JSON.parse(result.stdout), entry).toEqual({
        first: "CONNECTION_CLOSED",
        second: "CONNECTION_CLOSED",
      });
    }
  });

  it("without the patch the same driver dies of an uncaught TypeError (so the test sees the defect)", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "ga-postgres-"));
    try {
      fs.cpSync(driver, copy, { recursive: true });
      const file = path.join(copy, "src/connection.js");
      const unpatched = fs.readFileSync(file, "utf8").replace(PATCH_BLOCK, "");
      expect(unpatched).not.toMatch(PATCH_BLOCK);
      fs.writeFileSync(file, unpatched);
      const result = await run(path.join(copy, "src/index.js"), url);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(
        "Cannot read properties of null (reading 'write')",
      );
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

// The same driver sets up each new connection with a query of its own (the array types,
// `fetch_types`). When the server ends the connection during it (a failover's demotion, a
// terminated backend: 57P01), 3.4.9 leaves that query's rejection unhandled and replays the
// old error onto the application's first query on the next connection (porsager/postgres#1223,
// #1192, #1205; seen in the failover test as "unhandled rejection; still serving"). The patch
// settles the setup query when its connection closes and forgets the error.
const STARTUP_PATCHES: Array<[RegExp, string]> = [
  [
    /if \(initial\) \{\n {6}\/\/ Grocery Advance patch[\s\S]*?return reconnect\(\)\n {4}\}/,
    "if (initial)\n      return reconnect()",
  ],
  [
    /\/\/ Grocery Advance patch \(startup\): nothing else[\s\S]*?return fetchArrayTypes\(\)\.catch\([^\n]*\)/,
    "return fetchArrayTypes()",
  ],
  [/\n {4}\/\/ Grocery Advance patch \(startup\): as for[^\n]*\n[^\n]*/, ""],
];

describe("postgres.js: a connection ended while it sets itself up", () => {
  it("every build of the installed driver carries the patch", () => {
    for (const build of ["src", "cjs/src", "cf/src"]) {
      const source = fs.readFileSync(
        path.join(driver, build, "connection.js"),
        "utf8",
      );
      for (const [patched] of STARTUP_PATCHES)
        expect(source, build).toMatch(patched);
    }
  });

  it("the patched driver answers the query on the next connection and leaves nothing unhandled", async () => {
    for (const entry of ["src/index.js", "cjs/src/index.js"]) {
      const result = await run(path.join(driver, entry), url, startupScript);
      expect(result.stderr, entry).toBe("");
      expect(JSON.parse(result.stdout), entry).toEqual({
        answer: 1,
        connections: 2,
        unhandled: [],
      });
    }
  });

  it("without the patch the query gets the old connection's 57P01 and a rejection goes unhandled", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "ga-postgres-"));
    try {
      fs.cpSync(driver, copy, { recursive: true });
      const file = path.join(copy, "src/connection.js");
      let unpatched = fs.readFileSync(file, "utf8");
      for (const [patched, original] of STARTUP_PATCHES)
        unpatched = unpatched.replace(patched, original);
      expect(unpatched).not.toContain("Grocery Advance patch (startup)");
      expect(unpatched).not.toContain(
        "Grocery Advance patch (docs/decisions/0072, startup)",
      );
      fs.writeFileSync(file, unpatched);
      const result = await run(
        path.join(copy, "src/index.js"),
        url,
        startupScript,
      );
      expect(JSON.parse(result.stdout)).toEqual({
        answer: "57P01",
        connections: 2,
        unhandled: ["57P01"],
      });
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
