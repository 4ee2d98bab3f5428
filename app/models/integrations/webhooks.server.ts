import crypto from "node:crypto";
import net from "node:net";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import {
  pageOffset,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import {
  employees,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type User,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "#db/schema";
import {
  isDeliveryFailure,
  postSigned,
} from "~/services/webhooks/deliver.server";
import {
  isLocalName,
  isPublicAddress,
  systemResolver,
  type Resolver,
} from "~/services/webhooks/addresses.server";
import { connection, db, queryRows, type Executor } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { requeueRowsWithoutJob } from "~/utils/job-sweep.server";
import { badRequest, notFound } from "~/utils/errors";
import type { WebhookEvent } from "~/utils/api-scopes";
import {
  API_VERSION,
  isApiVersion,
  type ApiVersion,
} from "~/utils/api-version";
import { formatDateTime } from "~/utils/dates";
import { webhookDisabledMail } from "~/services/mail/templates";
import { enqueueMail, mailOrigin } from "~/models/notifications/index.server";
import { recordAudit } from "~/models/audit/index.server";
import type { CreateWebhookEndpointInput } from "~/validation/api-keys";
import {
  webhookEnvelope,
  type WebhookEventData,
} from "~/validation/webhook-events";
import { companyFor } from "~/utils/company-access.server";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_ENDPOINTS_PER_COMPANY,
  WEBHOOK_IN_FLIGHT_PER_COMPANY,
} from "~/utils/rules";

// Signed webhooks (docs/decisions/0079-api-keys-idempotency-webhooks.md). An action that
// causes an event calls emitWebhook in its own transaction: one delivery row per subscribed
// endpoint of the company, and on PostgreSQL its graphile-worker job, both written if and only
// if the action is. A delivery POSTs the stored body with its signature; anything but 2xx is
// retried with the row's own backoff for 24 hours.
//
// Deliveries run apart from everything else (docs/decisions/0098): their jobs are taken only by
// the webhook worker (its own graphile-worker runner on PostgreSQL, its own loop on PGlite), never
// by the one that sends mail and runs payroll; an attempt first claims a lease that allows one
// delivery in flight per endpoint and WEBHOOK_IN_FLIGHT_PER_COMPANY per company; a company has at
// most WEBHOOK_ENDPOINTS_PER_COMPANY endpoints; and an endpoint whose last
// WEBHOOK_DISABLE_AFTER_FAILURES attempts failed, over at least WEBHOOK_DISABLE_AFTER_HOURS, is
// disabled (its owners told by mail) until an owner enables it again.

export const WEBHOOK_TASK = "webhook-delivery";
export const WEBHOOK_ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
export const WEBHOOK_DELIVERY_NOT_FOUND = "Webhook delivery not found";
const WEBHOOK_RETRY_HOURS = 24;
/** Attempts at running a delivery's job that threw (the database away), not at delivering. */
const MAX_JOB_ATTEMPTS = 25;
/** How long a delivery that found its endpoint or company busy waits before it asks again. */
const BUSY_RETRY_SECONDS = 1;
/** The advisory lock namespace under which a company's claims take turns (any fixed number). */
const CLAIM_LOCK = 0x7768;
/** The endpoint's named queue: graphile-worker runs one job of a queue at a time. */
const WEBHOOK_QUEUE_PREFIX = "webhook-endpoint:";

export type PublicWebhookEndpoint = {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  /** Failed attempts in a row (0 after a success), and since when. */
  consecutiveFailures: number;
  failingSince: string | null;
  disabledAt: string | null;
  /** Why it was disabled, and how to enable it again; null while it is enabled. */
  disabledReason: string | null;
  description: string | null;
  /** Until when the secret before the last rotation still signs (a second v1); else null. */
  rotationOverlapEndsAt: string | null;
  /** The API version every body delivered to it is written in (pinned when it was added). */
  apiVersion: ApiVersion;
};

/** What enabling an endpoint sets: no longer disabled, its failure count afresh. */
export const ENABLED_AFRESH = {
  disabledAt: null,
  failingSince: null,
  consecutiveFailures: 0,
} as const;

/**
 * Why an endpoint is disabled: its deliveries failed (at least WEBHOOK_DISABLE_AFTER_FAILURES
 * in a row), or it was turned off (`enabled: false`, by a person or a key); null while enabled.
 */
export function disabledCause(row: {
  disabledAt: Date | string | null;
  consecutiveFailures: number;
}): "failures" | "turned_off" | null {
  if (!row.disabledAt) return null;
  return row.consecutiveFailures >= WEBHOOK_DISABLE_AFTER_FAILURES
    ? "failures"
    : "turned_off";
}

/** The endpoint's pinned version (a version this server no longer knows reads as the current). */
export function endpointVersion(row: { apiVersion: string }): ApiVersion {
  return isApiVersion(row.apiVersion) ? row.apiVersion : API_VERSION;
}

/** The API's reason for a disabled endpoint (the settings page says the same, translated). */
function disabledReason(
  row: Pick<
    WebhookEndpoint,
    "id" | "disabledAt" | "failingSince" | "consecutiveFailures"
  >,
): string | null {
  const cause = disabledCause(row);
  if (cause === null || !row.disabledAt) return null;
  if (cause === "turned_off")
    return `Turned off at ${row.disabledAt.toISOString()} (enabled: false). It gets no events until it is enabled again: POST /api/webhook-endpoints/${row.id}/enable, PATCH with "enabled": true, or Enable on /settings/api.`;
  const since = row.failingSince ?? row.disabledAt;
  return `Disabled after ${row.consecutiveFailures} failed deliveries in a row since ${since.toISOString()} (${WEBHOOK_DISABLE_AFTER_FAILURES} in a row over at least ${WEBHOOK_DISABLE_AFTER_HOURS} hours disable an endpoint). It gets no events until it is enabled again: POST /api/webhook-endpoints/${row.id}/enable, or Enable on /settings/api.`;
}

export function toPublicWebhookEndpoint(
  row: WebhookEndpoint,
): PublicWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    consecutiveFailures: row.consecutiveFailures,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: disabledReason(row),
    description: row.description,
    rotationOverlapEndsAt: previousSecretOf(row)
      ? row.previousSecretExpiresAt!.toISOString()
      : null,
    apiVersion: endpointVersion(row),
  };
}

