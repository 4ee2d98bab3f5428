// What a company's API key may do, and the events a webhook endpoint can subscribe to.
// Browser-safe: the settings page lists them.

export const API_SCOPES = [
  "employees:read",
  "employees:write",
  "advances:read",
  "advances:write",
  "payroll:read",
  "payroll:write",
  "webhooks:write",
  "complaints:read",
  "complaints:write",
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

export const WEBHOOK_EVENTS = [
  "advance_request.created",
  "advance_request.approved",
  "advance_request.declined",
  "advance_request.cancelled",
  "card.issued",
  "card.closed",
  "payroll_run.submitted",
  "deduction.collected",
  "employee.joined",
  "employee.offboarded",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The prefix every key's secret starts with (and the Authorization header carries). */
export const API_KEY_PREFIX = "ga_";
