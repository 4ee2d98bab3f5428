import { describe, expect, it } from "vitest";
import {
  annualPercentageRate,
  daysBetween,
  formatApr,
  unitPeriodDays,
} from "~/utils/apr";
import { quoteAdvance } from "~/utils/quote";

// Regulation Z appendix J, worked by hand. The fee is paid at checkout, on
// the day the card is funded, so it is a prepaid finance charge: the amount financed is the
// advance minus the fee, and the deductions repay the advance.

describe("annualPercentageRate (appendix J)", () => {
  it("example 1: $300, $15.99 fee paid up front, one deduction of $300 after 15 days", () => {
    // Single advance, single payment: the unit period is the term, 15 days; 365 / 15 = 24.333
    // unit periods a year. Amount financed 300.00 − 15.99 = 284.01.
    //   284.01 = 300 / (1 + i)  →  i = 300 / 284.01 − 1 = 15.99 / 284.01 = 0.0563008
    //   APR = 0.0563008 × 24.333 = 1.36999 → 137.0 %
    const apr = annualPercentageRate(28_401, [
      { amountCents: 30_000, days: 15 },
    ]);
    expect(apr).toBeCloseTo(137.0, 1);
    expect(formatApr(apr)).toBe("137.0%");
  });

  it("example 2: the same advance with the fee paid with the deduction (the issue's 129.7 %)", () => {
    // Amount financed 300.00, one payment of 315.99 after 15 days:
    //   i = 15.99 / 300 = 0.0533;  APR = 0.0533 × 24.333 = 1.29697 → 129.7 %
    // We do not charge this way; it shows why paying the fee up front reads higher.
    const apr = annualPercentageRate(30_000, [
      { amountCents: 31_599, days: 15 },
    ]);
    expect(formatApr(apr)).toBe("129.7%");
  });

  it("example 3: $500 over 2 deductions of $250 at 15 and 30 days, fee up front", () => {
    // Unit period 15 days (the interval between payments), 24.333 a year. Amount financed
    // 500.00 − 15.99 = 484.01. With x = 1 / (1 + i):
    //   484.01 = 250 x + 250 x²  →  x² + x − 1.93604 = 0
    //   x = (−1 + √(1 + 4 × 1.93604)) / 2 = (−1 + √8.74416) / 2 = (−1 + 2.9570526) / 2
    //     = 0.9785263  →  i = 1 / x − 1 = 0.0219450
    //   APR = 0.0219450 × 24.333 = 0.53400 → 53.4 %
    const payments = [
      { amountCents: 25_000, days: 15 },
      { amountCents: 25_000, days: 30 },
    ];
    expect(unitPeriodDays(payments)).toBe(15);
    expect(formatApr(annualPercentageRate(48_401, payments))).toBe("53.4%");
  });

  it("an odd first period counts as a fraction of a unit period", () => {
    // Payments at 10, 25 and 40 days: unit 15, the first 0 periods + 10/15, then 1 + 10/15 …
    const apr = annualPercentageRate(28_401, [
      { amountCents: 10_000, days: 10 },
      { amountCents: 10_000, days: 25 },
      { amountCents: 10_000, days: 40 },
    ]);
    // About 15.99 / 284.01 × 365 / 25 (the payments' average term) ≈ 82 %.
    expect(apr).toBeGreaterThan(75);
    expect(apr).toBeLessThan(90);
  });

  it("no finance charge is 0 %", () => {
    expect(
      annualPercentageRate(30_000, [{ amountCents: 30_000, days: 15 }]),
    ).toBe(0);
    expect(annualPercentageRate(0, [])).toBe(0);
  });
});

describe("quoteAdvance", () => {
  const now = new Date("2026-11-25T12:00:00Z");

  it("matches example 1 for $300 in one period without a pay cycle date", () => {
    const quote = quoteAdvance(30_000, 1, null, now);
    expect(quote.feeCents).toBe(1_599);
    expect(quote.totalCents).toBe(31_599);
    expect(quote.schedule).toHaveLength(1);
    expect(daysBetween(now, quote.schedule[0].date)).toBe(15);
    expect(quote.apr).toBe(137.0);
  });

  it("matches example 3 for $500 in two periods (15 and 29 days: biweekly after the first)", () => {
    const quote = quoteAdvance(50_000, 2, null, now);
    expect(quote.schedule.map((d) => d.amountCents)).toEqual([25_000, 25_000]);
    expect(quote.schedule.map((d) => daysBetween(now, d.date))).toEqual([
      15, 29,
    ]);
    expect(quote.apr).toBe(54.6);
  });

  it("splits three periods with the remainder on the earliest", () => {
    const quote = quoteAdvance(50_000, 3, null, now);
    expect(quote.schedule.map((d) => d.amountCents)).toEqual([
      16_667, 16_667, 16_666,
    ]);
    expect(quote.totalCents).toBe(51_599);
  });
});
