-- generated, then edited: a connection's authentication type from Finch's introspection, and
-- a deduction job's status as Finch's GET /jobs/manual reports it
-- (docs/decisions/0146-deduction-jobs-at-jobs-manual-and-the-connections-type.md).
--
-- payroll_connections.auth_type: the type of the authentication method ("assisted",
-- "credential", "api_token", "api_credential", "oauth"); null until read (a connection made
-- before this column has it read once, at its next run). No check: Finch may add types.
-- payroll_run_writes.job_status: ASSISTED is gone (it was a pending job read as the connection's
-- type); such a job is PENDING again and is checked at /jobs/manual at the next run.
-- IN_PROGRESS is Finch's in_progress.
ALTER TABLE "payroll_run_writes" DROP CONSTRAINT "payroll_run_writes_job_status_check";--> statement-breakpoint
ALTER TABLE "payroll_connections" ADD COLUMN "auth_type" text;--> statement-breakpoint
UPDATE "payroll_run_writes" SET "job_status" = 'PENDING' WHERE "job_status" = 'ASSISTED';--> statement-breakpoint
ALTER TABLE "payroll_run_writes" ADD CONSTRAINT "payroll_run_writes_job_status_check" CHECK ("payroll_run_writes"."job_status" in ('PENDING', 'IN_PROGRESS', 'COMPLETE', 'FAILED'));
