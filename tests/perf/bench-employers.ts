import { eq } from "drizzle-orm";
import { users, type User } from "#db/schema";
import { connectPostgres, db, setConnection } from "~/utils/db.server";

/**
 * What the page bench's comparison servers (the raw baseline, the framework's floor) start
 * from: the bench database (DATABASE_URL) on the app's pool size (connectPostgres's default),
 * the port to listen on (PORT, 0 = any), and the employers named in BASELINE_EMPLOYERS, by
 * username.
 */
export async function benchEmployers(): Promise<{
  port: number;
  employers: Map<string, User>;
}> {
  const url = process.env.DATABASE_URL;
  const port = Number(process.env.PORT ?? 0);
  const names = (process.env.BASELINE_EMPLOYERS ?? "")
    .split(",")
    .filter(Boolean);
  if (!url || names.length === 0)
    throw new Error("DATABASE_URL and BASELINE_EMPLOYERS are required");
  setConnection(connectPostgres(url));
  const employers = new Map<string, User>();
  for (const name of names) {
    const [user] = await db()
      .select()
      .from(users)
      .where(eq(users.username, name));
    if (!user) throw new Error(`no employer ${name}`);
    employers.set(name, user);
  }
  return { port, employers };
}
