-- hand-written: a company's connection to its payroll system through Finch, and the single-use
-- states of connects under way (docs/decisions/0113-payroll-connection-through-finch.md).
--
-- The access token is stored only encrypted (AES-256-GCM under a key from the environment); the
-- row names the key that sealed it, so keys can be rotated. A connect's state is stored as its
-- SHA-256 only and is spent by the callback that uses it.
CREATE TABLE "payroll_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"provider_name" text NOT NULL,
	"connection_id" text NOT NULL,
	"products" text[] NOT NULL,
	"access_token_sealed" text NOT NULL,
	"connected_by_id" integer NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_sync" jsonb,
	CONSTRAINT "payroll_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id"),
	CONSTRAINT "payroll_connections_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_connections_company_idx" ON "payroll_connections" USING btree ("company_id");
--> statement-breakpoint
CREATE INDEX "payroll_connections_connected_by_idx" ON "payroll_connections" USING btree ("connected_by_id");
--> statement-breakpoint
CREATE TABLE "payroll_connect_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "payroll_connect_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id"),
	CONSTRAINT "payroll_connect_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_connect_states_hash_idx" ON "payroll_connect_states" USING btree ("state_hash");
--> statement-breakpoint
CREATE INDEX "payroll_connect_states_company_idx" ON "payroll_connect_states" USING btree ("company_id");
--> statement-breakpoint
CREATE INDEX "payroll_connect_states_user_idx" ON "payroll_connect_states" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "payroll_offboarding_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"finch_individual_id" text NOT NULL,
	"end_date" date,
	"last_pay_date" date,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payroll_offboarding_proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id"),
	CONSTRAINT "payroll_offboarding_proposals_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id"),
	CONSTRAINT "payroll_offboarding_proposals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id"),
	CONSTRAINT "payroll_offboarding_proposals_status_check" CHECK ("status" in ('PENDING', 'CONFIRMED', 'DISMISSED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_offboarding_proposals_pending_idx" ON "payroll_offboarding_proposals" USING btree ("employee_id") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "payroll_offboarding_proposals_company_idx" ON "payroll_offboarding_proposals" USING btree ("company_id","status");
--> statement-breakpoint
CREATE INDEX "payroll_offboarding_proposals_decided_by_idx" ON "payroll_offboarding_proposals" USING btree ("decided_by_id");
