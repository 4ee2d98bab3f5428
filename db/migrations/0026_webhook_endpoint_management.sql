-- Webhook endpoints an owner can operate: a description, and a rotated secret's predecessor
-- that keeps signing (a second v1) until previous_secret_expires_at.
ALTER TABLE "webhook_endpoints" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
-- The API version a key answers in when a request names none (Grocery-Advance-Version).
ALTER TABLE "api_keys" ADD COLUMN "api_version" text DEFAULT '2026-11-28' NOT NULL;
