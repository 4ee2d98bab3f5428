import crypto from "node:crypto";

type PasswordModule = typeof import("~/utils/password.server");

/** factories.ts's TEST_PASSWORD (not imported from there: this runs before any app module). */
const TEST_PASSWORD = "Pantry-Ledger-58";

// scrypt's cost for the factories' one password: 2^10 instead of production's 2^15.
const N = 2 ** 10;
const R = 8;
const P = 1;
const KEYLEN = 64;

/** A real scrypt hash of the password, in the stored format, at the tests' cost. */
function cheapHash(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, KEYLEN, { N, r: R, p: P }, (error, key) =>
      error
        ? reject(error)
        : resolve(
            [
              "scrypt",
              N,
              R,
              P,
              salt.toString("base64"),
              key.toString("base64"),
            ].join("$"),
          ),
    ),
  );
}

/**
 * The password module as tests use it (Vitest: tests/support/setup-env.ts; Playwright's
 * process: tests/support/e2e-password.ts). Every test user has the same password
 * (TEST_PASSWORD); its hash is made once per file (a Playwright worker: once per worker), by
 * real scrypt in the stored format, at N=2^10 instead of 2^15: at full cost it took 100-300 ms
 * a user on a two-core machine, and every check of it (each sign-in, each wrong guess at a test
 * user) as long again.
 * verifyPassword reads the cost from the hash, so every check is the real one. Any other
 * password, and the unknown username's stand-in hash, are hashed as in production;
 * tests/unit/password.test.ts checks production's cost.
 */
export function withTestPasswordHash(real: PasswordModule): PasswordModule {
  let testPasswordHash: Promise<string> | undefined;
  return {
    ...real,
    hashPassword: (password: string) =>
      password === TEST_PASSWORD
        ? (testPasswordHash ??= cheapHash(password))
        : real.hashPassword(password),
  };
}
