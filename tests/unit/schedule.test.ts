import { deductionSchedule } from "~/utils/schedule";

const day = 86_400_000;

describe("deductionSchedule", () => {
  const now = new Date("2026-03-01T12:00:00Z");

  it("splits 500 over 3 as 166.67, 166.67, 166.66 every 15 days from a future pay cycle end", () => {
    const end = new Date("2026-03-10T00:00:00Z");
    const s = deductionSchedule(50000, 3, end, now);
    expect(s.map((d) => d.amountCents)).toEqual([16667, 16667, 16666]);
    expect(s.map((d) => d.date.toISOString())).toEqual([
      "2026-03-10T00:00:00.000Z",
      "2026-03-25T00:00:00.000Z",
      "2026-04-09T00:00:00.000Z",
    ]);
  });

  it("starts at today + 15 days when the pay cycle end is past or unset", () => {
    for (const end of [new Date("2026-02-01T00:00:00Z"), null]) {
      const [first] = deductionSchedule(20000, 1, end, now);
      expect(first.date.getTime() - now.getTime()).toBe(15 * day);
      expect(first.amountCents).toBe(20000);
    }
  });
});
