-- hand-written: each employee's usual net pay, where it came from and as of when, and the share
-- of the next paycheck a company requires to be left after an advance's deduction
-- (docs/decisions/0126-deduction-authorization-first-and-what-is-left-of-the-paycheck.md,
-- docs/compliance.md).
--
-- employees.net_pay: the usual net pay of one paycheck, or null (unknown: no check applies);
-- net_pay_source: 'employee' (entered on Profile) or 'payroll' (a pay statement);
-- net_pay_as_of: when it was entered, or the pay statement's date. All three or none.
-- companies.min_paycheck_left_percent: an advance whose deduction would leave less than this
-- share of a known net pay is refused (0 turns the check off).
ALTER TABLE "employees" ADD COLUMN "net_pay" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "net_pay_source" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "net_pay_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_net_pay_check" CHECK (("net_pay" is null and "net_pay_source" is null and "net_pay_as_of" is null) or ("net_pay" > 0 and "net_pay_source" in ('employee', 'payroll') and "net_pay_as_of" is not null));--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "min_paycheck_left_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_min_paycheck_left_percent_check" CHECK ("min_paycheck_left_percent" between 0 and 90);
