import * as z from "zod";
import { API_SCOPES, WEBHOOK_EVENTS } from "~/utils/api-scopes";
import { optionalText, requiredText } from "./common";

// API keys and webhook endpoints: shared by /settings/api (Conform, browser and server) and
// POST /api/api-keys, POST /api/webhook-endpoints.

const SCOPES_REQUIRED = "Choose at least one scope";
export const EVENTS_REQUIRED = "Choose at least one event";

/** A form sends one checkbox as a string and several as an array; JSON sends an array. */
const list = <T extends z.ZodType>(item: T, message: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ""
        ? []
        : Array.isArray(value)
          ? value
          : [value],
    z
      .array(item, { error: message })
      .min(1, message)
      .transform((items) => [...new Set(items)]),
  );

export const createApiKeySchema = z.object({
  name: requiredText("Name", 100),
  scopes: list(z.enum(API_SCOPES, { error: "Unknown scope" }), SCOPES_REQUIRED),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const WEBHOOK_URL_INVALID = "Enter an https:// address";

const webhookUrl = z
  .string({ error: WEBHOOK_URL_INVALID })
  .trim()
  .max(2000, "At most 2000 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, WEBHOOK_URL_INVALID);
const webhookEvents = list(
  z.enum(WEBHOOK_EVENTS, { error: "Unknown event" }),
  EVENTS_REQUIRED,
);
const webhookDescription = optionalText("Description", 200)
  .nullable()
  .describe("A note for the people who read the endpoint list");

export const createWebhookEndpointSchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional(),
});

/**
 * /settings/api's form to change an endpoint: every field sent, as the page shows them (an
 * empty description clears it; Enabled unticked turns it off). The server applies it with the
 * same function as PATCH /api/webhook-endpoints/{id}.
 */
export const editWebhookEndpointSchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional(),
  enabled: z.boolean().default(false),
});

const NOTHING_TO_UPDATE =
  "Send at least one of url, events, description and enabled";

/** PATCH /api/webhook-endpoints/{id}: the fields sent change, the others stay. */
export const updateWebhookEndpointSchema = z
  .object({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: webhookDescription.optional(),
    enabled: z
      .boolean({ error: "enabled must be true or false" })
      .optional()
      .describe(
        "false disables the endpoint (it gets no events); true enables it again, its failure count afresh",
      ),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), {
    message: NOTHING_TO_UPDATE,
  });
export type UpdateWebhookEndpointInput = z.infer<
  typeof updateWebhookEndpointSchema
>;
export type CreateWebhookEndpointInput = z.infer<
  typeof createWebhookEndpointSchema
>;
