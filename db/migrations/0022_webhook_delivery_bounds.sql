-- Webhook deliveries apart from everything else (decision 0098). An endpoint counts its failed
-- attempts in a row (reset by a success): it is disabled after enough of them over at least a
-- day. A delivery being attempted holds a lease (in_flight_until, past the attempt's timeout):
-- the claim counts the leases of its endpoint (at most one) and of its company (a small bound),
-- and a lease left by a process that died runs out by itself.
ALTER TABLE "webhook_endpoints" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "in_flight_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_in_flight_idx" ON "webhook_deliveries" USING btree ("employer_id","endpoint_id") WHERE "webhook_deliveries"."in_flight_until" is not null;
