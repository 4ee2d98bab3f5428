import { describe, expect, it } from "vitest";
import { sandboxCardDetails } from "~/services/payments/sandbox.server";

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

describe("sandboxCardDetails", () => {
  it("gives each card its own Luhn-valid test number that keeps the stored last 4", () => {
    const seen = new Set<string>();
    for (let i = 1; i <= 200; i++) {
      const { number, cvc } = sandboxCardDetails(`ic_sandbox_${i}`, "4242");
      expect(number).toMatch(/^4000 \d{4} \d{4} 4242$/);
      expect(luhnValid(number.replace(/ /g, ""))).toBe(true);
      expect(cvc).toMatch(/^\d{3}$/);
      seen.add(number);
    }
    expect(seen.size).toBe(200);
  });

  it("is the same number every time for the same card (derived, not stored)", () => {
    expect(sandboxCardDetails("ic_sandbox_7", "4242")).toEqual(
      sandboxCardDetails("ic_sandbox_7", "4242"),
    );
  });
});
