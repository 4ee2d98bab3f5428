import shipped from "~/utils/state-rules.data";
import {
  parseStateRules,
  stateRulesFileSchema,
} from "~/utils/state-rules.server";
import { feeCapCents, US_STATES } from "~/utils/state-rules";
import { feeFor } from "~/utils/quote";

// The shipped state rule table is data a reviewer changes without code (docs/compliance.md):
// this checks its shape, and that a table with a mistake is refused rather than applied.

describe("the state rule table", () => {
  it("has the shape the product reads: every row a US state once, with its source and date", () => {
    const parsed = stateRulesFileSchema.safeParse(shipped);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const table = parseStateRules(shipped);
    expect(table.states.size).toBe(shipped.states.length);
    for (const row of table.states.values()) {
      expect(US_STATES[row.state]).toBe(row.name);
      expect(row.source).toMatch(/^https:\/\//);
      expect(row.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("is listed row by row in docs/compliance.md", async () => {
    const { readFileSync } = await import("node:fs");
    const doc = readFileSync("docs/compliance.md", "utf8");
    for (const row of shipped.states) {
      expect(doc).toContain(`| ${row.state} `);
      expect(doc).toContain(row.source);
    }
  });

  it("refuses a row without a source, an unknown state, a state twice or an unknown field", () => {
    const broken = (change: (file: typeof shipped) => unknown) => {
      const file = structuredClone(shipped);
      change(file);
      return () => parseStateRules(file);
    };
    expect(
      broken((f) => ((f.states[0] as { source?: string }).source = undefined)),
    ).toThrow(/states\.0\.source/);
    expect(broken((f) => (f.states[0].state = "XX"))).toThrow(/a US state/);
    expect(broken((f) => f.states.push(f.states[0]))).toThrow(/twice/);
    expect(
      broken((f) => Object.assign(f.states[0], { feeCap: 100 })),
    ).toThrow();
    expect(broken((f) => (f.default.maxRepaymentPeriods = 4))).toThrow();
  });
});

describe("a fee cap", () => {
  const limit = {
    stateName: "Indiana",
    perAdvanceCents: 500,
    percent: 5,
    monthLeftCents: null,
  };
  it("is the greater of the fixed cap and the percentage, and never raises the fee", () => {
    expect(feeCapCents(limit, 20_000)).toBe(1_000);
    expect(feeFor(20_000, limit)).toBe(1_000);
    // 5 % of $500 is $25, above the product's own $15.99.
    expect(feeFor(50_000, limit)).toBe(1_599);
    expect(feeFor(30_000, { ...limit, percent: null })).toBe(500);
  });
  it("takes what is left of a monthly cap", () => {
    const monthly = {
      stateName: "Connecticut",
      perAdvanceCents: 500,
      percent: null,
      monthLeftCents: 300,
    };
    expect(feeFor(30_000, monthly)).toBe(300);
    expect(feeFor(30_000, { ...monthly, monthLeftCents: 0 })).toBe(0);
    expect(feeFor(30_000, null)).toBe(1_599);
  });
});