/** Where: the endpoint `id`, if it is the company's. */
export function companyEndpoint(id: number, companyId: number) {
  return and(
    eq(webhookEndpoints.id, id),
    eq(webhookEndpoints.companyId, companyId),
  );
}

/** The secret before the last rotation while it still signs, else null. */
function previousSecretOf(
  row: Pick<WebhookEndpoint, "previousSecret" | "previousSecretExpiresAt">,
  now: Date = new Date(),
): string | null {
  return row.previousSecret &&
    row.previousSecretExpiresAt &&
    row.previousSecretExpiresAt > now
    ? row.previousSecret
    : null;
}

const allowPrivate = () => env().WEBHOOK_ALLOW_PRIVATE_NETWORKS === "true";

/** How long registration waits for a name's addresses before leaving the check to delivery. */
const REGISTRATION_LOOKUP_MS = 2000;

/** Whether any address the name resolves to now is not public (false when it resolves to none). */
async function resolvesToNonPublic(
  host: string,
  resolve: Resolver,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), REGISTRATION_LOOKUP_MS);
  });
  try {
    const answers = await Promise.race([resolve(host), timeout]);
    return (answers ?? []).some((a) => !isPublicAddress(a.address));
  } catch {
    // Not resolvable now (not yet published, or no network): delivery checks every time.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The registration's checks: https, no credentials, and (unless private networks are allowed)
 * a host that is a public address or a name resolving to public addresses only
 * (docs/decisions/0096). Delivery checks the address connected to again, every time.
 */
export async function checkUrl(
  value: string,
  resolve: Resolver,
): Promise<string> {
  const url = new URL(value);
  if (
    url.protocol !== "https:" &&
    !(allowPrivate() && url.protocol === "http:")
  )
    throw badRequest("The endpoint must be an https:// address", {
      url: ["The endpoint must be an https:// address"],
    });
  if (url.username || url.password)
    throw badRequest("The endpoint may not contain a user name or password", {
      url: ["The endpoint may not contain a user name or password"],
    });
  if (allowPrivate()) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const refused =
    net.isIP(host) !== 0
      ? !isPublicAddress(host)
      : isLocalName(host) || (await resolvesToNonPublic(host, resolve));
  if (refused)
    throw badRequest("The endpoint may not be a private address", {
      url: ["The endpoint may not be a private address"],
    });
  return url.toString();
}

/** What a test may put in place of the system's: the resolver. */
export type WebhookNetworkOptions = { resolve?: Resolver };

/**
 * Adds an endpoint. Its bodies are written in `apiVersion`: the version the creating request is
 * answered in (the key's pinned one unless the request names another), the current one from
 * the settings page.
 */
export async function createWebhookEndpoint(
  actor: User,
  input: CreateWebhookEndpointInput,
  options: WebhookNetworkOptions & { apiVersion?: ApiVersion } = {},
): Promise<PublicWebhookEndpoint & { secret: string }> {
  const companyId = companyFor(actor, "team");
  const url = await checkUrl(input.url, options.resolve ?? systemResolver);
  const secret = `whsec_${crypto.randomBytes(32).toString("base64url")}`;
  return db().transaction(async (tx) => {
    // The company's additions take turns, so two at once cannot both be the eleventh.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${CLAIM_LOCK}, ${companyId})`,
    );
    const [{ count }] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from webhook_endpoints where employer_id = ${companyId}`,
    );
    if (count >= WEBHOOK_ENDPOINTS_PER_COMPANY)
      throw badRequest(WEBHOOK_ENDPOINT_LIMIT);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId,
        url,
        events: input.events,
        secret,
        description: input.description ?? null,
        apiVersion: options.apiVersion ?? API_VERSION,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "webhook_endpoint.created",
      details: { endpointId: row.id, url, events: input.events },
    });
    return { ...toPublicWebhookEndpoint(row), secret };
  });
}

export async function listWebhookEndpoints(
  actor: User,
): Promise<PublicWebhookEndpoint[]> {
  return (await pageWebhookEndpoints(actor, { page: 1, pageSize: 100 })).items;
}

/** One page of the company's endpoints, newest first (GET /api/webhook-endpoints). */
export async function pageWebhookEndpoints(
  actor: User,
  page: PageRequest,
): Promise<Paged<PublicWebhookEndpoint>> {
  const companyId = companyFor(actor, "team");
  const where = eq(webhookEndpoints.companyId, companyId);
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db().select({ total: count() }).from(webhookEndpoints).where(where),
  ]);
  return { ...page, total, items: rows.map(toPublicWebhookEndpoint) };
}

export async function deleteWebhookEndpoint(
  actor: User,
  id: number,
): Promise<PublicWebhookEndpoint> {
  const companyId = companyFor(actor, "team");
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(companyEndpoint(id, companyId))
      .returning();
    if (!row) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "webhook_endpoint.deleted",
      details: { endpointId: row.id, url: row.url },
    });
    return toPublicWebhookEndpoint(row);
  });
}

/**
 * Enables a disabled endpoint again (its failure count starts afresh). Deliveries that failed
 * while it was disabled stay failed; resend them from the settings page if they matter.
 */
export async function enableWebhookEndpoint(
  actor: User,
  id: number,
): Promise<PublicWebhookEndpoint> {
  const companyId = companyFor(actor, "team");
  return db().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(webhookEndpoints)
      .where(companyEndpoint(id, companyId))
      .for("update");
    if (!existing) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    if (!existing.disabledAt) return toPublicWebhookEndpoint(existing);
    const [row] = await tx
      .update(webhookEndpoints)
      .set(ENABLED_AFRESH)
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "webhook_endpoint.enabled",
      details: { endpointId: row.id, url: row.url },
    });
    return toPublicWebhookEndpoint(row);
  });
}

/**
 * Gives a job again to every pending delivery that has none (PostgreSQL), as
 * requeueMailWithoutJob does for e-mail (docs/decisions/0090). Returns the deliveries.
 */
export async function requeueWebhooksWithoutJob(): Promise<number[]> {
  if (connection().kind !== "postgres") return [];
  return requeueRowsWithoutJob({
    table: "webhook_deliveries",
    unfinished: sql`t.status = 'pending'`,
    task: WEBHOOK_TASK,
    keyPrefix: "webhook",
    payloadKey: "deliveryId",
    maxAttempts: MAX_JOB_ATTEMPTS,
    limit: 500,
    queue: sql`${WEBHOOK_QUEUE_PREFIX} || t.endpoint_id`,
  });
}

/**
 * Adds the delivery's job (PostgreSQL) in the caller's transaction, in its endpoint's queue, due
 * at `runAt` (now by default). The job adds itself again for a later attempt: same key.
 */
async function enqueueDelivery(
  tx: Executor,
  deliveryId: number,
  endpointId: number,
  runAt: Date | null = null,
) {
  if (connection().kind !== "postgres") return;
  await tx.execute(
    sql`select graphile_worker.add_job(${WEBHOOK_TASK}, json_build_object('deliveryId', ${deliveryId}::bigint),
          queue_name := ${`${WEBHOOK_QUEUE_PREFIX}${endpointId}`},
          run_at := coalesce(${runAt?.toISOString() ?? null}::timestamptz, now()),
          job_key := ${`webhook:${deliveryId}`}, max_attempts := ${MAX_JOB_ATTEMPTS})`,
  );
}

/**
 * The one hook for every event: call it inside the action's transaction with the record as
 * the API returns it. Every live endpoint of the company subscribed to the type gets a
 * delivery; nothing is sent unless the transaction commits.
 */
export async function emitWebhook<T extends WebhookEvent>(
  tx: Executor,
  companyId: number | null,
  type: T,
  data: WebhookEventData<T>,
): Promise<number> {
  if (companyId === null) return 0;
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      apiVersion: webhookEndpoints.apiVersion,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        isNull(webhookEndpoints.disabledAt),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const eventId = newEventId();
  const created = Math.floor(Date.now() / 1000);
  // One body per version the endpoints are pinned to (the same event, the same id).
  const bodies = new Map<ApiVersion, string>();
  const bodyIn = (version: ApiVersion) => {
    let body = bodies.get(version);
    if (body === undefined) {
      body = JSON.stringify(
        webhookEnvelope(type, data, eventId, version, created),
      );
      bodies.set(version, body);
    }
    return body;
  };
  const ids = await queueDeliveries(
    tx,
    endpoints.map((e) => ({
      endpointId: e.id,
      companyId,
      eventId,
      type,
      payload: bodyIn(endpointVersion(e)),
    })),
  );
  return ids.length;
}

/** A new event's id: evt_ and 24 hex digits. */
export function newEventId(): string {
  return `evt_${crypto.randomBytes(12).toString("hex")}`;
}

/**
 * The bookkeeping of every delivery (an event, a resend, a test event): its row, with the exact
 * body it posts, and its job in its endpoint's queue, both in the caller's transaction.
 * Returns the deliveries' ids, in the order given.
 */
export async function queueDeliveries(
  tx: Executor,
  deliveries: Array<{
    endpointId: number;
    companyId: number;
    eventId: string;
    type: string;
    payload: string;
  }>,
): Promise<number[]> {
  if (deliveries.length === 0) return [];
  const rows = await tx.insert(webhookDeliveries).values(deliveries).returning({
    id: webhookDeliveries.id,
    endpointId: webhookDeliveries.endpointId,
  });
  for (const row of rows) await enqueueDelivery(tx, row.id, row.endpointId);
  return rows.map((row) => row.id);
}

export { isDeliveryFailure };

export type DeliveryOutcome =
  | "delivered"
  | "retry"
  | "failed"
  | "skipped"
  /** Its endpoint (or its company's quota) had an attempt in flight: asked again shortly. */
  | "busy";

type Claim =
  | { kind: "skipped" | "failed" | "busy" }
  | { kind: "claimed"; delivery: WebhookDelivery; endpoint: WebhookEndpoint };

/**
 * Takes the delivery's lease, in a short transaction of its own: only if no other attempt at its
 * endpoint, and fewer than WEBHOOK_IN_FLIGHT_PER_COMPANY at its company, are in flight (the
 * company's claims take turns on an advisory lock, so two cannot both take the last place). A
 * busy delivery is put off a second (its job added again for then, on PostgreSQL). The lease
 * outlasts the attempt's timeout, so one left by a process that died runs out by itself.
 */
async function claimDelivery(deliveryId: number): Promise<Claim> {
  const [found] = await db()
    .select({ companyId: webhookDeliveries.companyId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  // A missing row is skipped: deleting an endpoint deletes its deliveries. A job finished on a
  // server that did not have the row (after a failover) is made again by the sweep
  // (requeueWebhooksWithoutJob).
  if (!found) return { kind: "skipped" };
  return db().transaction(async (tx): Promise<Claim> => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${CLAIM_LOCK}, ${found.companyId})`,
    );
    const [row] = await tx
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(
        webhookEndpoints,
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      )
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row || row.delivery.status !== "pending") return { kind: "skipped" };
    if (row.endpoint.disabledAt) {
      await tx
        .update(webhookDeliveries)
        .set({ status: "failed", inFlightUntil: null })
        .where(eq(webhookDeliveries.id, deliveryId));
      return { kind: "failed" };
    }
    const [inFlight] = await queryRows<{ endpoint: number; company: number }>(
      tx,
      sql`select count(*) filter (where endpoint_id = ${row.endpoint.id})::int as endpoint,
                 count(*)::int as company
          from webhook_deliveries
          where employer_id = ${found.companyId} and in_flight_until is not null
            and in_flight_until > now()`,
    );
    if (
      inFlight.endpoint > 0 ||
      inFlight.company >= WEBHOOK_IN_FLIGHT_PER_COMPANY
    ) {
      const [later] = await queryRows<{ at: Date | string }>(
        tx,
        sql`update webhook_deliveries
            set next_attempt_at = now() + make_interval(secs => ${BUSY_RETRY_SECONDS})
            where id = ${deliveryId} returning next_attempt_at as at`,
      );
      await enqueueDelivery(
        tx,
        deliveryId,
        row.endpoint.id,
        new Date(later.at),
      );
      return { kind: "busy" };
    }
    // The attempt's timeout, its timer's slack, and a minute to record it.
    const leaseSeconds = Math.ceil(env().WEBHOOK_TIMEOUT_MS / 1000) + 60;
    await tx.execute(
      sql`update webhook_deliveries
          set in_flight_until = now() + make_interval(secs => ${leaseSeconds})
          where id = ${deliveryId}`,
    );
    return { kind: "claimed", delivery: row.delivery, endpoint: row.endpoint };
  });
}

