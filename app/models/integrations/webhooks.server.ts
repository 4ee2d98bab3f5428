import crypto from "node:crypto";
import net from "node:net";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  employees,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type User,
  type WebhookAttempt,
  type WebhookEndpoint,
} from "#db/schema";
import {
  isDeliveryFailure,
  postSigned,
  type DeliveryFailure,
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
import { formatDateTime } from "~/utils/dates";
import { webhookDisabledMail } from "~/services/mail/templates";
import { enqueueMail, mailOrigin } from "~/models/notifications/index.server";
import { recordAudit } from "~/models/audit/index.server";
import type { CreateWebhookEndpointInput } from "~/validation/api-keys";
import { companyFor } from "~/utils/company-access.server";

// Signed webhooks (docs/decisions/0079-api-keys-idempotency-webhooks.md). An action that
// causes an event calls emitWebhook in its own transaction: one delivery row per subscribed
// endpoint of the company, and on PostgreSQL its graphile-worker job, both written if and only
// if the action is. A delivery POSTs the stored body with its signature; anything but 2xx is
// retried with exponential backoff (graphile-worker's; the embedded loop's own on PGlite) for
// 24 hours. An endpoint failing for 3 days is disabled.

export const WEBHOOK_TASK = "webhook-delivery";
export const WEBHOOK_ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
export const WEBHOOK_DELIVERY_NOT_FOUND = "Webhook delivery not found";
export const WEBHOOK_RETRY_HOURS = 24;
export const WEBHOOK_DISABLE_DAYS = 3;
const MAX_JOB_ATTEMPTS = 25;

export type PublicWebhookEndpoint = {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  disabledAt: string | null;
};

export function toPublicWebhookEndpoint(
  row: WebhookEndpoint,
): PublicWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
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
async function checkUrl(value: string, resolve: Resolver): Promise<string> {
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

export async function createWebhookEndpoint(
  actor: User,
  input: CreateWebhookEndpointInput,
  options: WebhookNetworkOptions = {},
): Promise<PublicWebhookEndpoint & { secret: string }> {
  const companyId = companyFor(actor, "team");
  const url = await checkUrl(input.url, options.resolve ?? systemResolver);
  const secret = `whsec_${crypto.randomBytes(32).toString("base64url")}`;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ companyId, url, events: input.events, secret })
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
  const companyId = companyFor(actor, "team");
  const rows = await db()
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(desc(webhookEndpoints.id))
    .limit(100);
  return rows.map(toPublicWebhookEndpoint);
}

export async function deleteWebhookEndpoint(
  actor: User,
  id: number,
): Promise<PublicWebhookEndpoint> {
  const companyId = companyFor(actor, "team");
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.id, id),
          eq(webhookEndpoints.companyId, companyId),
        ),
      )
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
  });
}

/** Adds the delivery's job (PostgreSQL) in the caller's transaction. */
async function enqueueDelivery(tx: Executor, deliveryId: number) {
  if (connection().kind !== "postgres") return;
  await tx.execute(
    sql`select graphile_worker.add_job(${WEBHOOK_TASK}, json_build_object('deliveryId', ${deliveryId}::bigint),
          job_key := ${`webhook:${deliveryId}`}, max_attempts := ${MAX_JOB_ATTEMPTS})`,
  );
}

/**
 * The one hook for every event: call it inside the action's transaction with the record as
 * the API returns it. Every live endpoint of the company subscribed to the type gets a
 * delivery; nothing is sent unless the transaction commits.
 */
