-- The language of a company (the default language of its invitations: the language it was
-- registered in, else its first owner's) and of each invitation (chosen when inviting; the
-- mail and the join page follow it). docs/decisions/0123.
ALTER TABLE "companies" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_language_check" CHECK ("companies"."language" in ('en', 'es'));--> statement-breakpoint
UPDATE "companies" SET "language" = 'es'
WHERE (
  SELECT o."language" FROM "users" o
  WHERE o."employer_id" = "companies"."id" AND o."company_role" = 'OWNER'
  ORDER BY o."id" LIMIT 1
) = 'es';--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_language_check" CHECK ("invitations"."language" in ('en', 'es'));--> statement-breakpoint
UPDATE "invitations" SET "language" = coalesce(
  (SELECT u."language" FROM "users" u WHERE u."id" = "invitations"."invited_by_id"),
  (SELECT c."language" FROM "companies" c WHERE c."id" = "invitations"."company_id")
);