/**
 * One attempt at one delivery, if its lease can be claimed ("busy" otherwise: asked again in a
 * second). Records the attempt (status code or error, and time taken) and lets the lease go; a
 * 2xx marks it delivered. Otherwise the next attempt is put off (2^n seconds, at most an hour:
 * "retry", its job added again for then on PostgreSQL), or the delivery is "failed" once older
 * than 24 hours. The endpoint counts its failures in a row; see noteEndpointFailure.
 */
export async function deliverWebhook(
  deliveryId: number,
  options: WebhookNetworkOptions = {},
): Promise<DeliveryOutcome> {
  const claim = await claimDelivery(deliveryId);
  if (claim.kind !== "claimed") return claim.kind;
  const { delivery, endpoint } = claim;
  const previous = previousSecretOf(endpoint);
  const result = await postSigned(
    endpoint.url,
    delivery.payload,
    previous ? [endpoint.secret, previous] : endpoint.secret,
    {
      timeoutMs: env().WEBHOOK_TIMEOUT_MS,
      allowPrivate: allowPrivate(),
      resolve: options.resolve,
    },
  );
  const attempt: WebhookAttempt = {
    at: new Date().toISOString(),
    status: result.status,
    error: result.error,
    ms: result.ms,
  };
  const ok =
    result.status !== null && result.status >= 200 && result.status < 300;
  const attempts = sql`${webhookDeliveries.attempts} || ${JSON.stringify([attempt])}::jsonb`;
  if (ok) {
    await db().transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: "delivered",
          deliveredAt: new Date(),
          attempts,
          inFlightUntil: null,
        })
        .where(eq(webhookDeliveries.id, deliveryId));
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null, consecutiveFailures: 0 })
        .where(eq(webhookEndpoints.id, endpoint.id));
    });
    return "delivered";
  }
  return db().transaction(async (tx) => {
    const [updated] = await queryRows<{
      status: string;
      next: Date | string;
    }>(
      tx,
      sql`update webhook_deliveries set
            attempts = attempts || ${JSON.stringify([attempt])}::jsonb,
            next_attempt_at = now() + make_interval(secs => least(power(2, jsonb_array_length(attempts) + 1), 3600)),
            in_flight_until = null,
            status = case when created_at < now() - make_interval(hours => ${WEBHOOK_RETRY_HOURS}) then 'failed' else 'pending' end
          where id = ${deliveryId}
          returning status, next_attempt_at as next`,
    );
    const disabled = await noteEndpointFailure(tx, endpoint.id);
    if (!updated || updated.status === "failed" || disabled) return "failed";
    await enqueueDelivery(tx, deliveryId, endpoint.id, new Date(updated.next));
    return "retry";
  });
}

