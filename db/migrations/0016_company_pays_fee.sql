ALTER TABLE "advance_requests" ADD COLUMN "fee_paid_by" text DEFAULT 'EMPLOYEE' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_pays_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_fee_paid_by_check" CHECK ("advance_requests"."fee_paid_by" in ('EMPLOYEE', 'COMPANY'));