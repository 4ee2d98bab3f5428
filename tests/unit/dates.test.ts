import { format } from "date-fns";
import fc from "fast-check";
import { formatDate, isoDate } from "~/utils/dates";

// app/utils/dates.ts formats by hand to keep date-fns `format` out of the browser bundles; it
// must say exactly what date-fns says.
describe("date formats", () => {
  it("match date-fns for any date from year 1000 to 9999", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatDate(date)).toBe(format(date, "MMM d, yyyy"));
          expect(isoDate(date)).toBe(format(date, "yyyy-MM-dd"));
          expect(formatDate(date.toISOString())).toBe(
            format(date, "MMM d, yyyy"),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keep N/A for no date and refuse an invalid one like date-fns", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate(undefined)).toBe("N/A");
    // One English format everywhere: the day is not zero-padded.
    expect(formatDate(new Date(2026, 2, 5))).toBe("Mar 5, 2026");
    expect(formatDate(new Date(2026, 11, 25))).toBe("Dec 25, 2026");
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => format(new Date("not a date"), "MMM d, yyyy")).toThrow(
      RangeError,
    );
  });
});
