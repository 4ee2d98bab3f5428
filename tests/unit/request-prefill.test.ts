import { describe, expect, it } from "vitest";
import { axisTicks } from "~/components/charts/bar-chart";
import { readRequestPrefill } from "~/validation/advance";

const prefill = (query: string) =>
  readRequestPrefill(new URLSearchParams(query));

describe("the /request prefill from the calculator's link", () => {
  it("takes an amount and repayment periods the form would accept", () => {
    expect(prefill("amount=260")).toEqual({ amount: 260, repaymentPeriods: 1 });
    expect(prefill("amount=499.99&repaymentPeriods=3")).toEqual({
      amount: 499.99,
      repaymentPeriods: 3,
    });
    expect(prefill("amount=200&repaymentPeriods=2")).toEqual({
      amount: 200,
      repaymentPeriods: 2,
    });
  });

  it("falls back to the defaults for anything else, without throwing", () => {
    for (const bad of [
      "",
      "amount=",
      "amount=abc",
      "amount=150",
      "amount=500.01",
      "amount=260.555",
      "amount=-300",
      "amount=1e3",
      "amount=0x1F4",
      "amount=Infinity",
      "amount=%00",
      "amount=260&amount=999999999999999999999",
    ]) {
      expect(prefill(`${bad}&repaymentPeriods=9`)).toEqual({
        amount: bad.startsWith("amount=260&") ? 260 : 200,
        repaymentPeriods: 1,
      });
    }
    expect(prefill("repaymentPeriods=1.5").repaymentPeriods).toBe(1);
    expect(prefill("repaymentPeriods=0").repaymentPeriods).toBe(1);
  });
});

describe("the bar chart's value axis", () => {
  it("steps in round amounts that reach the largest value", () => {
    expect(axisTicks(0)).toEqual([0]);
    expect(axisTicks(225_000)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(axisTicks(160_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(axisTicks(30_000)).toEqual([0, 10_000, 20_000, 30_000]);
    for (const max of [1, 7, 99, 12_345, 987_654]) {
      const ticks = axisTicks(max);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
