import * as z from "zod";
import {
  PUSH_CHOICES_INTENT,
  PUSH_REMOVE_INTENT,
  PUSH_SUBSCRIBE_INTENT,
  PUSH_TYPES,
  PUSH_UNSUBSCRIBE_INTENT,
} from "./push-types";

// The notification settings' forms; the types and intents are in
// ./push-types.

export * from "./push-types";

const base64url = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/);

/** What the browser's PushSubscription.toJSON() gives, posted by the toggle. */
export const pushSubscribeSchema = z.object({
  intent: z.literal(PUSH_SUBSCRIBE_INTENT),
  endpoint: z.string().url().max(1000),
  p256dh: base64url,
  auth: base64url,
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** This device's own toggle turning push off: its subscription by endpoint. */
export const pushUnsubscribeSchema = z.object({
  intent: z.literal(PUSH_UNSUBSCRIBE_INTENT),
  endpoint: z.string().url().max(1000),
});

export const pushRemoveSchema = z.object({
  intent: z.literal(PUSH_REMOVE_INTENT),
  deviceId: z.coerce.number().int().positive(),
});

/** The types turned on, as checkboxes named by type (absent means off). */
export const pushChoicesSchema = z.object({
  intent: z.literal(PUSH_CHOICES_INTENT),
  on: z.array(z.enum(PUSH_TYPES)).default([]),
});
