import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "#db/schema";
import { connection, type Executor } from "~/utils/db.server";
import { requeueRowsWithoutJob } from "~/utils/job-sweep.server";
import type { WebhookEvent } from "~/utils/api-scopes";
import { type ApiVersion } from "~/utils/api-version";
import {
  webhookEnvelope,
  type WebhookEventData,
} from "~/validation/webhook-events";
import { endpointVersion } from "./webhook-endpoints.server";

// Signed webhooks. An action that
// causes an event calls emitWebhook in its own transaction: one delivery row per subscribed
// endpoint of the company, and on PostgreSQL its graphile-worker job, both written if and only
// if the action is. A delivery POSTs the stored body with its signature; anything but 2xx is
// retried with the row's own backoff for 24 hours.

export const WEBHOOK_TASK = "webhook-delivery";

/** Attempts at running a delivery's job that threw (the database away), not at delivering. */
const MAX_JOB_ATTEMPTS = 25;

/** The endpoint's named queue: graphile-worker runs one job of a queue at a time. */
const WEBHOOK_QUEUE_PREFIX = "webhook-endpoint:";

/**
 * Gives a job again to every pending delivery that has none (PostgreSQL), as
 * requeueMailWithoutJob does for e-mail. Returns the deliveries.
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
export async function enqueueDelivery(
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

/**
 * employee.joined, with the employee as GET /api/employees lists them (people's
 * publicEmployee, read by the caller in its transaction); nothing for no employee.
 */
export async function emitEmployeeJoined(
  tx: Executor,
  companyId: number,
  employee: WebhookEventData<"employee.joined"> | null,
): Promise<void> {
  if (employee) await emitWebhook(tx, companyId, "employee.joined", employee);
}
