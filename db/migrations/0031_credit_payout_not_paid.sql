-- A payroll run's reimbursement line can be recorded as NOT_PAID: the payroll did not add it to
-- the paycheck. Nothing is posted; the credit stays owed and goes on the company's next run
-- (decision 0118).
ALTER TABLE "credit_payouts" DROP CONSTRAINT "credit_payouts_status_check";--> statement-breakpoint
ALTER TABLE "credit_payouts" ADD CONSTRAINT "credit_payouts_status_check" CHECK ("credit_payouts"."status" in ('SUBMITTED', 'PAID', 'NOT_PAID'));
