import net from "node:net";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  pushDeliveries,
  pushPreferences,
  pushSubscriptions,
  type User,
} from "#db/schema";
import {
  isLocalName,
  isPublicAddress,
} from "~/services/webhooks/addresses.server";
import { sendWebPush } from "~/services/push/push.server";
import { connection, db, queryRows, type Executor } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { badRequest, notFound } from "~/utils/errors";
import type { Language } from "~/utils/i18n";
import { describeUserAgent } from "~/utils/user-agent";
import { requeueRowsWithoutJob } from "~/utils/job-sweep.server";
import {
  PUSH_DEVICE_NOT_FOUND,
  PUSH_SUBSCRIPTION_INVALID,
  pushTypesFor,
  type PushSubscribeInput,
  type PushType,
} from "~/validation/push";

// Web Push. A device's subscription is kept under the session that
// turned it on; a revoked session takes it along (a trigger on sessions, so every way of
// revoking does). A notice is one delivery row per device, written in the transaction of the
// action that causes it (and its graphile-worker job on PostgreSQL; the embedded loop reads the
// rows on PGlite), delivered with retries; a push service's 404/410 removes the subscription.

export const DELIVER_PUSH_TASK = "deliver-push";
/** Delivery attempts before a push is marked failed (the queue's job gives up at the same count). */
const PUSH_MAX_ATTEMPTS = 8;
/** How long a push service keeps an undelivered notification (the device offline): 2 days. */
const PUSH_TTL_SECONDS = 2 * 24 * 3600;

/** What a notification shows: its title, its text, and the page it opens. */
export type PushMessage = { title: string; body: string; url: string };

/**
 * A real push service is https on a public host; plain http and local addresses only when
 * PUSH_ALLOW_LOCAL_ENDPOINTS is "true" (tests' local receiver). The server posts to this
 * address, so it must not be a way into the private network.
 */
function endpointAllowed(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (env().PUSH_ALLOW_LOCAL_ENDPOINTS === "true")
    return url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isLocalName(host)) return false;
  return net.isIP(host) === 0 || isPublicAddress(host);
}

/**
 * Turns push on for the signed-in person's device: the browser's subscription, kept under the
 * session that sent it. The same browser subscribing again (or for another account signed in
 * on it) replaces the row: a browser has one subscription per site.
 */
export async function savePushSubscription(
  user: User,
  sessionId: number,
  input: PushSubscribeInput,
  userAgent: string | null,
): Promise<void> {
  if (!endpointAllowed(input.endpoint))
    throw badRequest(PUSH_SUBSCRIPTION_INVALID);
  const values = {
    userId: user.id,
    sessionId,
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
    userAgent: userAgent?.slice(0, 500) ?? null,
  };
  await db()
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, createdAt: sql`now()`, lastSentAt: null },
    });
}

/** Removes one of the person's own devices; another person's (or none) is a 404. */
export async function removePushDevice(
  user: User,
  deviceId: number,
): Promise<void> {
  const removed = await db()
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, deviceId),
        eq(pushSubscriptions.userId, user.id),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(PUSH_DEVICE_NOT_FOUND);
}

/** The device turning push off from its own toggle: its subscription by endpoint, if it is theirs. */
export async function removePushEndpoint(
  user: User,
  endpoint: string,
): Promise<void> {
  await db()
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.userId, user.id),
      ),
    );
}

export type PushDeviceRow = {
  id: number;
  device: string;
  added: string;
  /** Subscribed from the session making the request. */
  current: boolean;
  /** The browser's endpoint, so the page's toggle knows whether its own subscription is kept. */
  endpoint: string;
};

/** The person's devices that get notifications, newest first. */
export async function listPushDevices(
  userId: number,
  currentSessionId: number,
  language: Language = "en",
): Promise<PushDeviceRow[]> {
  const rows = await db()
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map((r) => ({
    id: r.id,
    device: describeUserAgent(r.userAgent),
    added: formatDate(r.createdAt, language),
    current: r.sessionId === currentSessionId,
    endpoint: r.endpoint,
  }));
}

/** The types the person gets (every type of their role unless turned off). */
export async function getPushChoices(
  user: Pick<User, "id" | "role">,
  executor: Executor = db(),
): Promise<PushType[]> {
  const [row] = await executor
    .select({ off: pushPreferences.off })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, user.id));
  const off = new Set(row?.off ?? []);
  return pushTypesFor(user.role).filter((t) => !off.has(t));
}

/** Keeps the types turned on (of the person's role); the others are off. */
export async function setPushChoices(
  user: Pick<User, "id" | "role">,
  on: readonly PushType[],
): Promise<void> {
  const off = pushTypesFor(user.role).filter((t) => !on.includes(t));
  await db()
    .insert(pushPreferences)
    .values({ userId: user.id, off })
    .onConflictDoUpdate({
      target: pushPreferences.userId,
      set: { off, updatedAt: sql`now()` },
    });
}

