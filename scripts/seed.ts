// npm run db:seed — resets the demo: empties every table and writes the demo company again.
import { sql } from "drizzle-orm";
import {
  seedDemo,
  DEMO_LOGINS,
  DEMO_PASSWORD,
} from "../app/server/seed.server";
import { closeConnection, connection, migrate } from "../app/utils/db.server";

const conn = connection();
// Emptied by dropping the schema and migrating again: the audit trail and the ledger are
// append-only in the database (their triggers refuse TRUNCATE), and a reset of the demo is the
// one case where everything goes.
await conn.db.execute(sql`drop schema if exists drizzle cascade`);
await conn.db.execute(sql`drop schema if exists public cascade`);
await conn.db.execute(sql`create schema public`);
await migrate(conn);
await seedDemo(conn.db);
console.log(`Demo data reset. Password for all: ${DEMO_PASSWORD}`);
for (const l of DEMO_LOGINS)
  console.log(`  ${l.username.padEnd(10)} ${l.role.padEnd(9)} ${l.name}`);
await closeConnection();
