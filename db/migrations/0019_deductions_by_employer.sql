-- A company's open deductions from one index: each deduction carries its employee's company,
-- set by the database from the request on every insert (an employee's company is set once,
-- when they join, and never changes), so no insert path can leave it out or get it wrong.
ALTER TABLE "payroll_deductions" ADD COLUMN "employer_id" integer;--> statement-breakpoint
UPDATE "payroll_deductions" d SET "employer_id" = e."employer_id"
  FROM "advance_requests" r JOIN "employees" e ON e."id" = r."employee_id"
  WHERE r."id" = d."request_id";--> statement-breakpoint
ALTER TABLE "payroll_deductions" ALTER COLUMN "employer_id" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payroll_deduction_employer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.employer_id INTO NEW.employer_id
    FROM advance_requests r JOIN employees e ON e.id = r.employee_id
    WHERE r.id = NEW.request_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER payroll_deduction_employer BEFORE INSERT ON "payroll_deductions"
  FOR EACH ROW EXECUTE FUNCTION payroll_deduction_employer();--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_employer_id_companies_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_deductions_employer_open_idx" ON "payroll_deductions" USING btree ("employer_id","status","deduction_date","amount") WHERE "payroll_deductions"."status" in ('SCHEDULED', 'SUBMITTED');
