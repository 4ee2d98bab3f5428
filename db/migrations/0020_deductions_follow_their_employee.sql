-- A deduction's company copy (payroll_deductions.employer_id, migration 0019) follows its
-- employee: when an employee's company changes (the product never does it; an operator who
-- corrects a wrongly linked account by hand might), their deductions are filed under the new
-- company in the same statement. Only a change of company fires it, so the frequent updates of
-- an employee's balance cost nothing. An employee left with no company keeps their deductions
-- where they were, and the ledger's invariant names them.
CREATE OR REPLACE FUNCTION payroll_deductions_follow_employee() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payroll_deductions d SET employer_id = NEW.employer_id
    FROM advance_requests r
    WHERE r.employee_id = NEW.id AND d.request_id = r.id
      AND d.employer_id IS DISTINCT FROM NEW.employer_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payroll_deductions_follow_employee AFTER UPDATE OF employer_id ON "employees"
  FOR EACH ROW
  WHEN (OLD.employer_id IS DISTINCT FROM NEW.employer_id AND NEW.employer_id IS NOT NULL)
  EXECUTE FUNCTION payroll_deductions_follow_employee();
