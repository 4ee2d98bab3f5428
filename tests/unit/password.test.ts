import crypto from "node:crypto";
import { vi } from "vitest";

// The real module: the test setup hashes the factories' password at a lower cost
// (tests/support/setup-env.ts); this file checks the cost production hashes at.
vi.unmock("~/utils/password.server");
const { hashPassword, verifyPassword, dummyPasswordHash } =
  await import("~/utils/password.server");

describe("password hashing", () => {
  it("hashes with scrypt at N=2^15, r=8, p=1, a 16-byte salt and a 64-byte key, and checks it", async () => {
    const stored = await hashPassword("Pantry-Ledger-58");
    const [kind, n, r, p, salt, hash] = stored.split("$");
    expect([kind, n, r, p]).toEqual(["scrypt", "32768", "8", "1"]);
    expect(Buffer.from(salt, "base64")).toHaveLength(16);
    expect(Buffer.from(hash, "base64")).toHaveLength(64);
    const expected = crypto.scryptSync(
      "Pantry-Ledger-58",
      Buffer.from(salt, "base64"),
      64,
      { N: 2 ** 15, r: 8, p: 1, maxmem: 128 * 2 ** 15 * 8 * 2 },
    );
    expect(expected.toString("base64")).toBe(hash);
    expect(await verifyPassword("Pantry-Ledger-58", stored)).toBe(true);
    expect(await verifyPassword("Pantry-Ledger-59", stored)).toBe(false);
  });

  it("salts each hash, and the unknown username's stand-in costs what a real hash costs", async () => {
    const [a, b] = await Promise.all([
      hashPassword("same"),
      hashPassword("same"),
    ]);
    expect(a).not.toBe(b);
    expect((await dummyPasswordHash()).split("$").slice(0, 4)).toEqual([
      "scrypt",
      "32768",
      "8",
      "1",
    ]);
  });
});
