import * as z from "zod";
import { WEBHOOK_EVENTS, type WebhookEvent } from "~/utils/api-scopes";
import { API_VERSION, type ApiVersion } from "~/utils/api-version";
import {
  advanceRequestSchema,
  deductionCollectedSchema,
  employeeListItemSchema,
  offboardedSchema,
  payrollRunSchema,
  virtualCardSchema,
} from "./api-responses";

// Each webhook event's `data`, as a zod schema: the one contract of what is delivered.
// emitWebhook's `data` is typed by it (a body that drifts from it does not compile), the
// OpenAPI document's `webhooks` section is generated from it, and the tests validate every
// delivered body against that document.

/** A card event: the card as the API shows it, with the employee and request it is for. */
const cardEventSchema = virtualCardSchema.extend({
  employeeId: z.number().int().describe("The employee the card belongs to"),
  advanceRequestId: z
    .number()
    .int()
    .describe("The advance request the card was issued for"),
});

/** `ping`: sent by POST /api/webhook-endpoints/{id}/test to that endpoint only. */
const pingSchema = z.object({
  endpointId: z.number().int(),
  message: z.string(),
});

export const WEBHOOK_EVENT_DATA = {
  "advance_request.created": advanceRequestSchema,
  "advance_request.approved": advanceRequestSchema,
  "advance_request.declined": advanceRequestSchema,
  "advance_request.cancelled": advanceRequestSchema,
  "card.issued": cardEventSchema,
  "card.closed": cardEventSchema,
  "payroll_run.submitted": payrollRunSchema,
  "deduction.collected": deductionCollectedSchema,
  "employee.joined": employeeListItemSchema,
  "employee.offboarded": offboardedSchema.describe(
    "What the offboarding did: the employee's id, their last pay date, and what it closed, cancelled and moved",
  ),
  ping: pingSchema,
} as const satisfies Record<WebhookEvent | "ping", z.ZodType>;

/** Every type a delivery can carry: the subscribable events and `ping`. */
export type DeliveredEvent = keyof typeof WEBHOOK_EVENT_DATA;
export const DELIVERED_EVENTS = [...WEBHOOK_EVENTS, "ping"] as const;

export type WebhookEventData<T extends DeliveredEvent> = z.output<
  (typeof WEBHOOK_EVENT_DATA)[T]
>;

/**
 * The body of every delivery, around the event's data, written in `version`: the API version
 * its endpoint was pinned to when it was created (the current one by default).
 */
export function webhookEnvelope<T extends DeliveredEvent>(
  type: T,
  data: WebhookEventData<T>,
  id: string,
  version: ApiVersion = API_VERSION,
  created: number = Math.floor(Date.now() / 1000),
) {
  return { id, type, created, version, data };
}
