import { sql } from "drizzle-orm";
import { loginAttempts } from "#db/schema";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { tooManyRequests } from "~/utils/errors";

// Attempt throttling that cannot be raced. An
// attempt is RESERVED before the slow check it guards (a password hash, a TOTP code): one
// atomic upsert per key increments its counter and returns the new count, so of N concurrent
// attempts exactly `max` see a count within the limit and reach the check; the rest are 429
// without checking anything. The window is fixed from its first attempt and is not extended by
// refused attempts, so a lock an attacker triggers ends LOGIN_WINDOW_MINUTES after it began.

export type ThrottleKey = { key: string; max: number };

export const TOO_MANY_ATTEMPTS =
  "Too many sign-in attempts. Please wait a few minutes and try again.";

/**
 * Counts one on `key` in a fixed window of `windowSeconds`, race-proof (one upsert): a window
 * that has ended starts again at 1.
 */
function countIn(key: string, windowSeconds: number) {
  const fresh = sql`${loginAttempts.windowStart} > now() - make_interval(secs => ${windowSeconds})`;
  return db()
    .insert(loginAttempts)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${fresh} then ${loginAttempts.failures} + 1 else 1 end`,
        windowStart: sql`case when ${fresh} then ${loginAttempts.windowStart} else now() end`,
      },
    });
}

/**
 * Reserves one attempt on every key (in the database, so it holds across instances). Throws
 * 429 with `message` when any key is past its limit in the current window.
 */
export async function reserveAttempt(
  keys: ThrottleKey[],
  message = TOO_MANY_ATTEMPTS,
): Promise<void> {
  const windowSeconds = env().LOGIN_WINDOW_MINUTES * 60;
  let over = false;
  for (const { key, max } of keys) {
    const [row] = await countIn(key, windowSeconds).returning({
      failures: loginAttempts.failures,
    });
    if (row.failures > max) over = true;
  }
  if (over) throw tooManyRequests(message);
}

/** A successful check: the key's counter is cleared (the user's own success ends a lock). */
export async function clearAttempts(key: string): Promise<void> {
  await db()
    .delete(loginAttempts)
    .where(sql`${loginAttempts.key} = ${key}`);
}

/** A successful check gives its reservation back on a shared key (an office's address). */
export async function releaseAttempt(key: string): Promise<void> {
  await db()
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(sql`${loginAttempts.key} = ${key}`);
}

/** Where a key stands in its window after a request: for RateLimit-* and Retry-After. */
export type RateWindow = {
  limit: number;
  /** Requests still allowed in this window (0 when over). */
  remaining: number;
  /** Seconds until the window ends. */
  reset: number;
  /** Whether this request is over the limit (answer 429 with Retry-After: reset). */
  limited: boolean;
};

/**
 * Counts one request on `key` in a fixed window of `windowSeconds` (the same race-proof upsert,
 * in the database, so the limit holds across instances), and says where the key stands.
 */
export async function reserveRequest(
  key: string,
  max: number,
  windowSeconds: number,
): Promise<RateWindow> {
  const [row] = await countIn(key, windowSeconds).returning({
    failures: loginAttempts.failures,
    retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${loginAttempts.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
  });
  return {
    limit: max,
    remaining: Math.max(0, max - row.failures),
    reset: Number(row.retryAfter),
    limited: row.failures > max,
  };
}
