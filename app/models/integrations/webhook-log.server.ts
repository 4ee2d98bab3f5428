import { and, desc, eq } from "drizzle-orm";
import {
  webhookDeliveries,
  webhookEndpoints,
  type User,
  type WebhookAttempt,
} from "#db/schema";
import { db } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import { companyFor } from "~/utils/company-access.server";
import { ENABLED_AFRESH } from "./webhook-endpoints.server";
import { queueDeliveries } from "./webhook-queue.server";

// The company's webhook delivery log (the settings page), and a delivery sent again.

export const WEBHOOK_DELIVERY_NOT_FOUND = "Webhook delivery not found";

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
