-- hand-written: pg_trgm and trigram GIN indexes for the employee search (substring match on "first last", e-mail and department, ignoring case); the expressions are exactly those of searchCondition in app/models/employer.server.ts
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_department_trgm_idx" ON "users" USING gin (lower("department") gin_trgm_ops);
