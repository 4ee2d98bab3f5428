-- hand-written: complaints and disputes filed by employees and handled by the employer's owners
-- and admins, with their due dates; the company's records-retention setting, and the mark left
-- on a person whose personal data the retention job removed (docs/decisions/0118).
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"employer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"details" text NOT NULL,
	"subject_reference" text,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" integer,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "complaints_category_check" CHECK ("category" in ('ADVANCE', 'DEDUCTION', 'CARD_PURCHASE', 'OTHER')),
	CONSTRAINT "complaints_status_check" CHECK ("status" in ('RECEIVED', 'IN_REVIEW', 'RESOLVED')),
	CONSTRAINT "complaints_resolution_check" CHECK (("status" = 'RESOLVED') = ("resolution" is not null and "resolved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_employer_id_companies_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_idx" ON "complaints" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "complaints_employer_idx" ON "complaints" USING btree ("employer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_open_idx" ON "complaints" USING btree ("resolve_by") WHERE "status" <> 'RESOLVED';--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "retention_years" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_retention_years_check" CHECK ("retention_years" between 2 and 10);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;
