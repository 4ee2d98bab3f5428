// The tables of the notifications domain (app/models/notifications): the mail outbox, mail
// choices, Web Push subscriptions, preferences and deliveries.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tstz } from "./columns";
import { sessions, users } from "./people";

// Every e-mail the product sends, written in the same transaction as the action that causes
// it. `dedupe_key` is unique: enqueueing the same e-mail twice (a retried action, a job run
// twice) keeps one row, and delivery sends a row once. Without
// SMTP_URL the row is the mail (`kept`), shown to its recipient at /outbox.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    toAddress: text("to_address").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sent", "kept", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_key_idx").on(t.dedupeKey),
    index("mail_outbox_user_idx").on(t.userId, t.createdAt),
    index("mail_outbox_pending_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check(
      "mail_outbox_status_check",
      sql`${t.status} in ('pending', 'sent', 'kept', 'failed')`,
    ),
  ],
);

// An employee's e-mail choices (/profile). No row means the defaults: both on.
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  decisions: boolean("decisions").notNull().default(true),
  deductions: boolean("deductions").notNull().default(true),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
// Web Push: a device's browser subscription, kept under the session that
// turned it on (a revoked session takes it with it, by a trigger), the types a person turned
// off, and one delivery row per notification and device, delivered by the job queue.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: integer("session_id").references(() => sessions.id, {
      onDelete: "cascade",
    }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastSentAt: tstz("last_sent_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);

export const pushPreferences = pgTable("push_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  off: text("off")
    .array()
    .notNull()
    .default(sql`'{}'`),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
  },
  (t) => [
    uniqueIndex("push_deliveries_dedupe_key_idx").on(t.dedupeKey),
    index("push_deliveries_subscription_idx").on(t.subscriptionId),
    index("push_deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
