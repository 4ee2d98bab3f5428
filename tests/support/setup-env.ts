// Every test file: a known session secret and no demo seeding, before any app module reads env.
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";
process.env.NODE_ENV = "test";

// The factories give every test user the same password (TEST_PASSWORD), and hashing it with
// scrypt costs 100-300 ms a user on this machine: hundreds of users would spend minutes there.
// That one password's hash is computed once per file (real scrypt, with one salt) and reused;
// any other password is hashed as in production, and every check of a password is the real one.
vi.mock("~/utils/password.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/utils/password.server")>();
  const TEST_PASSWORD = "Pantry-Ledger-58"; // factories.ts's TEST_PASSWORD
  let testPasswordHash: Promise<string> | undefined;
  return {
    ...real,
    hashPassword: (password: string) =>
      password === TEST_PASSWORD
        ? (testPasswordHash ??= real.hashPassword(password))
        : real.hashPassword(password),
  };
});
