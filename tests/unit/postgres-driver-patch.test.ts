import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "~/utils/db.server";
import { serveEmbeddedPostgres } from "#tests/e2e/support/embedded-postgres";

// postgres.js 3.4.9 can throw from a timer when a connection closes under a small write
// (porsager/postgres#1154, #1208): no caller can catch it, and it ends the web process. A
// patch applied at install (patches/postgres+3.4.9.patch, docs/decisions/0072) settles the
// queries with CONNECTION_CLOSED instead. Here the installed driver survives the defect's
// trigger, and a copy of the driver with the patch taken out dies of it, so this test proves
// the patch is what saves the process. When the unpatched copy stops dying (upstream fixed it),
// the decision record says how to drop the patch.

const root = path.resolve(import.meta.dirname, "../..");
const driver = path.join(root, "node_modules/postgres");
const script = path.join(root, "tests/support/closed-connection-writes.mjs");
const PATCH_BLOCK =
  /\n {4}if \(!socket\) \{\n {6}\/\/ Grocery Advance patch[\s\S]*?return false\n {4}\}/;

function run(entry: string, url: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      const child = spawn(process.execPath, [script, entry, url]);
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
      expect(unpatched).not.toContain("Grocery Advance patch");
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
