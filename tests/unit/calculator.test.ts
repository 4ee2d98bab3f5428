import fc from "fast-check";
import {
  CALCULATOR_INITIAL,
  PROCESSING_FEE_CENTS,
  calculateAdvance,
  defaultPayDate,
  readCalculatorQuery,
  readPayDate,
  readTypedAmount,
  riskRating,
  sliderValue,
  snapAmount,
} from "~/utils/calculator";

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

describe("risk rating", () => {
  it("is Low up to $250, Moderate $251 to $400, Higher above $400", () => {
    expect(riskRating(200)).toBe("Low");
    expect(riskRating(250)).toBe("Low");
    expect(riskRating(251)).toBe("Moderate");
    expect(riskRating(400)).toBe("Moderate");
    expect(riskRating(401)).toBe("Higher");
    expect(riskRating(500)).toBe("Higher");
  });

  it("treats cents above a boundary as the next band", () => {
    expect(riskRating(250.01)).toBe("Moderate");
    expect(riskRating(400.01)).toBe("Higher");
  });
});

describe("summary", () => {
  it("adds the flat $15.99 fee to the advance", () => {
    expect(PROCESSING_FEE_CENTS).toBe(1599);
    expect(calculateAdvance(250, "2026-03-15")).toEqual({
      amountCents: 25000,
      feeCents: 1599,
      totalCents: 26599,
      repaymentDate: "2026-03-15",
      risk: "Low",
    });
    expect(calculateAdvance(500, "2026-03-15").totalCents).toBe(51599);
    expect(calculateAdvance(333.33, "2026-03-15")).toMatchObject({
      amountCents: 33333,
      totalCents: 34932,
      risk: "Moderate",
    });
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
