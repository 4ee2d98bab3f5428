import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// `npm run build` unless the build on disk was made from exactly these sources. The browser
// tests, the operations tests and the failover test each run against the build; in CI the
// failover phase follows `npm test`, which has just built the same tree (a second build: ~40 s
// of a slow machine's two cores). What the build reads is hashed by content, not by date: a
// checkout, an edit or a new file anywhere in it makes a new build, and so does another Node.
// Plain JavaScript run by node: no compiler to start first.
// Usage: node tests/support/build-if-stale.mjs

const root = path.resolve(import.meta.dirname, "../..");
const stamp = path.join(root, "build/.sources-sha256");

/** The directories and files the build reads (public/build is its own output). */
const INPUTS = [
  "app",
  "db",
  "public",
  "scripts",
  "patches",
  "remix.config.js",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
const OUTPUTS = [path.join(root, "public/build")];

/** @param {string} entry @returns {string[]} */
function files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(entry, f))
    .filter(
      (f) =>
        !OUTPUTS.some((out) => path.join(root, f).startsWith(out)) &&
        fs.statSync(path.join(root, f)).isFile(),
    );
}

function sourcesHash() {
  const hash = createHash("sha256");
  hash.update(`${process.version} ${process.env.NODE_ENV ?? ""}\n`);
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

const before = sourcesHash();
const built = [
  "build/index.js",
  "build/scripts/server.js",
  "public/build",
].every((f) => fs.existsSync(path.join(root, f)));
if (
  built &&
  fs.existsSync(stamp) &&
  fs.readFileSync(stamp, "utf8") === before
) {
  console.log("The build is current (its sources are unchanged): not rebuilt.");
} else {
  fs.rmSync(stamp, { force: true });
  execFileSync("npm", ["run", "build", "--silent"], {
    cwd: root,
    stdio: "inherit",
  });
  // The hash taken before the build: a file changed while it ran makes the next check build.
  fs.writeFileSync(stamp, before);
}
