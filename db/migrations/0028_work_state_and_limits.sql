-- hand-written: where each employee works, the company's limits on repeat use, each advance's
-- fee as its state allowed it, and the wage-deduction authorisations
-- (docs/decisions/0116-state-rules-as-data.md, docs/compliance.md).
--
-- employees.work_state and invitations.work_state: a two-letter US state code, or null (unknown:
-- the default rule row applies). advance_requests.fee_amount: the processing fee of the advance
-- as the employee's state allowed it when it was filed (null for advances filed before: the flat
-- fee, capped at the amount, as before).
ALTER TABLE "employees" ADD COLUMN "work_state" text;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_work_state_check" CHECK ("work_state" is null or "work_state" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "work_state" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_work_state_check" CHECK ("work_state" is null or "work_state" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cooling_off_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "max_advances_per_year" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_cooling_off_days_check" CHECK ("cooling_off_days" between 0 and 90);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_max_advances_per_year_check" CHECK ("max_advances_per_year" between 1 and 52);--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "fee_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_fee_amount_check" CHECK ("fee_amount" is null or ("fee_amount" >= 0 and "fee_amount" <= "amount"));--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "work_state" text;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD COLUMN "deduction_authorization_id" integer;--> statement-breakpoint
CREATE TABLE "deduction_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL REFERENCES "employees"("id"),
	"version" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "deduction_authorizations_active_idx" ON "deduction_authorizations" USING btree ("employee_id") WHERE "withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_deduction_authorization_id_fkey" FOREIGN KEY ("deduction_authorization_id") REFERENCES "deduction_authorizations"("id");
