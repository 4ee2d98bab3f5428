import crypto from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import {
  webhookDeliveries,
  webhookEndpoints,
  type User,
  type WebhookDelivery,
} from "#db/schema";
import { systemResolver } from "~/services/webhooks/addresses.server";
import { isDeliveryFailure } from "~/services/webhooks/deliver.server";
import { recordAudit } from "~/models/audit/index.server";
import { companyFor } from "~/utils/company-access.server";
import { db } from "~/utils/db.server";
import { conflict, notFound } from "~/utils/errors";
import settingsEn from "~/utils/locales/en/settings";
import settingsEs from "~/utils/locales/es/settings";
import type { UpdateWebhookEndpointInput } from "~/validation/api-keys";
import {
  readPage,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import { webhookEnvelope } from "~/validation/webhook-events";
import {
  ENABLED_AFRESH,
  WEBHOOK_ENDPOINT_NOT_FOUND,
  checkUrl,
  companyEndpoint,
  endpointVersion,
  toPublicWebhookEndpoint,
  type PublicWebhookEndpoint,
  type WebhookNetworkOptions,
} from "./webhook-endpoints.server";
import { resendWebhookDelivery } from "./webhook-log.server";
import { newEventId, queueDeliveries } from "./webhook-queue.server";

// Operating one webhook endpoint (docs/api-guide.md, "Operating an endpoint"): its delivery log,
// a redelivery, a signed test event, changes to it, and a secret rotated with an overlap.

/** How long a rotated secret keeps signing deliveries beside the new one (a second v1). */
export const SECRET_OVERLAP_HOURS = 24;
export const TEST_EVENT_MESSAGE =
  "A test event from Grocery Advance: this endpoint is reachable and its signature verifies.";
export const ENDPOINT_DISABLED_FOR_TEST =
  "The endpoint is disabled: enable it before sending a test event.";

/** A delivery as the log lists it: what was sent, how its attempts went, what comes next. */
export type DeliveryLogItem = {
  id: number;
  eventId: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
};

const ATTEMPT_TEXTS = { en: settingsEn.api, es: settingsEs.api } as const;
export type LogLanguage = keyof typeof ATTEMPT_TEXTS;

/** An attempt's failure in plain words: the API's in English, the settings page's translated. */
function failureText(
  status: number | null,
  error: string | null,
  language: LogLanguage,
) {
  const texts = ATTEMPT_TEXTS[language];
  if (error !== null)
    return isDeliveryFailure(error)
      ? texts.attemptErrors[error]
      : texts.attemptErrors.connection_failed;
  if (status !== null && (status < 200 || status >= 300))
    return texts.answeredHttp.replace("{{status}}", String(status));
  return null;
}

function toDeliveryLogItem(
  row: WebhookDelivery,
  language: LogLanguage = "en",
): DeliveryLogItem {
  const last = row.attempts.at(-1) ?? null;
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts.length,
    lastAttemptAt: last?.at ?? null,
    lastStatusCode: last?.status ?? null,
    lastError: last ? failureText(last.status, last.error, language) : null,
    nextAttemptAt:
      row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The company's endpoint, or 404. */
async function endpointOf(companyId: number, id: number) {
  const [row] = await db()
    .select()
    .from(webhookEndpoints)
    .where(companyEndpoint(id, companyId));
  if (!row) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
  return row;
}

/** One of the company's endpoints (the settings page's view of it), or 404. */
export async function getWebhookEndpoint(
  actor: User,
  endpointId: number,
): Promise<PublicWebhookEndpoint> {
  return toPublicWebhookEndpoint(
    await endpointOf(companyFor(actor, "team"), endpointId),
  );
}

/**
 * An endpoint's delivery log, newest first, one page (GET /api/webhook-endpoints/{id}/deliveries
 * in English; the settings page in its reader's language, a page past the end read as the last).
 */
export async function listEndpointDeliveries(
  actor: User,
  endpointId: number,
  page: PageRequest,
  {
    language = "en",
    clamp = false,
  }: { language?: LogLanguage; clamp?: boolean } = {},
): Promise<Paged<DeliveryLogItem> & { pageCount: number }> {
  const companyId = companyFor(actor, "team");
  await endpointOf(companyId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  return readPage(
    page,
    async () =>
      (
        await db()
          .select({ total: count() })
          .from(webhookDeliveries)
          .where(where)
      )[0].total,
    async (limit, offset) =>
      (
        await db()
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => toDeliveryLogItem(row, language)),
    { clamp },
  );
}

async function logItem(id: number): Promise<DeliveryLogItem> {
  const [row] = await db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  return toDeliveryLogItem(row);
}

/**
 * Sends one of the endpoint's deliveries again, as a new delivery of the same event (same event
 * id and body, signed afresh); a disabled endpoint is enabled by it.
 */
export async function redeliverWebhook(
  actor: User,
  endpointId: number,
  deliveryId: number,
): Promise<DeliveryLogItem> {
  return logItem(await resendWebhookDelivery(actor, deliveryId, endpointId));
}

/** A signed `ping` to this endpoint only (it needs no subscription), delivered as any event. */
export async function sendTestWebhook(
  actor: User,
  endpointId: number,
): Promise<DeliveryLogItem> {
  const companyId = companyFor(actor, "team");
  const endpoint = await endpointOf(companyId, endpointId);
  if (endpoint.disabledAt) throw conflict(ENDPOINT_DISABLED_FOR_TEST);
  const eventId = newEventId();
  const payload = JSON.stringify(
    webhookEnvelope(
      "ping",
      { endpointId, message: TEST_EVENT_MESSAGE },
      eventId,
      endpointVersion(endpoint),
    ),
  );
  const [id] = await db().transaction((tx) =>
    queueDeliveries(tx, [
      { endpointId, companyId, eventId, type: "ping", payload },
    ]),
  );
  return logItem(id);
}

/**
 * PATCH: the url (checked as when adding), the events, the description, enabled. Disabling
 * stops new events (pending ones fail); enabling starts the failure count afresh.
 */
export async function updateWebhookEndpoint(
  actor: User,
  endpointId: number,
  input: UpdateWebhookEndpointInput,
  options: WebhookNetworkOptions = {},
): Promise<PublicWebhookEndpoint> {
  const companyId = companyFor(actor, "team");
  await endpointOf(companyId, endpointId);
  const url =
    input.url === undefined
      ? undefined
      : await checkUrl(input.url, options.resolve ?? systemResolver);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.description !== undefined
          ? { description: input.description ?? null }
          : {}),
        ...(input.enabled === true
          ? ENABLED_AFRESH
          : input.enabled === false
            ? {
                disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, now())`,
              }
            : {}),
      })
      .where(companyEndpoint(endpointId, companyId))
      .returning();
    if (!row) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "webhook_endpoint.updated",
      details: {
        endpointId,
        ...(url !== undefined ? { url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      },
    });
    return toPublicWebhookEndpoint(row);
  });
}

/**
 * A new signing secret, shown once. The one it replaces keeps signing every delivery as a second
 * `v1` for SECRET_OVERLAP_HOURS, so a receiver can switch without missing one; a second rotation
 * within the overlap ends the first one's.
 */
export async function rotateWebhookSecret(
  actor: User,
  endpointId: number,
): Promise<PublicWebhookEndpoint & { secret: string }> {
  const companyId = companyFor(actor, "team");
  const secret = `whsec_${crypto.randomBytes(32).toString("base64url")}`;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(hours => ${SECRET_OVERLAP_HOURS})`,
      })
      .where(companyEndpoint(endpointId, companyId))
      .returning();
    if (!row) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "webhook_endpoint.secret_rotated",
      details: { endpointId },
    });
    return { ...toPublicWebhookEndpoint(row), secret };
  });
}
