import * as z from "zod";
import { API_SCOPES, WEBHOOK_EVENTS } from "~/utils/api-scopes";
import { API_VERSIONS } from "~/utils/api-version";
import { dateTime, secretShownOnce } from "./common";

/** An API key as GET /api/api-keys lists it (never its secret). */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The secret's first characters, to tell keys apart. */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** POST /api/api-keys: the new key with its secret, shown this once. */
export const createdApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The secret (`ga_…`): send it as `Authorization: Bearer <key>`. Never shown again. */
  key: z
    .string()
    .nullable()
    .describe(
      "The secret (ga_…), in the first answer only; null in a replay of it",
    ),
  createdAt: z.string(),
  message: secretShownOnce,
});

/** A webhook endpoint as the API lists it (its secret only when it is created). */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  consecutiveFailures: z
    .number()
    .int()
    .describe("Failed delivery attempts in a row (0 after a success)"),
  failingSince: z
    .string()
    .nullable()
    .describe("When the current run of failures began; null when none"),
  disabledAt: z
    .string()
    .nullable()
    .describe(
      "When it was disabled (after failing, or turned off by enabled: false); it gets no events until enabled again",
    ),
  disabledReason: z
    .string()
    .nullable()
    .describe(
      "Why it was disabled (failed deliveries in a row, since when; or turned off) and how to enable it again (POST /api/webhook-endpoints/{id}/enable); null while enabled",
    ),
  description: z.string().nullable(),
  rotationOverlapEndsAt: z
    .string()
    .nullable()
    .describe(
      "After a rotation: until when the previous secret still signs each delivery (a second v1); null otherwise",
    ),
  apiVersion: z
    .enum(API_VERSIONS)
    .describe(
      "The API version (Grocery-Advance-Version) every body delivered to it is written in, as its `version`: the version the request that added it was answered in (the key's pinned version unless it named another), pinned then",
    ),
});

/** One delivery of an event to an endpoint, as its delivery log lists it. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string().describe("evt_…: the same on a redelivery"),
  type: z.string().describe("The event type, or ping"),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int().describe("Attempts made so far"),
  lastAttemptAt: dateTime.nullable(),
  lastStatusCode: z
    .number()
    .int()
    .nullable()
    .describe("The HTTP status the endpoint answered last; null without one"),
  lastError: z
    .string()
    .nullable()
    .describe(
      'Why the last attempt failed, in plain words ("connection refused", "timed out", "the endpoint answered HTTP 500"); null after a success or before any attempt',
    ),
  nextAttemptAt: dateTime
    .nullable()
    .describe("When the next attempt is due while pending; else null"),
  createdAt: dateTime,
  deliveredAt: dateTime.nullable(),
});

export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  /** Signs every delivery (Grocery-Advance-Signature); shown this once. */
  secret: z
    .string()
    .nullable()
    .describe(
      "Signs every delivery (whsec_…), in the first answer only; null in a replay of it",
    ),
  message: secretShownOnce,
});
