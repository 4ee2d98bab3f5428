-- hand-written: the new money model schedules deductions when the card is issued, so an approved advance without a card has none (uncollected rows made at approval under the old model are removed)
DELETE FROM "payroll_deductions" d USING "advance_requests" r
WHERE d."request_id" = r."id" AND d."is_paid" = false
  AND NOT EXISTS (SELECT 1 FROM "virtual_cards" c WHERE c."request_id" = r."id");
--> statement-breakpoint
ALTER TABLE "advance_requests" DROP CONSTRAINT "advance_requests_status_check";--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "authorized_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "captured_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "released_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "cancelled_by_id" integer;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "authorized_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "captured_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "released_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_capture_check" CHECK ("advance_requests"."captured_amount" is null or ("advance_requests"."authorized_amount" is not null and "advance_requests"."captured_amount" <= "advance_requests"."authorized_amount"));--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_status_check" CHECK ("advance_requests"."status" in ('PENDING', 'APPROVED', 'DECLINED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_capture_check" CHECK ("sandbox_payments"."captured_cents" + "sandbox_payments"."released_cents" <= "sandbox_payments"."authorized_cents");