/** Whether the person has a device that gets `type` (the deduction reminder's choice). */
export async function hasPushFor(
  executor: Executor,
  userId: number,
  type: PushType,
): Promise<boolean> {
  const [row] = await queryRows<{ yes: boolean }>(
    executor,
    sql`select exists (
          select 1 from push_subscriptions s
          left join push_preferences p on p.user_id = s.user_id
          where s.user_id = ${userId} and not (${type} = any(coalesce(p.off, '{}')))) as yes`,
  );
  return row?.yes === true;
}

/**
 * Writes a notification for each of the person's devices that gets `type`, in the caller's
 * transaction, and on PostgreSQL its delivery job. `key` names the event: the same key is
 * enqueued once per device. Returns how many devices it was enqueued for.
 */
export async function enqueuePush(
  tx: Executor,
  userId: number,
  type: PushType,
  key: string,
  message: PushMessage,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into push_deliveries (subscription_id, dedupe_key, kind, payload)
        select s.id, ${key} || ':' || s.id, ${type},
               ${JSON.stringify({ ...message, tag: key })}
        from push_subscriptions s
        left join push_preferences p on p.user_id = s.user_id
        where s.user_id = ${userId} and not (${type} = any(coalesce(p.off, '{}')))
        order by s.id
        on conflict (dedupe_key) do nothing
        returning id`,
  );
  if (rows.length > 0 && connection().kind === "postgres")
    for (const row of rows)
      await tx.execute(
        sql`select graphile_worker.add_job(${DELIVER_PUSH_TASK}, json_build_object('pushId', ${row.id}::int),
              job_key := ${`push:${row.id}`}, max_attempts := ${PUSH_MAX_ATTEMPTS})`,
      );
  return rows.length;
}

/** The delivery is held by another worker: not an attempt, looked at again later. */
class PushNotReady extends Error {
  constructor(pushId: number) {
    super(
      `push ${pushId} is being delivered by another worker; will look again`,
    );
    this.name = "PushNotReady";
  }
}

/**
 * Delivers one pending notification: sent (marked sent), gone (the push service says the
 * subscription expired: the device is removed, its pending notifications with it), or failed
 * (the attempt recorded, and thrown so the queue retries with backoff). A delivery whose device
 * was removed meanwhile is skipped.
 */
export async function deliverPush(
  pushId: number,
): Promise<"sent" | "gone" | "skipped"> {
  let failure: Error | null = null;
  const outcome = await db().transaction(async (tx) => {
    const [row] = await queryRows<{
      id: number;
      status: string;
      payload: string;
      subscription_id: number;
      endpoint: string;
      p256dh: string;
      auth: string;
    }>(
      tx,
      sql`select d.id, d.status, d.payload, s.id as subscription_id, s.endpoint, s.p256dh, s.auth
          from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
          where d.id = ${pushId} for update of d skip locked`,
    );
    if (!row) {
      const [seen] = await queryRows<{ status: string }>(
        tx,
        sql`select status from push_deliveries where id = ${pushId}`,
      );
      if (!seen || seen.status !== "pending") return "skipped" as const;
      throw new PushNotReady(pushId);
    }
    if (row.status !== "pending") return "skipped" as const;
    const sent = await sendWebPush(row, row.payload, PUSH_TTL_SECONDS);
    if (sent.kind === "sent") {
      await tx
        .update(pushDeliveries)
        .set({
          status: "sent",
          sentAt: sql`now()`,
          attempts: sql`${pushDeliveries.attempts} + 1`,
          lastError: null,
        })
        .where(eq(pushDeliveries.id, row.id));
      await tx
        .update(pushSubscriptions)
        .set({ lastSentAt: sql`now()` })
        .where(eq(pushSubscriptions.id, row.subscription_id));
      return "sent" as const;
    }
    if (sent.kind === "gone") {
      await tx
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.id, row.subscription_id));
      return "gone" as const;
    }
    failure = new Error(sent.message);
    await tx.execute(sql`
      update push_deliveries set
        attempts = attempts + 1,
        last_error = ${sent.message.slice(0, 500)},
        next_attempt_at = now() + make_interval(secs => least(power(2, attempts + 1), 3600)),
        status = case when attempts + 1 >= ${PUSH_MAX_ATTEMPTS} then 'failed' else status end
      where id = ${row.id}`);
    return "skipped" as const;
  });
  if (failure) throw failure;
  return outcome;
}

/** Pending notifications due for an attempt (the embedded dispatcher's batch). */
export async function duePushIds(limit = 20): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select id from push_deliveries where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** The delivery sweep's part for push: pending rows without a job. */
export async function requeuePushWithoutJob(): Promise<number[]> {
  if (connection().kind !== "postgres") return [];
  return requeueRowsWithoutJob({
    table: "push_deliveries",
    unfinished: sql`t.status = 'pending'`,
    task: DELIVER_PUSH_TASK,
    keyPrefix: "push",
    payloadKey: "pushId",
    maxAttempts: PUSH_MAX_ATTEMPTS,
    limit: 500,
  });
}
