// CI's audit step (.ci/run runs it through tsx right after npm ci), in two parts:
//
// 1. Offline, always: the reviewed advisories (security/advisories.json, SECURITY.md) against
//    package-lock.json. Fails when the lockfile resolves a version inside an advisory's affected
//    range that has no verdict for that version (scripts/advisories.ts).
// 2. `npm audit --omit=dev`: fails on any high or critical finding in the production
//    dependencies. When the registry cannot answer an audit (unreachable, or a mirror without the
//    audit endpoint, which answers 404/405), it says so and passes: the reviewed list above and
//    the last review in docs/decisions/0019-dependency-audit.md stand until an audit can run.
//
// `--lockfile <file>` checks another lockfile in part 1 (the tests give it one they wrote).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { checkAdvisories } from "./advisories.js";

const root = path.resolve(import.meta.dirname, "..");
const lockArg = process.argv.indexOf("--lockfile");
const lockfile =
  lockArg > 0
    ? path.resolve(process.argv[lockArg + 1])
    : path.join(root, "package-lock.json");

const reviewed = checkAdvisories(
  lockfile,
  path.join(root, "security/advisories.json"),
  root,
);
if (reviewed.problems.length > 0) {
  console.log(
    `Reviewed advisories (security/advisories.json) against ${path.relative(root, lockfile)}:`,
  );
  for (const problem of reviewed.problems) console.log(`  ${problem}`);
  console.log(
    "Review each: add or update its entry (verdict, the versions it covers, why) and SECURITY.md.",
  );
  process.exit(1);
}
console.log(
  `Reviewed advisories: ${reviewed.advisories} known, ${reviewed.inRange.length} in the ` +
    `lockfile's range, each with a verdict for its version (` +
    reviewed.inRange
      .map((r) => `${r.id} ${r.package}@${r.version}: ${r.verdict}`)
      .join("; ") +
    ").",
);

type Severity = "info" | "low" | "moderate" | "high" | "critical";

/** The parts of `npm audit --json` read here (or npm's error object when it could not run). */
interface AuditReport {
  message?: string;
  metadata?: {
    vulnerabilities?: Partial<Record<Severity | "total", number>>;
  };
  vulnerabilities?: Record<string, { severity?: Severity; range?: string }>;
}

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
  encoding: "utf8",
  timeout: 120_000,
});
let report: AuditReport | undefined;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why =
    report?.message ||
    run.error?.message ||
    (run.stderr ?? "").split("\n").find((l) => l.includes("error"));
  console.log(
    `npm audit could not run against the registry (${why || "no report"}); ` +
      "skipped: the reviewed advisories above and docs/decisions/0019-dependency-audit.md stand.",
  );
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  for (const [name, v] of Object.entries(report?.vulnerabilities ?? {})) {
    if (v.severity === "high" || v.severity === "critical")
      console.log(`  ${v.severity}: ${name} ${v.range ?? ""}`);
  }
  console.log(
    "Upgrade them (npm update / overrides), then run this again; docs/decisions/0019 says how.",
  );
  process.exit(1);
}
