import fc from "fast-check";
import {
  CALCULATOR_INITIAL,
  PROCESSING_FEE_CENTS,
  calculateAdvance,
  defaultPayDate,
  readCalculatorQuery,
  readPayDate,
  readTypedAmount,
  sliderValue,
  snapAmount,
} from "~/utils/calculator";
import { quoteAdvance } from "~/utils/quote";

describe("calculator amount", () => {
  it("snaps typed values below 200 to 200 and above 500 to 500", () => {
    expect(snapAmount("150", 250)).toBe(200);
    expect(snapAmount("199.99", 250)).toBe(200);
    expect(snapAmount("0", 250)).toBe(200);
    expect(snapAmount("-40", 250)).toBe(200);
    expect(snapAmount("500.01", 250)).toBe(500);
    expect(snapAmount("9000", 250)).toBe(500);
    expect(snapAmount(650, 250)).toBe(500);
  });

  it("keeps typed values inside the range, rounded to cents", () => {
    expect(snapAmount("200", 250)).toBe(200);
    expect(snapAmount("320", 250)).toBe(320);
    expect(snapAmount(" 333 ", 250)).toBe(333);
    expect(snapAmount("410.456", 250)).toBe(410.46);
    expect(snapAmount("500", 250)).toBe(500);
  });

  it("ignores non-numeric input: the current amount stays", () => {
    for (const text of ["", "  ", "abc", "30O", "$300", "0x1F4", "1e3", "."]) {
      expect(snapAmount(text, 320)).toBe(320);
      expect(readTypedAmount(text)).toBeNull();
    }
    expect(snapAmount(Number.NaN, 320)).toBe(320);
    expect(snapAmount(Number.POSITIVE_INFINITY, 320)).toBe(320);
  });

  it("always lands in the range for any typed text", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 200, max: 500 }), (t, c) => {
        const value = snapAmount(t, c);
        expect(value).toBeGreaterThanOrEqual(200);
        expect(value).toBeLessThanOrEqual(500);
      }),
    );
  });

  it("shows the slider at the nearest step of 10", () => {
    expect(sliderValue(250)).toBe(250);
    expect(sliderValue(253)).toBe(250);
    expect(sliderValue(255)).toBe(260);
    expect(sliderValue(500)).toBe(500);
  });
});

describe("summary", () => {
  it("repays the advance by payroll, with the fee apart: no $265.99 'total repayment'", () => {
    expect(PROCESSING_FEE_CENTS).toBe(1599);
    const summary = calculateAdvance(250, "2026-03-15", "2026-03-01");
    expect(summary).toMatchObject({
      amountCents: 25000,
      feeCents: 1599,
      repaymentCents: 25000,
      repaymentDate: "2026-03-15",
    });
    expect(summary).not.toHaveProperty("risk");
    expect(calculateAdvance(500, "2026-03-15", "2026-03-01")).toMatchObject({
      feeCents: 1599,
      repaymentCents: 50000,
    });
    expect(
      calculateAdvance(333.33, "2026-03-15", "2026-03-01").repaymentCents,
    ).toBe(33333);
  });

  it("shows the APR /request would quote for one deduction on that pay date", () => {
    const summary = calculateAdvance(250, "2026-03-15", "2026-03-01");
    const quote = quoteAdvance(
      25000,
      1,
      { frequency: "BIWEEKLY", nextPayDate: "2026-03-15" },
      new Date(2026, 2, 1),
    );
    expect(quote.schedule).toHaveLength(1);
    expect(quote.schedule[0].amountCents).toBe(25000);
    expect(summary.apr).toBe(quote.apr);
    // $15.99 on $234.01 financed for 14 days: about 178 % a year.
    expect(summary.apr).toBeGreaterThan(170);
    expect(summary.apr).toBeLessThan(185);
    // A later pay date spreads the same fee over more days: a lower APR.
    expect(calculateAdvance(250, "2026-03-29", "2026-03-01").apr).toBeLessThan(
      summary.apr,
    );
  });

  it("costs nothing when the company pays the fee: $0.00 and 0.0 %", () => {
    expect(
      calculateAdvance(300, "2026-03-15", "2026-03-01", true),
    ).toMatchObject({ feeCents: 0, repaymentCents: 30000, apr: 0 });
  });
});

describe("dates", () => {
  it("defaults the next pay date to today + 14 days", () => {
    expect(defaultPayDate("2026-03-01")).toBe("2026-03-15");
    expect(defaultPayDate("2026-12-25")).toBe("2027-01-08");
    expect(defaultPayDate("2028-02-20")).toBe("2028-03-05");
  });

  it("accepts a real date from today on, else falls back to the default", () => {
    const today = "2026-03-01";
    expect(readPayDate("2026-03-01", today)).toBe("2026-03-01");
    expect(readPayDate("2026-04-30", today)).toBe("2026-04-30");
    expect(readPayDate("2026-02-28", today)).toBe("2026-03-15");
    expect(readPayDate("2026-02-30", today)).toBe("2026-03-15");
    expect(readPayDate("next friday", today)).toBe("2026-03-15");
    expect(readPayDate("", today)).toBe("2026-03-15");
    expect(readPayDate(null, today)).toBe("2026-03-15");
  });
});

describe("the no-JavaScript GET form", () => {
  const today = "2026-03-01";
  const read = (query: string) =>
    readCalculatorQuery(new URLSearchParams(query), today);

  it("starts at $250 and today + 14 days", () => {
    expect(read("")).toEqual({
      amount: CALCULATOR_INITIAL,
      payDate: "2026-03-15",
    });
  });

  it("takes the number box when it changed, snapped", () => {
    expect(read("amount=320&slider=250&prev=250").amount).toBe(320);
    expect(read("amount=120&slider=250&prev=250").amount).toBe(200);
    expect(read("amount=720&slider=250&prev=250").amount).toBe(500);
    expect(read("amount=410").amount).toBe(410);
  });

  it("takes the slider when only the slider moved", () => {
    expect(read("amount=250&slider=380&prev=250").amount).toBe(380);
    // Typed 253 shows the slider at 250: that is not a move.
    expect(read("amount=253&slider=250&prev=253").amount).toBe(253);
  });

  it("ignores a non-numeric number box and keeps the previous amount", () => {
    expect(read("amount=abc&slider=330&prev=330").amount).toBe(330);
    expect(read("amount=&prev=410").amount).toBe(410);
  });

  it("reads the pay date", () => {
    expect(read("payDate=2026-03-20").payDate).toBe("2026-03-20");
    expect(read("payDate=2020-01-01").payDate).toBe("2026-03-15");
  });
});