export async function emitWebhook(
  tx: Executor,
  companyId: number | null,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  if (companyId === null) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        isNull(webhookEndpoints.disabledAt),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const eventId = `evt_${crypto.randomBytes(12).toString("hex")}`;
  const payload = JSON.stringify({
    id: eventId,
    type,
    created: Math.floor(Date.now() / 1000),
    data,
  });
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((e) => ({
        endpointId: e.id,
        companyId,
        eventId,
        type,
        payload,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await enqueueDelivery(tx, row.id);
  return rows.length;
}

export { isDeliveryFailure, type DeliveryFailure };

export type DeliveryOutcome = "delivered" | "retry" | "failed" | "skipped";

/**
 * One attempt at one delivery. Records the attempt (status code or the failure in plain words
 * from DELIVERY_FAILURES, and time taken);
 * a 2xx marks it delivered. Otherwise "retry" (the job queue throws for its backoff), or
 * "failed" once it is older than 24 hours. An endpoint failing for 3 days is disabled.
 */
export async function deliverWebhook(
  deliveryId: number,
  options: WebhookNetworkOptions = {},
): Promise<DeliveryOutcome> {
  const [row] = await db()
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      eq(webhookEndpoints.id, webhookDeliveries.endpointId),
    )
    .where(eq(webhookDeliveries.id, deliveryId));
  // A missing row is skipped: deleting an endpoint deletes its deliveries. A job finished on a
  // server that did not have the row (after a failover) is made again by the sweep
  // (requeueWebhooksWithoutJob).
  if (!row || row.delivery.status !== "pending") return "skipped";
  if (row.endpoint.disabledAt) {
    await db()
      .update(webhookDeliveries)
      .set({ status: "failed" })
      .where(eq(webhookDeliveries.id, deliveryId));
    return "failed";
  }
  const result = await postSigned(
    row.endpoint.url,
    row.delivery.payload,
    row.endpoint.secret,
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
        .set({ status: "delivered", deliveredAt: new Date(), attempts })
        .where(eq(webhookDeliveries.id, deliveryId));
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, row.endpoint.id));
    });
    return "delivered";
  }
  const [updated] = await queryRows<{ status: string }>(
    db(),
    sql`update webhook_deliveries set
          attempts = attempts || ${JSON.stringify([attempt])}::jsonb,
          next_attempt_at = now() + make_interval(secs => least(power(2, jsonb_array_length(attempts) + 1), 3600)),
          status = case when created_at < now() - make_interval(hours => ${WEBHOOK_RETRY_HOURS}) then 'failed' else 'pending' end
        where id = ${deliveryId}
        returning status`,
  );
  await noteEndpointFailure(row.endpoint.id);
  return updated?.status === "failed" ? "failed" : "retry";
}

/**
 * An endpoint's first failure starts its clock; failing for 3 days disables it, and its
 * company's owners are told by mail (in the same transaction).
 */
async function noteEndpointFailure(endpointId: number) {
  await db().transaction(async (tx) => {
    const [endpoint] = await queryRows<{
      newly: boolean;
      company: number;
      url: string;
      failing_since: Date | string;
    }>(
      tx,
      sql`update webhook_endpoints set
            failing_since = coalesce(failing_since, now()),
            disabled_at = case when coalesce(failing_since, now()) < now() - make_interval(days => ${WEBHOOK_DISABLE_DAYS})
                               then coalesce(disabled_at, now()) else disabled_at end
          where id = ${endpointId}
          returning disabled_at = now() as newly, employer_id as company, url, failing_since`,
    );
    if (!endpoint?.newly) return;
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
          // In the owner's language (theirs, else English).
          failingSince: formatDateTime(
            new Date(endpoint.failing_since),
            owner.language ?? "en",
          ),
          language: owner.language ?? "en",
        }),
      });
  });
}

/** Deliveries due for an attempt (the embedded loop's batch). */
export async function dueWebhookDeliveries(limit = 20): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select id from webhook_deliveries where status = 'pending' and next_attempt_at <= now()
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
    if (!old) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
    await tx
      .update(webhookEndpoints)
      .set({ disabledAt: null, failingSince: null })
      .where(eq(webhookEndpoints.id, old.endpointId));
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: old.endpointId,
        companyId,
        eventId: old.eventId,
        type: old.type,
        payload: old.payload,
      })
      .returning({ id: webhookDeliveries.id });
    await enqueueDelivery(tx, row.id);
    return row.id;
  });
}

/**
 * Employees as the API shows them: GET /api/employees's rows and employee.joined's payload
 * (a query on users with their employee rows; the caller filters and orders it).
 */
export function selectPublicEmployees(executor: Executor = db()) {
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
