-- hand-written: each company's ledger balances per account and UTC month, read by key instead of
-- summing the company's postings on every request (docs/decisions/0102-ledger-balances.md).
--
-- The postings stay the record. A statement-level trigger on ledger_postings appends, in the
-- transaction that posts, one row per (company, account, month) the statement moved to
-- ledger_balance_deltas: an INSERT into a table with no foreign keys and only a sequence key, so
-- it never waits for another transaction and takes no lock one waits for (the reports' rollup
-- does the same, docs/decisions/0039-reports-rollup.md). ledger_balances_fold() moves the
-- committed deltas into ledger_balances in one statement, under an advisory lock, from the job
-- worker every minute; readers add the company's unfolded deltas in the same statement, so the
-- figures are exact whenever the fold runs.
CREATE TABLE "ledger_balances" (
	"company_id" integer NOT NULL,
	"account" text NOT NULL,
	"month" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "ledger_balances_pkey" PRIMARY KEY("company_id","account","month")
);
--> statement-breakpoint
CREATE TABLE "ledger_balance_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account" text NOT NULL,
	"month" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_balance_deltas_company_idx" ON "ledger_balance_deltas" USING btree ("company_id","account");
--> statement-breakpoint
-- The queue is emptied whole every minute: vacuum and analyze it after a fixed number of changed
-- rows, as the reports' queues (migration 0009).
ALTER TABLE "ledger_balance_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
CREATE FUNCTION "ledger_balance_deltas_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_balance_deltas" ("company_id", "account", "month", "amount")
  SELECT p."company_id", p."account", date_trunc('month', j."created_at" AT TIME ZONE 'UTC')::date,
         sum(p."amount")
  FROM new_postings p JOIN "journal_entries" j ON j."id" = p."entry_id"
  WHERE p."company_id" IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(p."amount") <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_balance_deltas" AFTER INSERT ON "ledger_postings" REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION "ledger_balance_deltas_append"();
--> statement-breakpoint
-- Folds the committed deltas (one statement: one snapshot; deltas committed after it stay for the
-- next fold). Returns how many were folded, or -1 when another fold or a rebuild is running.
CREATE FUNCTION "ledger_balances_fold"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7290518346113) THEN
    RETURN -1;
  END IF;
  WITH
  taken AS (DELETE FROM "ledger_balance_deltas" RETURNING "company_id", "account", "month", "amount"),
  grouped AS (
    SELECT "company_id", "account", "month", sum("amount") AS "amount", count(*) AS "n"
    FROM taken GROUP BY 1, 2, 3
  ),
  written AS (
    INSERT INTO "ledger_balances" ("company_id", "account", "month", "amount")
    SELECT "company_id", "account", "month", "amount" FROM grouped
    ON CONFLICT ("company_id", "account", "month")
      DO UPDATE SET "amount" = "ledger_balances"."amount" + excluded."amount"
    RETURNING 1
  )
  SELECT coalesce(sum("n"), 0)::integer INTO folded FROM grouped;
  RETURN folded;
END $$;
--> statement-breakpoint
-- Recomputes the balances from the postings, in one statement (one snapshot) with taking the
-- deltas, under the fold's lock: after a bulk load or a restore, and as the migration's backfill.
CREATE FUNCTION "ledger_balances_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7290518346113);
  WITH
  taken AS (DELETE FROM "ledger_balance_deltas" RETURNING 1),
  summed AS (
    SELECT p."company_id", p."account", date_trunc('month', j."created_at" AT TIME ZONE 'UTC')::date AS "month",
           sum(p."amount") AS "amount"
    FROM "ledger_postings" p JOIN "journal_entries" j ON j."id" = p."entry_id"
    WHERE p."company_id" IS NOT NULL
    GROUP BY 1, 2, 3
  ),
  wanted AS (
    SELECT "company_id", "account", "month", coalesce(s."amount", 0) AS "amount"
    FROM summed s FULL JOIN "ledger_balances" b USING ("company_id", "account", "month")
  )
  INSERT INTO "ledger_balances" ("company_id", "account", "month", "amount")
  SELECT "company_id", "account", "month", "amount" FROM wanted
  ON CONFLICT ("company_id", "account", "month") DO UPDATE SET "amount" = excluded."amount";
END $$;
--> statement-breakpoint
SELECT "ledger_balances_rebuild"();
