import fc from "fast-check";
import {
  formatCents,
  formatMoney,
  fromCents,
  parseCents,
  splitCents,
  toCents,
} from "~/utils/money";

describe("money", () => {
  it("parses decimal strings and numbers into exact cents", () => {
    expect(toCents("300")).toBe(30000);
    expect(toCents("300.5")).toBe(30050);
    expect(toCents("300.05")).toBe(30005);
    expect(toCents(166.67)).toBe(16667);
    expect(toCents("0.10")).toBe(10);
  });

  it("refuses more than two decimals and non-numbers", () => {
    expect(parseCents("1.234")).toBeNull();
    expect(parseCents("abc")).toBeNull();
    expect(parseCents("")).toBeNull();
    expect(parseCents(Number.NaN)).toBeNull();
    expect(parseCents({})).toBeNull();
  });

  it("formats for the database and for screens", () => {
    expect(fromCents(30050)).toBe("300.50");
    expect(fromCents(5)).toBe("0.05");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatMoney("0")).toBe("$0.00");
    expect(formatMoney(null)).toBe("$0.00");
  });

  it("splits with the remainder cents on the earliest parts", () => {
    expect(splitCents(50000, 3)).toEqual([16667, 16667, 16666]);
    expect(splitCents(20000, 1)).toEqual([20000]);
    expect(splitCents(20001, 2)).toEqual([10001, 10000]);
  });

  it("round-trips every amount and every split sums to the total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 1, max: 3 }),
        (c, n) => {
          expect(toCents(fromCents(c))).toBe(c);
          const parts = splitCents(c, n);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(c);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(
            1,
          );
        },
      ),
    );
  });
});
