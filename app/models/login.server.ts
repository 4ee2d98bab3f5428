import { sql } from "drizzle-orm";
import { loginAttempts, type User } from "../../db/schema";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { tooManyRequests, unauthorized } from "~/utils/errors";
import { dummyPasswordHash, verifyPassword } from "~/utils/password.server";
import { getUserByUsername } from "./user.server";

export const INVALID_LOGIN = "Invalid username or password.";
export const TOO_MANY_ATTEMPTS =
  "Too many sign-in attempts. Please wait a few minutes and try again.";

// Per address, a larger allowance: several people may sign in from one office network.
const ADDRESS_FACTOR = 10;

function keysFor(username: string, address: string | undefined) {
  const keys = [
    { key: `user:${username.toLowerCase()}`, max: env().LOGIN_MAX_FAILURES },
  ];
  if (address)
    keys.push({
      key: `ip:${address}`,
      max: env().LOGIN_MAX_FAILURES * ADDRESS_FACTOR,
    });
  return keys;
}

async function isThrottled(
  keys: { key: string; max: number }[],
): Promise<boolean> {
  const minutes = env().LOGIN_WINDOW_MINUTES;
  for (const { key, max } of keys) {
    const [row] = await db()
      .select({ failures: loginAttempts.failures })
      .from(loginAttempts)
      .where(
        sql`${loginAttempts.key} = ${key} and ${loginAttempts.windowStart} > now() - make_interval(mins => ${minutes})`,
      );
    if (row && row.failures >= max) return true;
  }
  return false;
}

async function recordFailure(keys: { key: string }[]) {
  const minutes = env().LOGIN_WINDOW_MINUTES;
  for (const { key } of keys) {
    // A window that has expired starts again at 1.
    await db()
      .insert(loginAttempts)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStart} > now() - make_interval(mins => ${minutes}) then ${loginAttempts.failures} + 1 else 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} > now() - make_interval(mins => ${minutes}) then ${loginAttempts.windowStart} else now() end`,
        },
      });
  }
}

async function clearFailures(username: string) {
  await db()
    .delete(loginAttempts)
    .where(sql`${loginAttempts.key} = ${`user:${username.toLowerCase()}`}`);
}

/**
 * Checks a username and password. Failures are counted per username and per address in the
 * database (so throttling holds across instances); past the limit the answer is 429 whether
 * or not the password is right. The message never says which of the two was wrong.
 */
export async function verifyLogin(
  username: string,
  password: string,
  address?: string,
): Promise<User> {
  const keys = keysFor(username, address);
  if (await isThrottled(keys)) throw tooManyRequests(TOO_MANY_ATTEMPTS);
  const user = await getUserByUsername(username);
  const ok = user
    ? await verifyPassword(password, user.password)
    : await verifyPassword(password, await dummyPasswordHash()).then(
        () => false,
      );
  if (!user || !ok) {
    await recordFailure(keys);
    throw unauthorized(INVALID_LOGIN);
  }
  await clearFailures(username);
  return user;
}
