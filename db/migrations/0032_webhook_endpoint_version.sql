ALTER TABLE "webhook_endpoints" ADD COLUMN "api_version" text DEFAULT '2026-11-28' NOT NULL;
