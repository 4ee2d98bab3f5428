// Every test file: a known session secret and no demo seeding, before any app module reads env.
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";
process.env.NODE_ENV = "test";

// The factories' one password is hashed once per file at a test's cost; every check of a password
// is the real one (tests/support/test-password.ts).
vi.mock("~/utils/password.server", async (importOriginal) => {
  const { withTestPasswordHash } = await import("./test-password");
  return withTestPasswordHash(
    await importOriginal<typeof import("~/utils/password.server")>(),
  );
});
