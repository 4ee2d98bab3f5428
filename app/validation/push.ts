import * as z from "zod";

// Web Push on this device (docs/decisions/0122): what a person may be sent, and the forms of
// the notification settings on /profile and /settings. Browser-safe.

export const EMPLOYEE_PUSH_TYPES = [
  "advance.decided",
  "card.ready",
  "purchase.declined",
  "deduction.soon",
  "credit.coming",
] as const;
export const EMPLOYER_PUSH_TYPES = [
  "request.waiting",
  "payroll.ready",
  "complaint.received",
] as const;
export const PUSH_TYPES = [
  ...EMPLOYEE_PUSH_TYPES,
  ...EMPLOYER_PUSH_TYPES,
] as const;
export type PushType = (typeof PUSH_TYPES)[number];

export const pushTypesFor = (role: "EMPLOYEE" | "EMPLOYER") =>
  role === "EMPLOYEE" ? EMPLOYEE_PUSH_TYPES : EMPLOYER_PUSH_TYPES;

export const PUSH_SUBSCRIBE_INTENT = "push-subscribe";
export const PUSH_REMOVE_INTENT = "push-remove";
export const PUSH_CHOICES_INTENT = "push-choices";
export const PUSH_UNSUBSCRIBE_INTENT = "push-unsubscribe";
export const PUSH_INTENTS: readonly unknown[] = [
  "push-subscribe",
  "push-unsubscribe",
  "push-remove",
  "push-choices",
];

export const PUSH_SUBSCRIPTION_INVALID =
  "This browser gave a push subscription we cannot use.";
export const PUSH_DEVICE_NOT_FOUND = "Device not found";

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
