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
