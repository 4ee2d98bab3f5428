// The reviewed advisories (security/advisories.json) against a lockfile, offline: every package
// version the lockfile resolves inside an advisory's affected range must have a verdict given
// for that version. scripts/audit.ts runs it in CI's audit step; tests/unit/advisories.test.ts
// runs it on package-lock.json and on lockfiles it writes.
import fs from "node:fs";
import path from "node:path";
import semver from "semver";

export const VERDICTS = ["patched", "not-reachable", "not-affected"] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Advisory {
  id: string;
  aliases?: string[];
  package: string;
  /** A semver range; "*" where the advisory's own range is not known. */
  affected: string;
  title: string;
  reachable?: boolean;
  verdict: Verdict;
  /** The versions the verdict was given for (patched and not-reachable only). */
  reviewedVersions?: string;
  reason: string;
  patch?: string[];
  test?: string;
}

export interface LockedPackage {
  name: string;
  version: string;
  /** Where the lockfile puts it, e.g. node_modules/@remix-run/react/node_modules/turbo-stream. */
  location: string;
}

const range = { includePrerelease: true };

/** Every installed package of an npm lockfile (v2 or v3: its `packages` map). */
export function lockedPackages(lockfile: string): LockedPackage[] {
  const lock = JSON.parse(fs.readFileSync(lockfile, "utf8")) as {
    packages?: Record<
      string,
      { name?: string; version?: string; link?: boolean }
    >;
  };
  if (!lock.packages) {
    throw new Error(
      `${lockfile} has no "packages" map (lockfileVersion 2 or 3 needed)`,
    );
  }
  const found: LockedPackage[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const at = location.lastIndexOf("node_modules/");
    if (at < 0 || entry.link || !entry.version) continue;
    const name = entry.name ?? location.slice(at + "node_modules/".length);
    found.push({ name, version: entry.version, location });
  }
  return found;
}

export function readAdvisories(file: string): Advisory[] {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as {
    advisories: Advisory[];
  };
  return data.advisories;
}

/** What is wrong with the review itself: ranges, verdicts, reasons, the files it names. */
export function reviewProblems(advisories: Advisory[], root: string): string[] {
  const problems: string[] = [];
  for (const a of advisories) {
    const name = `${a.id} (${a.package})`;
    if (!a.id || !a.package || !a.title)
      problems.push(`${name}: id, package and title are needed`);
    if (semver.validRange(a.affected, range) === null)
      problems.push(
        `${name}: affected range "${a.affected}" is not a semver range`,
      );
    if (!VERDICTS.includes(a.verdict))
      problems.push(
        `${name}: verdict "${a.verdict}" is not one of ${VERDICTS.join(", ")}`,
      );
    if (!a.reason?.trim()) problems.push(`${name}: no reason given`);
    if (a.verdict !== "not-affected") {
      if (
        !a.reviewedVersions ||
        semver.validRange(a.reviewedVersions, range) === null
      )
        problems.push(
          `${name}: a ${a.verdict} verdict needs the versions it was given for`,
        );
    }
    if (a.verdict === "patched" && !a.patch?.length)
      problems.push(`${name}: a patched verdict names its patch`);
    for (const file of [...(a.patch ?? []), ...(a.test ? [a.test] : [])]) {
      if (!fs.existsSync(path.join(root, file)))
        problems.push(`${name}: ${file} does not exist`);
    }
  }
  return problems;
}

/**
 * The lockfile's packages that fall in an advisory's affected range with no verdict for their
 * version: a not-affected verdict (the range was judged not to include the locked version)
 * counts as none, as does a verdict reviewed for other versions.
 */
export function unreviewed(
  packages: LockedPackage[],
  advisories: Advisory[],
): string[] {
  const problems: string[] = [];
  for (const pkg of packages) {
    for (const a of advisories) {
      if (a.package !== pkg.name) continue;
      if (semver.validRange(a.affected, range) === null) continue;
      if (!semver.satisfies(pkg.version, a.affected, range)) continue;
      const covered =
        a.verdict !== "not-affected" &&
        a.reviewedVersions !== undefined &&
        semver.satisfies(pkg.version, a.reviewedVersions, range);
      if (!covered) {
        problems.push(
          `${pkg.name}@${pkg.version} (${pkg.location}) is in the affected range of ${a.id} ` +
            `(${a.affected}) with no verdict for this version`,
        );
      }
    }
  }
  return problems;
}

export interface AdvisoryCheck {
  problems: string[];
  /** How many locked packages fell in an affected range, each with its verdict. */
  inRange: { package: string; version: string; id: string; verdict: Verdict }[];
  advisories: number;
}

/** The whole check: the review's own problems and the lockfile's unreviewed versions. */
export function checkAdvisories(
  lockfile: string,
  advisoriesFile: string,
  root = path.resolve(import.meta.dirname, ".."),
): AdvisoryCheck {
  const advisories = readAdvisories(advisoriesFile);
  const packages = lockedPackages(lockfile);
  const inRange: AdvisoryCheck["inRange"] = [];
  for (const pkg of packages) {
    for (const a of advisories) {
      if (
        a.package === pkg.name &&
        semver.validRange(a.affected, range) !== null &&
        semver.satisfies(pkg.version, a.affected, range)
      ) {
        inRange.push({
          package: pkg.name,
          version: pkg.version,
          id: a.id,
          verdict: a.verdict,
        });
      }
    }
  }
  return {
    problems: [
      ...reviewProblems(advisories, root),
      ...unreviewed(packages, advisories),
    ],
    inRange,
    advisories: advisories.length,
  };
}
