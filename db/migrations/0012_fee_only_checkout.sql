ALTER TABLE "advance_requests" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "terms_accepted_at" timestamp with time zone;