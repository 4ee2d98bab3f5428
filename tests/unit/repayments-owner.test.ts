import fs from "node:fs";
import path from "node:path";

// The repayment schedule (payroll_deductions) has one owner, app/models/repayments (DESIGN §12):
// no other domain's code inserts, updates or deletes it, in SQL or through drizzle.

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODELS = path.join(ROOT, "app/models");
const OWNER = path.join(MODELS, "repayments");

const WRITES = [
  /\binsert\s+into\s+"?payroll_deductions"?/i,
  /\bupdate\s+"?payroll_deductions"?\b/i,
  /\bdelete\s+from\s+"?payroll_deductions"?/i,
  /\.(insert|update|delete)\(\s*payrollDeductions\s*\)/,
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** The lines of `text` that write the schedule, as "file:line: text". */
function scheduleWrites(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      WRITES.some((w) => w.test(line))
        ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

describe("the repayment schedule's one owner", () => {
  it("finds a write when there is one (the check itself)", () => {
    expect(
      scheduleWrites(
        path.join(MODELS, "cards/x.server.ts"),
        "a\n  sql`delete from payroll_deductions where id = 1`\nawait tx.update(payrollDeductions).set({})\n",
      ),
    ).toHaveLength(2);
  });

  it("no code under app/models outside repayments/ writes payroll_deductions", () => {
    const found = sources(MODELS)
      .filter((f) => !f.startsWith(OWNER + path.sep))
      .flatMap((f) => scheduleWrites(f, fs.readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("repayments/ does write it (the scan looks where the writes are)", () => {
    const found = sources(OWNER).flatMap((f) =>
      scheduleWrites(f, fs.readFileSync(f, "utf8")),
    );
    expect(found.length).toBeGreaterThan(0);
  });
});
