// Web Push on this device: what a person may be sent, and the intents of
// the notification settings on /profile and /settings. Browser-safe and without zod, so the
// pages' components can import it without the schemas' code (the JavaScript budget).

const EMPLOYEE_PUSH_TYPES = [
  "advance.decided",
  "card.ready",
  "purchase.declined",
  "deduction.soon",
  "credit.coming",
] as const;
const EMPLOYER_PUSH_TYPES = [
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
