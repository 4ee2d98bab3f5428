import fs from "node:fs";
import path from "node:path";

// The dependency audit (docs/decisions/0019): CI runs `npm audit --omit=dev` through
// scripts/audit.ts; this test keeps the written review complete, so a new production
// dependency cannot arrive without being looked at.

const root = path.resolve(import.meta.dirname, "../..");
const note = fs.readFileSync(
  path.join(root, "docs/decisions/0019-dependency-audit.md"),
  "utf8",
);
const pkg = JSON.parse(
  fs.readFileSync(path.join(root, "package.json"), "utf8"),
) as { dependencies: Record<string, string> };

describe("dependency audit note", () => {
  it("reviews every production dependency", () => {
    const missing = Object.keys(pkg.dependencies).filter(
      (name) => !note.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });

  it("says how CI audits and what fails it", () => {
    expect(note).toContain("npm audit --omit=dev");
    expect(note).toMatch(/high or critical/);
    const ci = fs.readFileSync(path.join(root, ".ci/run"), "utf8");
    expect(ci).toContain("npx tsx scripts/audit.ts");
    expect(fs.existsSync(path.join(root, "scripts/audit.ts"))).toBe(true);
  });
});
