import crypto from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import {
  connectPglite,
  connectPostgres,
  PGLITE_OPTIONS,
  setConnection,
  type Connection,
} from "~/utils/db.server";
import { resetEvents } from "~/services/events.server";
import { withDatabase } from "./servers";

export type TestDatabase = { kind: Connection["kind"]; url?: string };

/**
 * Gives the calling test file its own database, copied from the migrated template: a fresh
 * PGlite (default) or a PostgreSQL database (TEST_DATABASE_URL). The app's db() uses it.
 */
export function useTestDatabase(): TestDatabase {
  const info: TestDatabase = { kind: "pglite" };
  let conn: Connection | undefined;
  let dropName: string | undefined;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    const template = inject("postgresTemplate");
    if (url && template) {
      dropName = `ga_t_${process.ppid}_${crypto.randomBytes(4).toString("hex")}`;
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${dropName} template ${template}`);
      await admin.end();
      info.kind = "postgres";
      info.url = withDatabase(url, dropName);
      conn = connectPostgres(info.url, 10);
    } else {
      const file = inject("pgliteTemplate");
      const blob = new Blob([fs.readFileSync(file)]);
      conn = connectPglite(
        await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: blob }),
      );
    }
    setConnection(conn);
  });
  afterAll(async () => {
    resetEvents();
    setConnection(undefined);
    if (conn?.kind === "pglite") await conn.client.close();
    if (conn?.kind === "postgres") await conn.client.end({ timeout: 5 });
    if (dropName && process.env.TEST_DATABASE_URL) {
      const admin = postgres(process.env.TEST_DATABASE_URL, {
        max: 1,
        onnotice: () => {},
      });
      await admin.unsafe(`drop database if exists ${dropName} with (force)`);
      await admin.end();
    }
  });
  return info;
}
