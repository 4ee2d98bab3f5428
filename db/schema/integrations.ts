// The tables of the integrations domain (app/models/integrations): API keys, idempotency keys,
// webhooks, the payroll provider's connection and its people.
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { money, tstz } from "./columns";
import { employees, users } from "./people";
import { companies } from "./companies-base";

// A company's API keys. Only the
// SHA-256 of the secret is stored (the secret is 32 random bytes: a fast hash is enough, and a
// lookup by hash costs one index probe per request); `hint` is the secret's first characters,
// for telling keys apart on the settings page. A revoked key stays, for the audit trail.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id),
    createdById: integer("created_by_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    hint: text("hint").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastUsedAt: tstz("last_used_at"),
    revokedAt: tstz("revoked_at"),
    /** The API version its requests answer in when they name none (pinned at creation). */
    apiVersion: text("api_version").notNull().default("2026-11-28"),
  },
  (t) => [
    uniqueIndex("api_keys_token_hash_idx").on(t.tokenHash),
    index("api_keys_employer_idx").on(t.companyId, t.createdAt),
    index("api_keys_created_by_idx").on(t.createdById),
  ],
);

// Idempotency keys of POSTs under /api: one row per caller ("user:<id>" or "key:<id>") and key,
// inserted before the request acts (ON CONFLICT: exactly one of several concurrent requests
// owns it), completed with the response that is then replayed for 24 hours.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    responseBody: text("response_body"),
    contentType: text("content_type"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
  },
  (t) => [
    uniqueIndex("idempotency_keys_caller_key_idx").on(t.caller, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

// Where a company's events are posted, signed with the endpoint's secret (kept as it is: the
// server must compute the same HMAC as the receiver). At most WEBHOOK_ENDPOINTS_PER_COMPANY per
// company; disabled after WEBHOOK_DISABLE_AFTER_FAILURES failed attempts in a row over at least
// WEBHOOK_DISABLE_AFTER_HOURS.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    failingSince: tstz("failing_since"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledAt: tstz("disabled_at"),
    description: text("description"),
    /** The secret before the last rotation: it signs too (a second v1) until it expires. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: tstz("previous_secret_expires_at"),
    /** The API version its bodies are written in: the creating request's (pinned then). */
    apiVersion: text("api_version").notNull().default("2026-11-28"),
  },
  (t) => [index("webhook_endpoints_employer_idx").on(t.companyId)],
);

export type WebhookAttempt = {
  at: string;
  status: number | null;
  error: string | null;
  ms: number;
};

// One event to one endpoint: the exact body posted (its signature is over these bytes) and
// every attempt with its response code. `inFlightUntil` is the lease of an attempt under way:
// one per endpoint, a few per company.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    companyId: integer("employer_id")
      .notNull()
      .references(() => companies.id),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: jsonb("attempts").$type<WebhookAttempt[]>().notNull().default([]),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    inFlightUntil: tstz("in_flight_until"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    deliveredAt: tstz("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_employer_idx").on(t.companyId, t.createdAt),
    index("webhook_deliveries_pending_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_in_flight_idx")
      .on(t.companyId, t.endpointId)
      .where(sql`${t.inFlightUntil} is not null`),
    check(
      "webhook_deliveries_status_check",
      sql`${t.status} in ('pending', 'delivered', 'failed')`,
    ),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

// A company's connection to its payroll system through Finch: at most one
// per company. The access token is kept only sealed (AES-256-GCM, app/utils/sealed.server.ts);
// `products` is what the employer granted in Finch Connect.
export const payrollConnections = pgTable(
  "payroll_connections",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    providerId: text("provider_id").notNull(),
    providerName: text("provider_name").notNull(),
    connectionId: text("connection_id").notNull(),
    products: text("products").array().notNull(),
    accessTokenSealed: text("access_token_sealed").notNull(),
    connectedById: integer("connected_by_id")
      .notNull()
      .references(() => users.id),
    connectedAt: tstz("connected_at").notNull().defaultNow(),
    // The roster sync's last run and what it did (counts; never a person's data).
    lastSyncedAt: tstz("last_synced_at"),
    lastSync: jsonb("last_sync").$type<Record<string, number>>(),
    // The company-level deduction the runs are written to (Finch's benefit id), once set up.
    benefitId: text("benefit_id"),
    // The state after the last call to Finch: a fault is shown on Settings and mailed once.
    status: text("status", {
      enum: ["OK", "UNAVAILABLE", "RATE_LIMITED", "REVOKED", "JOB_FAILED"],
    })
      .notNull()
      .default("OK"),
    statusDetail: text("status_detail"),
    statusAt: tstz("status_at"),
    /** Finch's Retry-After, when it rate-limited us: no call before then. */
    retryAfter: tstz("retry_after"),
    // How the employer authenticated, from Finch's introspection (its authentication method's
    // type: "assisted", "credential", "api_token", "api_credential", "oauth"); null until read.
    // "assisted" is an assisted integration (Finch's team writes by hand); any other, automated.
    authType: text("auth_type"),
  },
  (t) => [
    uniqueIndex("payroll_connections_company_idx").on(t.companyId),
    index("payroll_connections_connected_by_idx").on(t.connectedById),
    check(
      "payroll_connections_status_check",
      sql`${t.status} in ('OK', 'UNAVAILABLE', 'RATE_LIMITED', 'REVOKED', 'JOB_FAILED')`,
    ),
  ],
);

// An employee the roster sync matched to a person of the payroll system (Finch's individual
// id), and their net pay on their latest pay statement (the request disclosure's "next
// paycheck"; a company's net-pay rule).
export const payrollIndividuals = pgTable(
  "payroll_individuals",
  {
    employeeId: integer("employee_id")
      .primaryKey()
      .references(() => employees.id),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    finchIndividualId: text("finch_individual_id").notNull(),
    lastNetPay: money("last_net_pay"),
    lastNetPayDate: date("last_net_pay_date", { mode: "string" }),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payroll_individuals_company_individual_idx").on(
      t.companyId,
      t.finchIndividualId,
    ),
  ],
);

// A Finch Connect under way: the SHA-256 of its single-use state, whose owner started it for
// which company, and when the callback spent it.
export const payrollConnectStates = pgTable(
  "payroll_connect_states",
  {
    id: serial("id").primaryKey(),
    stateHash: text("state_hash").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    sessionId: text("session_id").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [
    uniqueIndex("payroll_connect_states_hash_idx").on(t.stateHash),
    index("payroll_connect_states_company_idx").on(t.companyId),
    index("payroll_connect_states_user_idx").on(t.userId),
  ],
);

export type PayrollConnection = typeof payrollConnections.$inferSelect;
