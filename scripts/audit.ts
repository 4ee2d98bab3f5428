// `npm audit --omit=dev` for CI (.ci/run runs it through tsx right after npm ci): fails on any
// high or critical finding in the production dependencies. When the registry cannot answer an
// audit (unreachable, or a mirror without the audit endpoint, which answers 404/405), it says so
// and passes: the last review in docs/decisions/0019-dependency-audit.md stands until an audit
// can run.
import { spawnSync } from "node:child_process";

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
      "skipped: see docs/decisions/0019-dependency-audit.md for the last review.",
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
