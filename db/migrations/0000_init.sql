CREATE TABLE "advance_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"repayment_periods" integer DEFAULT 1 NOT NULL,
	"request_date" timestamp with time zone DEFAULT now() NOT NULL,
	"approval_date" timestamp with time zone,
	"rejection_date" timestamp with time zone,
	"rejection_reason" text,
	"approved_by_id" integer,
	"payment_intent_id" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "advance_requests_status_check" CHECK ("advance_requests"."status" in ('PENDING', 'APPROVED', 'DECLINED')),
	CONSTRAINT "advance_requests_periods_check" CHECK ("advance_requests"."repayment_periods" between 1 and 3),
	CONSTRAINT "advance_requests_amount_check" CHECK ("advance_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"employer_id" integer PRIMARY KEY NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"max_advance" numeric(10, 2) DEFAULT '500.00' NOT NULL,
	"approval_limit" numeric(10, 2) DEFAULT '200.00' NOT NULL,
	"processing_fee" numeric(10, 2) DEFAULT '15.99' NOT NULL,
	"notify_new_requests" boolean DEFAULT true NOT NULL,
	"notify_monthly_reports" boolean DEFAULT true NOT NULL,
	"notify_system_updates" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"employer_id" integer,
	"available_balance" numeric(10, 2) DEFAULT '0' NOT NULL,
	"pay_cycle_end_date" timestamp with time zone,
	CONSTRAINT "employees_balance_nonnegative" CHECK ("employees"."available_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"deduction_date" timestamp with time zone NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"payment_date" timestamp with time zone,
	"payment_reference" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"client_secret" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"company_name" text,
	"department" text,
	"max_advance_limit" numeric(10, 2),
	"employer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('EMPLOYEE', 'EMPLOYER'))
);
--> statement-breakpoint
CREATE TABLE "virtual_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"provider_card_id" text NOT NULL,
	"card_number" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"spending_limits" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_requests" ADD CONSTRAINT "advance_requests_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_request_id_advance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."advance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_request_id_advance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."advance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_cards" ADD CONSTRAINT "virtual_cards_request_id_advance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."advance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advance_requests_employee_id_idx" ON "advance_requests" USING btree ("employee_id","request_date");--> statement-breakpoint
CREATE INDEX "advance_requests_status_idx" ON "advance_requests" USING btree ("status","request_date");--> statement-breakpoint
CREATE INDEX "advance_requests_request_date_idx" ON "advance_requests" USING btree ("request_date");--> statement-breakpoint
CREATE INDEX "advance_requests_approved_by_id_idx" ON "advance_requests" USING btree ("approved_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advance_requests_payment_intent_id_idx" ON "advance_requests" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_id_idx" ON "employees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employees_employer_id_idx" ON "employees" USING btree ("employer_id","id");--> statement-breakpoint
CREATE INDEX "payroll_deductions_request_id_idx" ON "payroll_deductions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payroll_deductions_unpaid_date_idx" ON "payroll_deductions" USING btree ("deduction_date") WHERE "payroll_deductions"."is_paid" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_deductions_payment_reference_idx" ON "payroll_deductions" USING btree ("payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_request_id_idx" ON "sandbox_payments" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_employer_id_idx" ON "users" USING btree ("employer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_cards_request_id_idx" ON "virtual_cards" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_cards_provider_card_id_idx" ON "virtual_cards" USING btree ("provider_card_id");