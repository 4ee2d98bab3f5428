import crypto from "node:crypto";
import net from "node:net";
import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  pageOffset,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import { webhookEndpoints, type User, type WebhookEndpoint } from "#db/schema";
import {
  isLocalName,
  isPublicAddress,
  systemResolver,
  type Resolver,
} from "~/services/webhooks/addresses.server";
import { db, queryRows } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { badRequest, notFound } from "~/utils/errors";
import type { WebhookEvent } from "~/utils/api-scopes";
import {
  API_VERSION,
  isApiVersion,
  type ApiVersion,
} from "~/utils/api-version";
import { recordAudit } from "~/models/audit/index.server";
import type { CreateWebhookEndpointInput } from "~/validation/api-keys";
import { companyFor } from "~/utils/company-access.server";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_ENDPOINTS_PER_COMPANY,
} from "~/utils/rules";

// A company's webhook endpoints: an
// endpoint added after its address is checked, as the API shows it, listed, deleted and enabled
// again.

export const WEBHOOK_ENDPOINT_NOT_FOUND = "Webhook endpoint not found";

/** The advisory lock namespace under which a company's claims take turns (any fixed number). */
export const CLAIM_LOCK = 0x7768;

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
export function previousSecretOf(
  row: Pick<WebhookEndpoint, "previousSecret" | "previousSecretExpiresAt">,
  now: Date = new Date(),
): string | null {
  return row.previousSecret &&
    row.previousSecretExpiresAt &&
    row.previousSecretExpiresAt > now
    ? row.previousSecret
    : null;
}

export const allowPrivate = () =>
  env().WEBHOOK_ALLOW_PRIVATE_NETWORKS === "true";

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
 * (decision 0096). Delivery checks the address connected to again, every time.
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
