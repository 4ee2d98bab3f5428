CREATE TABLE "report_attribution" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"employer_id" integer,
	"department" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"hour" integer NOT NULL,
	"status" text NOT NULL,
	"requests" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"risk_low" integer NOT NULL,
	"risk_moderate" integer NOT NULL,
	"risk_high" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_hours" (
	"employer_id" integer NOT NULL,
	"hour" integer NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "report_hours_pkey" PRIMARY KEY("employer_id","hour")
);
--> statement-breakpoint
CREATE TABLE "report_months" (
	"employer_id" integer NOT NULL,
	"month" date NOT NULL,
	"department" text NOT NULL,
	"status" text NOT NULL,
	"requests" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"risk_low" integer NOT NULL,
	"risk_moderate" integer NOT NULL,
	"risk_high" integer NOT NULL,
	CONSTRAINT "report_months_pkey" PRIMARY KEY("employer_id","month","department","status")
);
--> statement-breakpoint
CREATE TABLE "report_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL
);
--> statement-breakpoint
-- hand-written: the reports' rollup (docs/decisions/0039-reports-rollup.md). Business
-- transactions only INSERT into report_deltas / report_moves; report_rollup_compact() folds them
-- into report_months / report_hours under an advisory lock.
CREATE FUNCTION "report_department"(department text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(department), ''), 'No department')
$$;
--> statement-breakpoint
CREATE FUNCTION "report_hour"(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM at) / 3600)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION "report_month"(hour integer) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('month', to_timestamp(hour::bigint * 3600) AT TIME ZONE 'UTC')::date
$$;
--> statement-breakpoint
-- A request's contribution: one request, its amount, and its risk band (low ≤ $150,
-- moderate ≤ $350, high above; the report counts the bands of APPROVED rows only).
CREATE FUNCTION "report_requests_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement-level: one grouped INSERT per statement however many rows it changed, none when
  -- no figure moved (an update of paid_at or of the card's amounts cancels out).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_deltas (employee_id, hour, status, requests, amount, risk_low, risk_moderate, risk_high)
    SELECT c.employee_id, c.hour, c.status, sum(c.sign)::integer, sum(c.sign * c.amount),
           coalesce(sum(c.sign) FILTER (WHERE c.amount <= 150), 0)::integer,
           coalesce(sum(c.sign) FILTER (WHERE c.amount > 150 AND c.amount <= 350), 0)::integer,
           coalesce(sum(c.sign) FILTER (WHERE c.amount > 350), 0)::integer
    FROM (SELECT 1 AS sign, n.employee_id, report_hour(n.request_date) AS hour, n.status, n.amount FROM new_rows n) c
    GROUP BY c.employee_id, c.hour, c.status
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE c.amount <= 150), 0) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE c.amount > 150 AND c.amount <= 350), 0) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_deltas (employee_id, hour, status, requests, amount, risk_low, risk_moderate, risk_high)
    SELECT c.employee_id, c.hour, c.status, sum(c.sign)::integer, sum(c.sign * c.amount),
           coalesce(sum(c.sign) FILTER (WHERE c.amount <= 150), 0)::integer,
           coalesce(sum(c.sign) FILTER (WHERE c.amount > 150 AND c.amount <= 350), 0)::integer,
           coalesce(sum(c.sign) FILTER (WHERE c.amount > 350), 0)::integer
    FROM (SELECT -1 AS sign, o.employee_id, report_hour(o.request_date) AS hour, o.status, o.amount FROM old_rows o) c
    GROUP BY c.employee_id, c.hour, c.status
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE c.amount <= 150), 0) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE c.amount > 150 AND c.amount <= 350), 0) <> 0;
  ELSE
    INSERT INTO report_deltas (employee_id, hour, status, requests, amount, risk_low, risk_moderate, risk_high)
    SELECT c.employee_id, c.hour, c.status, sum(c.sign)::integer, sum(c.sign * c.amount),
           coalesce(sum(c.sign) FILTER (WHERE c.amount <= 150), 0)::integer,
           coalesce(sum(c.sign) FILTER (WHERE c.amount > 150 AND c.amount <= 350), 0)::integer,
           coalesce(sum(c.sign) FILTER (WHERE c.amount > 350), 0)::integer
    FROM (SELECT 1 AS sign, n.employee_id, report_hour(n.request_date) AS hour, n.status, n.amount FROM new_rows n UNION ALL SELECT -1 AS sign, o.employee_id, report_hour(o.request_date) AS hour, o.status, o.amount FROM old_rows o) c
    GROUP BY c.employee_id, c.hour, c.status
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE c.amount <= 150), 0) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE c.amount > 150 AND c.amount <= 350), 0) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_requests_inserted" AFTER INSERT ON "advance_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_requests_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_requests_updated" AFTER UPDATE ON "advance_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_requests_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_requests_deleted" AFTER DELETE ON "advance_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_requests_changed"();
--> statement-breakpoint
-- The report groups by the employee's current department: a change of department (users) or
-- of employer (employees) is noted, and the compaction refiles that employee's requests.
CREATE FUNCTION "report_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_moves (employee_id)
  SELECT e.id FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  JOIN employees e ON e.user_id = n.id
  WHERE report_department(n.department) IS DISTINCT FROM report_department(o.department);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_users_updated" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_users_changed"();
