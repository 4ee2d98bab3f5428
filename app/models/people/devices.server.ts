import { recordSessionsRevoked } from "./user.server";
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { trustedDevices, users } from "#db/schema";
import { db, type Executor } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/utils/i18n";
import { notFound } from "~/utils/errors";
import { describeLastSeen, describeUserAgent } from "~/utils/user-agent";
import { hashToken, type ClientInfo } from "./sessions.server";

// Device cookies (OWASP's pattern against lockout by strangers). Each
// completed sign-in gives the browser a token naming the user; a later sign-in that presents
// it for the same username is throttled on the device's own budget, not on the username's lock
// that anyone can trigger by guessing. A device is a row here, so it can be listed and revoked;
// a password change revokes all of them.

/** How long a device stays trusted after its last sign-in. */
export const DEVICE_TRUST_DAYS = 180;

/** The live device a token names, if it belongs to the user with this username. */
export async function trustedDeviceFor(
  username: string,
  token: string | null | undefined,
): Promise<{ id: number; userId: number } | null> {
  if (!token) return null;
  const [row] = await db()
    .select({ id: trustedDevices.id, userId: trustedDevices.userId })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, hashToken(token)),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, sql`now()`),
        sql`lower(${users.username}) = ${username.trim().toLowerCase()}`,
      ),
    );
  return row ?? null;
}

/**
 * After a completed sign-in: the token the browser keeps. The device it already presented for
 * this user is renewed (same token, a new expiry); otherwise a new device is recorded.
 */
export async function trustDevice(
  userId: number,
  client: ClientInfo,
): Promise<string> {
  const expires = sql`now() + make_interval(days => ${DEVICE_TRUST_DAYS})`;
  if (client.device) {
    const renewed = await db()
      .update(trustedDevices)
      .set({ lastUsedAt: sql`now()`, expiresAt: expires })
      .where(
        and(
          eq(trustedDevices.tokenHash, hashToken(client.device)),
          eq(trustedDevices.userId, userId),
          isNull(trustedDevices.revokedAt),
          gt(trustedDevices.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: trustedDevices.id });
    if (renewed.length > 0) return client.device;
  }
  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(trustedDevices)
    .values({
      tokenHash: hashToken(token),
      userId,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip?.slice(0, 100) ?? null,
      expiresAt: expires,
    });
  return token;
}

export type DeviceRow = {
  id: number;
  device: string;
  lastUsed: string;
  trustedSince: string;
  current: boolean;
};

/** The user's trusted devices as the session list shows them, the asking browser marked. */
export async function deviceListForPage(
  userId: number,
  currentToken: string | null,
  language: Language = "en",
): Promise<DeviceRow[]> {
  const now = new Date();
  const currentHash = currentToken ? hashToken(currentToken) : null;
  const rows = await db()
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(trustedDevices.lastUsedAt), desc(trustedDevices.id))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    device: describeUserAgent(r.userAgent),
    lastUsed: describeLastSeen(r.lastUsedAt, now, language),
    trustedSince: formatDate(r.createdAt, language),
    current: r.tokenHash === currentHash,
  }));
}

/** Forgets one of the user's own devices; another user's device is a 404. */
export async function forgetDevice(
  userId: number,
  deviceId: number,
): Promise<void> {
  const revoked = await db()
    .update(trustedDevices)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(trustedDevices.id, deviceId),
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
      ),
    )
    .returning({ id: trustedDevices.id });
  if (revoked.length === 0) throw notFound("Device not found");
  await recordSessionsRevoked(userId, {
    devices: 1,
    scope: "a trusted device",
  });
}

/** A password change (or reset) forgets every device, in the caller's transaction. */
export async function forgetAllDevicesIn(
  tx: Executor,
  userId: number,
): Promise<number> {
  const revoked = await tx
    .update(trustedDevices)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(trustedDevices.userId, userId), isNull(trustedDevices.revokedAt)),
    )
    .returning({ id: trustedDevices.id });
  return revoked.length;
}
