import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// scripts/ has no alias (it is compiled on its own at build time, like scripts/server-build).
// eslint-disable-next-line no-restricted-imports
import {
  checkAdvisories,
  lockedPackages,
  readAdvisories,
  reviewProblems,
  type Advisory,
} from "../../scripts/advisories";

// The reviewed advisories (security/advisories.json, SECURITY.md): no advisory service answers
// `npm audit` from these machines, so the known advisories of each dependency are kept with a
// verdict per version, and the lockfile is checked against them offline (scripts/advisories.ts,
// run by CI's audit step, scripts/audit.ts).

const root = path.resolve(import.meta.dirname, "../..");
const lockfile = path.join(root, "package-lock.json");
const advisoriesFile = path.join(root, "security/advisories.json");

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "advisories-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** package-lock.json with some packages' versions changed (location → version), written out. */
function craftedLockfile(changes: Record<string, string>): string {
  const lock = JSON.parse(fs.readFileSync(lockfile, "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  for (const [location, version] of Object.entries(changes)) {
    lock.packages[location] = { ...lock.packages[location], version };
  }
  const file = path.join(
    dir,
    `package-lock-${Object.keys(changes).length}-${Date.now()}.json`,
  );
  fs.writeFileSync(file, JSON.stringify(lock));
  return file;
}

describe("the reviewed advisories", () => {
  it("give a verdict for every affected version package-lock.json resolves", () => {
    const check = checkAdvisories(lockfile, advisoriesFile, root);
    expect(check.problems).toEqual([]);
    expect(check.inRange).toContainEqual({
      package: "@remix-run/server-runtime",
      version: "2.17.5",
      id: "CVE-2026-55685",
      verdict: "patched",
    });
    expect(check.inRange).toContainEqual({
      package: "turbo-stream",
      version: "2.4.1",
      id: "CVE-2026-34077",
      verdict: "not-reachable",
    });
  });

  it("cover every framework advisory SECURITY.md gives a verdict for", () => {
    const ids = new Set(readAdvisories(advisoriesFile).map((a) => a.id));
    const security = fs.readFileSync(path.join(root, "SECURITY.md"), "utf8");
    for (const id of [
      "CVE-2026-42342",
      "CVE-2026-34077",
      "CVE-2026-55685",
      "CVE-2026-53666",
      "CVE-2026-40181",
      "CVE-2026-33244",
    ]) {
      expect(ids, id).toContain(id);
      expect(security, id).toContain(id);
    }
  });

  it("fail on a lockfile that resolves an affected version with no verdict for it", () => {
    // turbo-stream 2.4.2 is still below 3.0.0, but the verdict was given for 2.4.1 only.
    const newer = craftedLockfile({ "node_modules/turbo-stream": "2.4.2" });
    expect(checkAdvisories(newer, advisoriesFile, root).problems).toEqual([
      "turbo-stream@2.4.2 (node_modules/turbo-stream) is in the affected range of " +
        "CVE-2026-34077 (<3.0.0) with no verdict for this version",
    ]);

    // A version before a fix: the not-affected verdict was for versions past the range.
    const older = craftedLockfile({
      "node_modules/@remix-run/server-runtime": "2.17.4",
      "node_modules/some-tool/node_modules/@remix-run/router": "1.23.2",
    });
    const problems = checkAdvisories(older, advisoriesFile, root).problems;
    expect(problems).toContain(
      "@remix-run/server-runtime@2.17.4 (node_modules/@remix-run/server-runtime) is in the " +
        "affected range of CVE-2026-42342 (>=2.10.0 <2.17.5) with no verdict for this version",
    );
    expect(problems).toContain(
      "@remix-run/router@1.23.2 (node_modules/some-tool/node_modules/@remix-run/router) is in " +
        "the affected range of CVE-2026-40181 (<1.23.3) with no verdict for this version",
    );
    // The patched verdict does not follow the package to a version it was not reviewed for.
    expect(problems).toContain(
      "@remix-run/server-runtime@2.17.4 (node_modules/@remix-run/server-runtime) is in the " +
        "affected range of CVE-2026-55685 (>=2.10.0) with no verdict for this version",
    );
  });

  it("fail in CI's audit step before npm audit runs", () => {
    const newer = craftedLockfile({ "node_modules/turbo-stream": "2.4.2" });
    const run = spawnSync(
      "npx",
      ["tsx", "scripts/audit.ts", "--lockfile", newer],
      {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("turbo-stream@2.4.2");
    expect(run.stdout).not.toContain("npm audit");
  });

  it("refuse an entry without a verdict, a range or a reason", () => {
    const entry: Advisory = {
      id: "CVE-0000-0001",
      package: "turbo-stream",
      affected: "<3.0.0",
      title: "an example",
      verdict: "not-reachable",
      reviewedVersions: "2.4.1",
      reason: "why",
    };
    expect(reviewProblems([entry], root)).toEqual([]);
    expect(
      reviewProblems(
        [{ ...entry, verdict: undefined as unknown as "patched" }],
        root,
      ),
    ).toEqual([
      `CVE-0000-0001 (turbo-stream): verdict "undefined" is not one of patched, not-reachable, not-affected`,
    ]);
    expect(reviewProblems([{ ...entry, affected: "three" }], root)).toEqual([
      `CVE-0000-0001 (turbo-stream): affected range "three" is not a semver range`,
    ]);
    expect(
      reviewProblems([{ ...entry, reviewedVersions: undefined }], root),
    ).toHaveLength(1);
    expect(reviewProblems([{ ...entry, reason: " " }], root)).toHaveLength(1);
    expect(
      reviewProblems(
        [{ ...entry, verdict: "patched", patch: ["patches/none.patch"] }],
        root,
      ),
    ).toEqual([
      "CVE-0000-0001 (turbo-stream): patches/none.patch does not exist",
    ]);
  });

  it("read every installed package of the lockfile, nested ones too", () => {
    const packages = lockedPackages(lockfile);
    expect(packages).toContainEqual({
      name: "turbo-stream",
      version: "2.4.1",
      location: "node_modules/turbo-stream",
    });
    expect(packages.some((p) => p.location.includes("/node_modules/"))).toBe(
      true,
    );
    expect(packages.find((p) => p.location === "")).toBeUndefined();
  });
});