--> statement-breakpoint
CREATE FUNCTION "report_employees_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_moves (employee_id)
  SELECT n.id FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  WHERE n.employer_id IS DISTINCT FROM o.employer_id OR n.user_id IS DISTINCT FROM o.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_employees_updated" AFTER UPDATE ON "employees" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_employees_changed"();
--> statement-breakpoint
-- Folds every committed delta and move into the rollup, in one statement (one snapshot, so the
-- requests, deltas and moves it reads agree). Returns the deltas folded, or -1 when another
-- compaction holds the lock (it will fold them). Never waits for a business transaction: those
-- write nothing it reads under a lock, and it writes nothing they read.
CREATE FUNCTION "report_rollup_compact"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7290518346112) THEN
    RETURN -1;
  END IF;
  WITH
  taken AS (
    DELETE FROM report_deltas
    RETURNING employee_id, hour, status, requests, amount, risk_low, risk_moderate, risk_high
  ),
  hinted AS (DELETE FROM report_moves RETURNING employee_id),
  cur AS (
    SELECT e.id AS employee_id, e.employer_id, report_department(u.department) AS department
    FROM employees e JOIN users u ON u.id = e.user_id
    WHERE e.id IN (SELECT employee_id FROM taken UNION SELECT employee_id FROM hinted)
  ),
  -- Employees whose requests are filed elsewhere than where they now belong.
  moved AS (
    SELECT c.employee_id, c.employer_id, c.department,
           a.employer_id AS from_employer, a.department AS from_department
    FROM cur c JOIN report_attribution a ON a.employee_id = c.employee_id
    WHERE (a.employer_id, a.department) IS DISTINCT FROM (c.employer_id, c.department)
  ),
  whole AS (
    SELECT r.employee_id, report_hour(r.request_date) AS hour, r.status,
           count(*)::integer AS requests, sum(r.amount) AS amount,
           (count(*) FILTER (WHERE r.amount <= 150))::integer AS risk_low,
           (count(*) FILTER (WHERE r.amount > 150 AND r.amount <= 350))::integer AS risk_moderate,
           (count(*) FILTER (WHERE r.amount > 350))::integer AS risk_high
    FROM advance_requests r
    WHERE r.employee_id IN (SELECT employee_id FROM moved)
    GROUP BY r.employee_id, report_hour(r.request_date), r.status
  ),
  changes AS (
    -- Deltas of employees still where they were filed.
    SELECT c.employer_id, c.department, t.hour, t.status, t.requests, t.amount,
           t.risk_low, t.risk_moderate, t.risk_high
    FROM taken t JOIN cur c ON c.employee_id = t.employee_id
    WHERE t.employee_id NOT IN (SELECT employee_id FROM moved)
    UNION ALL
    -- A moved employee: what was filed (all their requests but the deltas just taken) leaves
    -- the old place ...
    SELECT m.from_employer, m.from_department, w.hour, w.status, -w.requests, -w.amount,
           -w.risk_low, -w.risk_moderate, -w.risk_high
    FROM whole w JOIN moved m ON m.employee_id = w.employee_id
    UNION ALL
    SELECT m.from_employer, m.from_department, t.hour, t.status, t.requests, t.amount,
           t.risk_low, t.risk_moderate, t.risk_high
    FROM taken t JOIN moved m ON m.employee_id = t.employee_id
    UNION ALL
    -- ... and all their requests are filed at the new one.
    SELECT m.employer_id, m.department, w.hour, w.status, w.requests, w.amount,
           w.risk_low, w.risk_moderate, w.risk_high
    FROM whole w JOIN moved m ON m.employee_id = w.employee_id
  ),
  months AS (
    INSERT INTO report_months AS t (employer_id, month, department, status, requests, amount, risk_low, risk_moderate, risk_high)
    SELECT employer_id, report_month(hour), department, status, sum(requests), sum(amount),
           sum(risk_low), sum(risk_moderate), sum(risk_high)
    FROM changes WHERE employer_id IS NOT NULL
    GROUP BY employer_id, report_month(hour), department, status
    HAVING sum(requests) <> 0 OR sum(amount) <> 0 OR sum(risk_low) <> 0
        OR sum(risk_moderate) <> 0 OR sum(risk_high) <> 0
    ON CONFLICT (employer_id, month, department, status) DO UPDATE SET
      requests = t.requests + excluded.requests,
      amount = t.amount + excluded.amount,
      risk_low = t.risk_low + excluded.risk_low,
      risk_moderate = t.risk_moderate + excluded.risk_moderate,
      risk_high = t.risk_high + excluded.risk_high
    RETURNING 1
  ),
  hours AS (
    INSERT INTO report_hours AS t (employer_id, hour, requests)
    SELECT employer_id, hour, sum(requests) FROM changes WHERE employer_id IS NOT NULL
    GROUP BY employer_id, hour HAVING sum(requests) <> 0
    ON CONFLICT (employer_id, hour) DO UPDATE SET requests = t.requests + excluded.requests
    RETURNING 1
  ),
  filed AS (
    INSERT INTO report_attribution AS t (employee_id, employer_id, department)
    SELECT employee_id, employer_id, department FROM cur
    ON CONFLICT (employee_id) DO UPDATE SET employer_id = excluded.employer_id, department = excluded.department
    RETURNING 1
  )
  -- (months, hours and filed run to completion unread, as every data-modifying WITH does.)
  SELECT count(*)::integer FROM taken INTO folded;
  RETURN folded;
