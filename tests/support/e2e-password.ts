import * as real from "../../app/utils/password.server"; // eslint-disable-line no-restricted-imports -- ~/utils/password.server resolves to this file in Playwright's process
import { withTestPasswordHash } from "./test-password";

// In Playwright's process `~/utils/password.server` resolves to this file
// (tests/playwright.tsconfig.json), as Vitest's module mock does in tests/support/setup-env.ts:
// the factories' one password (TEST_PASSWORD) is hashed once per worker by real scrypt at the
// tests' cost, so each user the browser tests create costs no scrypt at full cost, and each
// sign-in of one through the form is checked by the server (which reads the cost from the
// hash) at that cost too. Everything else is the app's own module: any other password, every
// check, the unknown username's stand-in. The server is the production build and hashes as in
// production. The real module is imported by its path: its alias is the one redirected here.
export * from "../../app/utils/password.server"; // eslint-disable-line no-restricted-imports -- as above
export const { hashPassword } = withTestPasswordHash(real);
