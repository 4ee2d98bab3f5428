import { deductionSchedule } from "~/utils/schedule";
import {
  fitsFrequency,
  isIsoDay,
  isoDay,
  payDateAfter,
  payDatesFrom,
} from "~/utils/pay-schedule";

describe("deductionSchedule", () => {
  const now = new Date(2026, 2, 1, 12); // Mar 1, 2026, local noon

  it("splits 500 over 3 as 166.67, 166.67, 166.66 on the company's next pay dates", () => {
    const s = deductionSchedule(
      50000,
      3,
      { frequency: "BIWEEKLY", nextPayDate: "2026-03-10" },
      now,
    );
    expect(s.map((d) => d.amountCents)).toEqual([16667, 16667, 16666]);
    expect(s.map((d) => isoDay(d.date))).toEqual([
      "2026-03-10",
      "2026-03-24",
      "2026-04-07",
    ]);
  });

  it("falls on the first pay date on or after the day of issue, the issue day included", () => {
    const [first] = deductionSchedule(
      20000,
      1,
      { frequency: "WEEKLY", nextPayDate: "2026-02-15" },
      now,
    );
    // Weekly from Feb 15: Feb 22, Mar 1 (the day of issue).
    expect(isoDay(first.date)).toBe("2026-03-01");
    expect(first.amountCents).toBe(20000);
  });

  it("no pay date before the company's next pay date", () => {
    const [first] = deductionSchedule(
      20000,
      1,
      { frequency: "WEEKLY", nextPayDate: "2026-03-09" },
      now,
    );
    expect(isoDay(first.date)).toBe("2026-03-09");
  });

  it("without a company: today + 15 days, then every two weeks", () => {
    const s = deductionSchedule(20000, 2, null, now);
    expect(s.map((d) => isoDay(d.date))).toEqual(["2026-03-16", "2026-03-30"]);
  });
});

describe("pay dates", () => {
  it("weekly and biweekly step from the next pay date, backwards too", () => {
    expect(
      payDatesFrom(
        { frequency: "WEEKLY", nextPayDate: "2026-11-27" },
        "2026-11-20",
        3,
      ),
    ).toEqual(["2026-11-20", "2026-11-27", "2026-12-04"]);
    expect(
      payDatesFrom(
        { frequency: "BIWEEKLY", nextPayDate: "2026-11-27" },
        "2026-11-28",
        2,
      ),
    ).toEqual(["2026-12-11", "2026-12-25"]);
  });

  it("semi-monthly: the 15th and the last day, across a year and a leap February", () => {
    expect(
      payDatesFrom(
        { frequency: "SEMIMONTHLY", nextPayDate: "2027-12-15" },
        "2027-12-16",
        4,
      ),
    ).toEqual(["2027-12-31", "2028-01-15", "2028-01-31", "2028-02-15"]);
    expect(
      payDatesFrom(
        { frequency: "SEMIMONTHLY", nextPayDate: "2028-02-15" },
        "2028-02-16",
        1,
      ),
    ).toEqual(["2028-02-29"]);
  });

  it("monthly: the last day of each month", () => {
    expect(
      payDatesFrom(
        { frequency: "MONTHLY", nextPayDate: "2026-11-30" },
        "2026-11-30",
        3,
      ),
    ).toEqual(["2026-11-30", "2026-12-31", "2027-01-31"]);
    expect(
      payDateAfter(
        { frequency: "MONTHLY", nextPayDate: "2026-11-30" },
        "2026-11-30",
      ),
    ).toBe("2026-12-31");
  });

  it("knows which days fit a frequency and which strings are days", () => {
    expect(fitsFrequency("MONTHLY", "2026-02-28")).toBe(true);
    expect(fitsFrequency("MONTHLY", "2026-02-27")).toBe(false);
    expect(fitsFrequency("SEMIMONTHLY", "2026-02-15")).toBe(true);
    expect(fitsFrequency("SEMIMONTHLY", "2026-02-16")).toBe(false);
    expect(fitsFrequency("WEEKLY", "2026-02-16")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-13-01")).toBe(false);
  });
});
