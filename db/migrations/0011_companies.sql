-- Companies as their own record (docs/decisions/0077-companies.md). Until now the employer's
-- user was the company: employees.employer_id, users.employer_id and audit_events.employer_id
-- held that user's id, and company_settings was keyed by it. Each employer user becomes the
-- owner of a company whose id is that user's id, so every employer_id already written (the
-- append-only audit trail and the report rollups included) names its company unchanged.
--
-- 1. Every employer gets a settings row (they were created lazily), then the row becomes the
--    company.
INSERT INTO "company_settings" ("employer_id", "company_name")
SELECT u."id", coalesce(u."company_name", '') FROM "users" u
WHERE u."role" = 'EMPLOYER'
  AND NOT EXISTS (SELECT 1 FROM "company_settings" s WHERE s."employer_id" = u."id");--> statement-breakpoint
ALTER TABLE "company_settings" DROP CONSTRAINT "company_settings_employer_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "company_settings" RENAME TO "companies";--> statement-breakpoint
ALTER TABLE "companies" RENAME COLUMN "employer_id" TO "id";--> statement-breakpoint
ALTER TABLE "companies" RENAME CONSTRAINT "company_settings_pkey" TO "companies_pkey";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "companies" c SET "created_at" = u."created_at" FROM "users" u WHERE u."id" = c."id";--> statement-breakpoint
CREATE SEQUENCE "companies_id_seq" AS integer OWNED BY "companies"."id";--> statement-breakpoint
-- New companies' ids start clear of the users' ids, so that a user id passed where a company
-- id belongs fails a foreign key instead of finding some company by chance.
SELECT setval('companies_id_seq', greatest(coalesce((SELECT max("id") FROM "companies"), 0), coalesce((SELECT max("id") FROM "users"), 0)) + 1000, false);--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "id" SET DEFAULT nextval('companies_id_seq');--> statement-breakpoint
-- 2. Memberships: an employer user belongs to the company with its own id, as its owner.
ALTER TABLE "users" ADD COLUMN "company_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_by_employer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_employer_id_users_id_fk";--> statement-breakpoint
UPDATE "users" SET "employer_id" = "id", "company_role" = 'OWNER' WHERE "role" = 'EMPLOYER';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_role_check" CHECK ("users"."company_role" is null or ("users"."role" = 'EMPLOYER' and "users"."company_role" in ('OWNER', 'ADMIN', 'APPROVER')));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employer_id_companies_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- 3. Employees and audit events already hold the company's id; only the reference moves.
ALTER TABLE "employees" DROP CONSTRAINT "employees_employer_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_employer_id_companies_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_employer_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_employer_id_companies_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- 4. Invitations.
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"department" text,
	"employee_number" text,
	"company_role" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"invited_by_id" integer,
	"accepted_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_idx" ON "invitations" USING btree ("company_id","kind",lower("email")) WHERE "invitations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "invitations_company_idx" ON "invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"));
--> statement-breakpoint
-- 5. Roster imports.
CREATE TABLE "roster_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'PREVIEW' NOT NULL,
	"total_rows" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"bad_rows" jsonb NOT NULL,
	"skipped_rows" jsonb NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"invited" integer DEFAULT 0 NOT NULL,
	"skipped_later" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_imports_company_idx" ON "roster_imports" USING btree ("company_id","created_at");
