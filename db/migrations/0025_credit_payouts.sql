-- What the program owes back to an employee (their credit) is paid out through a recorded path:
-- a reimbursement line on a company's payroll run (confirmed by the run's results) or, for a
-- leaver, a payment the employer records. Each is a row here; the ledger entry posted when it is
-- paid brings the credit down (decision 0107).
CREATE TABLE "credit_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"run_id" integer,
	"reference" text,
	"recorded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "credit_payouts_amount_check" CHECK ("credit_payouts"."amount" > 0),
	CONSTRAINT "credit_payouts_method_check" CHECK ("credit_payouts"."method" in ('PAYROLL', 'RECORDED')),
	CONSTRAINT "credit_payouts_status_check" CHECK ("credit_payouts"."status" in ('SUBMITTED', 'PAID')),
	CONSTRAINT "credit_payouts_run_check" CHECK (("credit_payouts"."method" = 'PAYROLL') = ("credit_payouts"."run_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_payouts" ADD CONSTRAINT "credit_payouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payouts" ADD CONSTRAINT "credit_payouts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payouts" ADD CONSTRAINT "credit_payouts_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payouts" ADD CONSTRAINT "credit_payouts_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_payouts_employee_idx" ON "credit_payouts" USING btree ("employee_id","status");--> statement-breakpoint
CREATE INDEX "credit_payouts_run_idx" ON "credit_payouts" USING btree ("run_id");
