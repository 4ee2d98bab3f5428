-- hand-written: what a payroll connection writes to and reads from the payroll system
-- (docs/decisions/0124-payroll-runs-through-the-connection.md).
--
-- The connection keeps the company-level deduction it writes to (Finch's benefit id) and its
-- state after the last call (a fault is shown on Settings and mailed once). Each employee matched
-- by the roster sync keeps the payroll system's individual id and their last net pay from a pay
-- statement. Each payroll run written to payroll keeps Finch's job id and what the statements
-- said afterwards.
ALTER TABLE "payroll_connections" ADD COLUMN "benefit_id" text;
--> statement-breakpoint
ALTER TABLE "payroll_connections" ADD COLUMN "status" text DEFAULT 'OK' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payroll_connections" ADD COLUMN "status_detail" text;
--> statement-breakpoint
ALTER TABLE "payroll_connections" ADD COLUMN "status_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payroll_connections" ADD COLUMN "retry_after" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payroll_connections" ADD CONSTRAINT "payroll_connections_status_check" CHECK ("status" in ('OK', 'UNAVAILABLE', 'RATE_LIMITED', 'REVOKED', 'JOB_FAILED'));
--> statement-breakpoint
CREATE TABLE "payroll_individuals" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"finch_individual_id" text NOT NULL,
	"last_net_pay" numeric(10, 2),
	"last_net_pay_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_individuals_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id"),
	CONSTRAINT "payroll_individuals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_individuals_company_individual_idx" ON "payroll_individuals" USING btree ("company_id","finch_individual_id");
--> statement-breakpoint
CREATE TABLE "payroll_run_writes" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" text NOT NULL,
	"job_status" text DEFAULT 'PENDING' NOT NULL,
	"job_detail" text,
	"enrolled" jsonb NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"results_read_at" timestamp with time zone,
	"unmatched" jsonb,
	"reset_job_id" text,
	"reset_at" timestamp with time zone,
	CONSTRAINT "payroll_run_writes_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id"),
	CONSTRAINT "payroll_run_writes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id"),
	CONSTRAINT "payroll_run_writes_job_status_check" CHECK ("job_status" in ('PENDING', 'COMPLETE', 'FAILED', 'ASSISTED'))
);
--> statement-breakpoint
CREATE INDEX "payroll_run_writes_company_idx" ON "payroll_run_writes" USING btree ("company_id");
