ALTER TABLE "advance_requests" ADD COLUMN "refunded_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "payment_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "advance_requests_paid_approved_idx" ON "advance_requests" USING btree ("paid_at") WHERE "advance_requests"."status" = 'APPROVED' and "advance_requests"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_refund_check" CHECK ("advance_requests"."refunded_amount" is null or ("advance_requests"."captured_amount" is not null and "advance_requests"."refunded_amount" <= "advance_requests"."captured_amount"));--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_refund_check" CHECK ("sandbox_payments"."refunded_cents" <= "sandbox_payments"."captured_cents");--> statement-breakpoint
-- Requests cancelled before this migration: their holds were released by the cancellation.
UPDATE "advance_requests" SET "payment_settled_at" = "cancelled_at" WHERE "status" = 'CANCELLED';
