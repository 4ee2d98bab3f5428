import { eq, sql } from "drizzle-orm";
import {
  webhookDeliveries,
  webhookEndpoints,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "#db/schema";
import {
  isDeliveryFailure,
  postSigned,
} from "~/services/webhooks/deliver.server";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { formatDateTime } from "~/utils/dates";
import { webhookDisabledMail } from "~/services/mail/templates";
import {
  enqueueMail,
  mailOrigin,
  type CompanyOwners,
} from "~/models/notifications/index.server";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_IN_FLIGHT_PER_COMPANY,
} from "~/utils/rules";
import {
  allowPrivate,
  CLAIM_LOCK,
  previousSecretOf,
  type WebhookNetworkOptions,
} from "./webhook-endpoints.server";
import { enqueueDelivery } from "./webhook-queue.server";

// Deliveries run apart from everything else (decision 0098): their jobs are taken only by
// the webhook worker (its own graphile-worker runner on PostgreSQL, its own loop on PGlite), never
// by the one that sends mail and runs payroll; an attempt first claims a lease that allows one
// delivery in flight per endpoint and WEBHOOK_IN_FLIGHT_PER_COMPANY per company; a company has at
// most WEBHOOK_ENDPOINTS_PER_COMPANY endpoints; and an endpoint whose last
// WEBHOOK_DISABLE_AFTER_FAILURES attempts failed, over at least WEBHOOK_DISABLE_AFTER_HOURS, is
// disabled (its owners told by mail) until an owner enables it again.

const WEBHOOK_RETRY_HOURS = 24;

/** How long a delivery that found its endpoint or company busy waits before it asks again. */
const BUSY_RETRY_SECONDS = 1;

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
 * than 24 hours. The endpoint counts its failures in a row; see noteEndpointFailure. `owners`
 * reads the company's owners (people's), mailed when the endpoint is disabled.
 */
export async function deliverWebhook(
  deliveryId: number,
  owners: CompanyOwners,
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
    const disabled = await noteEndpointFailure(tx, endpoint.id, owners);
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
  ownersOf: CompanyOwners,
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
  const owners = await ownersOf(tx, endpoint.company);
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
