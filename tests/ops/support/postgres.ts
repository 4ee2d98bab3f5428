import { test } from "@playwright/test";
import {
  POSTGRES_BINARIES,
  postgresBinariesInstalled,
} from "#tests/support/private-postgres";

export {
  createCluster,
  createStandby,
  type PrivateCluster,
} from "#tests/support/private-postgres";

/**
 * The PostgreSQL server the end-to-end run found (global setup sets E2E_POSTGRES_URL; empty
 * when it fell back on the embedded database).
 */
export const POSTGRES_SERVER_URL = process.env.E2E_POSTGRES_URL ?? "";

/** Skips the calling file where no PostgreSQL server answered, with the reason in one line. */
export function skipWithoutPostgresServer() {
  test.skip(
    !POSTGRES_SERVER_URL,
    "needs a PostgreSQL server (none answered at E2E_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)",
  );
}

/** Skips the calling file where PostgreSQL's server programs are not installed. */
export function skipWithoutPostgresBinaries() {
  test.skip(
    !postgresBinariesInstalled(),
    `needs PostgreSQL's server programs under ${POSTGRES_BINARIES} (apt-get install postgresql)`,
  );
}