/**
 * Counts a failed attempt against its endpoint (the first of a run of failures starts its
 * clock). Once WEBHOOK_DISABLE_AFTER_FAILURES attempts in a row have failed, the first at least
 * WEBHOOK_DISABLE_AFTER_HOURS ago, the endpoint is disabled and its company's owners are told by
 * mail, in the same transaction. Returns whether it was disabled now.
 */
async function noteEndpointFailure(
  tx: Executor,
  endpointId: number,
): Promise<boolean> {
  const [endpoint] = await queryRows<{
    newly: boolean;
    company: number;
    url: string;
    failures: number;
    failing_since: Date | string;
  }>(
    tx,
    sql`update webhook_endpoints set
          failing_since = coalesce(failing_since, now()),
          consecutive_failures = consecutive_failures + 1,
          disabled_at = case
            when consecutive_failures + 1 >= ${WEBHOOK_DISABLE_AFTER_FAILURES}
             and coalesce(failing_since, now()) <= now() - make_interval(hours => ${WEBHOOK_DISABLE_AFTER_HOURS})
            then coalesce(disabled_at, now()) else disabled_at end
        where id = ${endpointId}
        returning disabled_at = now() as newly, employer_id as company, url,
          consecutive_failures as failures, failing_since`,
  );
  if (!endpoint?.newly) return false;
  const owners = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, endpoint.company),
        eq(users.companyRole, "OWNER"),
      ),
    );
  for (const owner of owners)
    await enqueueMail(tx, {
      userId: owner.id,
      to: owner.email,
      kind: "webhook.disabled",
      dedupeKey: `webhook.disabled:${endpointId}:${owner.id}:${Date.now()}`,
      mail: webhookDisabledMail({
        origin: mailOrigin(),
        to: { firstName: owner.firstName },
        url: endpoint.url,
        failures: endpoint.failures,
        // In the owner's language (theirs, else English).
        failingSince: formatDateTime(
          new Date(endpoint.failing_since),
          owner.language ?? "en",
        ),
        language: owner.language ?? "en",
      }),
    });
  return true;
}

