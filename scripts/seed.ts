// npm run db:seed — resets the demo: empties every table and writes the demo company again.
import { sql } from "drizzle-orm";
import {
  seedDemo,
  DEMO_LOGINS,
  DEMO_PASSWORD,
} from "../app/server/seed.server";
import {
  closeConnection,
  connection,
  migrate,
  queryRows,
} from "../app/utils/db.server";

const conn = connection();
await migrate(conn);
const tables = await queryRows<{ tablename: string }>(
  conn.db,
  sql`select tablename from pg_tables where schemaname = 'public'`,
);
await conn.db.execute(
  sql.raw(
    `truncate table ${tables.map((t) => `"${t.tablename}"`).join(", ")} restart identity cascade`,
  ),
);
await seedDemo(conn.db);
console.log(`Demo data reset. Password for all: ${DEMO_PASSWORD}`);
for (const l of DEMO_LOGINS)
  console.log(`  ${l.username.padEnd(10)} ${l.role.padEnd(9)} ${l.name}`);
await closeConnection();