END;
$$;
--> statement-breakpoint
-- Rebuilds the rollup from the requests (the migration's backfill; after a bulk load or a
-- restore; the test's reference). Waits for a running compaction. Deltas committed after its
-- snapshot stay, to be folded next.
CREATE FUNCTION "report_rollup_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  dropped integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7290518346112);
  DELETE FROM report_months;
  DELETE FROM report_hours;
  DELETE FROM report_attribution;
  WITH
  taken AS (DELETE FROM report_deltas RETURNING 1),
  hinted AS (DELETE FROM report_moves RETURNING 1),
  cur AS (
    SELECT e.id AS employee_id, e.employer_id, report_department(u.department) AS department
    FROM employees e JOIN users u ON u.id = e.user_id
  ),
  filed AS (
    INSERT INTO report_attribution (employee_id, employer_id, department)
    SELECT employee_id, employer_id, department FROM cur
    RETURNING 1
  ),
  requests AS (
    SELECT c.employer_id, c.department, report_hour(r.request_date) AS hour, r.status, r.amount
    FROM advance_requests r JOIN cur c ON c.employee_id = r.employee_id
    WHERE c.employer_id IS NOT NULL
  ),
  months AS (
    INSERT INTO report_months (employer_id, month, department, status, requests, amount, risk_low, risk_moderate, risk_high)
    SELECT employer_id, report_month(hour), department, status, count(*), sum(amount),
           count(*) FILTER (WHERE amount <= 150),
           count(*) FILTER (WHERE amount > 150 AND amount <= 350),
           count(*) FILTER (WHERE amount > 350)
    FROM requests GROUP BY employer_id, report_month(hour), department, status
    RETURNING 1
  ),
  hours AS (
    INSERT INTO report_hours (employer_id, hour, requests)
    SELECT employer_id, hour, count(*) FROM requests GROUP BY employer_id, hour
    RETURNING 1
  )
  SELECT count(*) FROM taken INTO dropped;
END;
$$;
--> statement-breakpoint
SELECT report_rollup_rebuild();