/**
 * Deliveries due for an attempt (the embedded webhook loop's batch): at most one per endpoint,
 * none of an endpoint with an attempt in flight or of a company at its bound, none of `running`
 * (so the loop does not claim, only to find them busy, deliveries that must wait).
 */
export async function dueWebhookDeliveries(
  limit = 20,
  running: number[] = [],
): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select id from (
          select distinct on (d.endpoint_id) d.id, d.next_attempt_at
          from webhook_deliveries d
          where d.status = 'pending' and d.next_attempt_at <= now()
            and not (d.id = any(${`{${running.join(",")}}`}::bigint[]))
            and not exists (
              select 1 from webhook_deliveries f
              where f.endpoint_id = d.endpoint_id and f.in_flight_until > now())
            and (select count(*) from webhook_deliveries f
                 where f.employer_id = d.employer_id and f.in_flight_until > now())
                < ${WEBHOOK_IN_FLIGHT_PER_COMPANY}
          order by d.endpoint_id, d.next_attempt_at, d.id) due
        order by next_attempt_at, id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

export type DeliveryRow = {
  id: number;
  endpointId: number;
  url: string;
  eventId: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: WebhookAttempt[];
  createdAt: string;
};

/** The company's latest deliveries with their attempts (the settings page). */
export async function listWebhookDeliveries(
  actor: User,
  limit = 50,
): Promise<DeliveryRow[]> {
  const companyId = companyFor(actor, "team");
  const rows = await db()
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      eq(webhookEndpoints.id, webhookDeliveries.endpointId),
    )
    .where(eq(webhookDeliveries.companyId, companyId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(({ delivery, url }) => ({
    id: delivery.id,
    endpointId: delivery.endpointId,
    url,
    eventId: delivery.eventId,
    type: delivery.type,
    status: delivery.status,
    attempts: delivery.attempts,
    createdAt: delivery.createdAt.toISOString(),
  }));
}

/** Sends a delivery's event to its endpoint again, as a new delivery (same event id). */
export async function resendWebhookDelivery(
  actor: User,
  deliveryId: number,
  /** The endpoint the delivery must be of (the API's path names it). */
  endpointId?: number,
): Promise<number> {
  const companyId = companyFor(actor, "team");
  return db().transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.companyId, companyId),
        ),
      );
    if (!old || (endpointId !== undefined && old.endpointId !== endpointId))
      throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
    await tx
      .update(webhookEndpoints)
      .set(ENABLED_AFRESH)
      .where(eq(webhookEndpoints.id, old.endpointId));
    const [id] = await queueDeliveries(tx, [
      {
        endpointId: old.endpointId,
        companyId,
        eventId: old.eventId,
        type: old.type,
        payload: old.payload,
      },
    ]);
    return id;
  });
}

/**
 * Employees as the API shows them: GET /api/employees's rows and employee.joined's payload
 * (a query on users with their employee rows; the caller filters and orders it).
 */
function selectPublicEmployees(executor: Executor = db()) {
  return executor
    .select({
      id: employees.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      department: users.department,
      availableBalance: employees.availableBalance,
    })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id));
}

/** employee.joined, with the employee as GET /api/employees lists them. */
export async function emitEmployeeJoined(
  tx: Executor,
  companyId: number,
  userId: number,
): Promise<void> {
  const [employee] = await selectPublicEmployees(tx).where(
    eq(users.id, userId),
  );
  if (employee) await emitWebhook(tx, companyId, "employee.joined", employee);
}
