CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"company_id" integer,
	"employee_id" integer,
	"request_id" integer,
	"card_id" integer,
	"deduction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account" text NOT NULL,
	"company_id" integer,
	"employee_id" integer,
	"card_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "ledger_postings_nonzero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pay_date" date NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reconciled_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "payroll_runs_status_check" CHECK ("payroll_runs"."status" in ('SUBMITTED', 'RECONCILED'))
);
--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pay_frequency" text DEFAULT 'BIWEEKLY' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "next_pay_date" date DEFAULT (current_date + 15) NOT NULL;--> statement-breakpoint
-- hand-written: each company's next pay date is the earliest pay cycle end of its employees still
-- ahead (the 15-day cycle so far), so that existing deductions keep their dates on a biweekly
-- schedule; a company with none starts 15 days from today (SPEC §9: the next payroll).
UPDATE "companies" c SET "next_pay_date" = coalesce(
  (SELECT min(e."pay_cycle_end_date")::date FROM "employees" e
   WHERE e."employer_id" = c."id" AND e."pay_cycle_end_date" >= current_date),
  current_date + 15);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "offboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "offboarded_by_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "last_pay_date" date;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD COLUMN "status" text DEFAULT 'SCHEDULED' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD COLUMN "collected_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD COLUMN "arrears_of_id" integer;--> statement-breakpoint
-- hand-written: a deduction paid so far was taken as collected in full.
UPDATE "payroll_deductions" SET "status" = 'COLLECTED', "collected_amount" = "amount" WHERE "is_paid";--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_request_id_advance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."advance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_card_id_virtual_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."virtual_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_deduction_id_payroll_deductions_id_fk" FOREIGN KEY ("deduction_id") REFERENCES "public"."payroll_deductions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_company_idx" ON "journal_entries" USING btree ("company_id","event");--> statement-breakpoint
CREATE INDEX "journal_entries_employee_idx" ON "journal_entries" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "journal_entries_request_idx" ON "journal_entries" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "journal_entries_card_idx" ON "journal_entries" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "journal_entries_deduction_idx" ON "journal_entries" USING btree ("deduction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_employee_idx" ON "ledger_postings" USING btree ("employee_id","account");--> statement-breakpoint
CREATE INDEX "ledger_postings_card_idx" ON "ledger_postings" USING btree ("card_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_company_date_idx" ON "payroll_runs" USING btree ("company_id","pay_date");--> statement-breakpoint
CREATE INDEX "payroll_runs_open_idx" ON "payroll_runs" USING btree ("created_at") WHERE "payroll_runs"."status" = 'SUBMITTED';--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_offboarded_by_id_users_id_fk" FOREIGN KEY ("offboarded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_deductions_run_id_idx" ON "payroll_deductions" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "payroll_deductions_open_idx" ON "payroll_deductions" USING btree ("deduction_date") WHERE "payroll_deductions"."status" = 'SCHEDULED';--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_kind_check" CHECK ("card_authorizations"."kind" in ('purchase', 'refund'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_pay_frequency_check" CHECK ("companies"."pay_frequency" in ('WEEKLY', 'BIWEEKLY', 'SEMIMONTHLY', 'MONTHLY'));--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_status_check" CHECK ("payroll_deductions"."status" in ('SCHEDULED', 'SUBMITTED', 'COLLECTED', 'MISSED', 'WRITTEN_OFF'));--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_paid_check" CHECK ("payroll_deductions"."is_paid" = ("payroll_deductions"."status" = 'COLLECTED'));--> statement-breakpoint
ALTER TABLE "payroll_deductions" ADD CONSTRAINT "payroll_deductions_collected_check" CHECK ("payroll_deductions"."collected_amount" is null or ("payroll_deductions"."collected_amount" >= 0 and "payroll_deductions"."collected_amount" <= "payroll_deductions"."amount"));--> statement-breakpoint
-- hand-written: the ledger is append-only (UPDATE, DELETE and TRUNCATE raise), and every journal
-- entry's postings sum to zero, checked when the transaction that wrote them commits.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_change" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_truncate" BEFORE TRUNCATE ON "journal_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_change" BEFORE UPDATE OR DELETE ON "ledger_postings" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE FUNCTION "ledger_entry_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
  SELECT sum("amount") INTO total FROM "ledger_postings" WHERE "entry_id" = NEW."entry_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance: its postings sum to %', NEW."entry_id", total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balance" AFTER INSERT ON "ledger_postings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entry_balances"();--> statement-breakpoint
-- hand-written: the ledger starts from the money already moved. Each card's funding, each fee
-- captured, each card's spend so far (one entry per card) and each deduction paid so far.
WITH src AS (
  SELECT c."id" AS card_id, r."id" AS request_id, e."id" AS employee_id, e."employer_id" AS company_id,
         c."amount", c."created_at"
  FROM "virtual_cards" c JOIN "advance_requests" r ON r."id" = c."request_id"
  JOIN "employees" e ON e."id" = r."employee_id"
), ins AS (
  INSERT INTO "journal_entries" ("event", "company_id", "employee_id", "request_id", "card_id", "created_at")
  SELECT 'card.funded', company_id, employee_id, request_id, card_id, created_at FROM src
  RETURNING "id", "card_id"
)
INSERT INTO "ledger_postings" ("entry_id", "account", "company_id", "employee_id", "card_id", "amount")
SELECT ins."id", p.account, src.company_id, src.employee_id, src.card_id, p.amount
FROM ins JOIN src ON src.card_id = ins."card_id"
CROSS JOIN LATERAL (VALUES ('receivable', src."amount"), ('card', -src."amount")) AS p(account, amount);--> statement-breakpoint
WITH src AS (
  SELECT r."id" AS request_id, e."id" AS employee_id, e."employer_id" AS company_id,
         r."captured_amount" AS amount, coalesce(r."captured_at", r."paid_at", r."request_date") AS at
  FROM "advance_requests" r JOIN "employees" e ON e."id" = r."employee_id"
  WHERE r."captured_amount" > 0
), ins AS (
  INSERT INTO "journal_entries" ("event", "company_id", "employee_id", "request_id", "created_at")
  SELECT 'fee.charged', company_id, employee_id, request_id, at FROM src
  RETURNING "id", "request_id"
)
INSERT INTO "ledger_postings" ("entry_id", "account", "company_id", "employee_id", "amount")
SELECT ins."id", p.account, src.company_id, src.employee_id, p.amount
FROM ins JOIN src ON src.request_id = ins."request_id"
CROSS JOIN LATERAL (VALUES ('fee_payments', src."amount"), ('fee_income', -src."amount")) AS p(account, amount);--> statement-breakpoint
WITH src AS (
  SELECT c."id" AS card_id, r."id" AS request_id, e."id" AS employee_id, e."employer_id" AS company_id,
         sum(a."amount") AS amount
  FROM "card_authorizations" a JOIN "virtual_cards" c ON c."id" = a."card_id"
  JOIN "advance_requests" r ON r."id" = c."request_id" JOIN "employees" e ON e."id" = r."employee_id"
  WHERE a."approved" AND a."status" <> 'reversed'
  GROUP BY c."id", r."id", e."id", e."employer_id"
  HAVING sum(a."amount") > 0
), ins AS (
  INSERT INTO "journal_entries" ("event", "company_id", "employee_id", "request_id", "card_id")
  SELECT 'card.purchase', company_id, employee_id, request_id, card_id FROM src
  RETURNING "id", "card_id"
)
INSERT INTO "ledger_postings" ("entry_id", "account", "company_id", "employee_id", "card_id", "amount")
SELECT ins."id", p.account, src.company_id, src.employee_id, src.card_id, p.amount
FROM ins JOIN src ON src.card_id = ins."card_id"
CROSS JOIN LATERAL (VALUES ('card', src."amount"), ('merchants', -src."amount")) AS p(account, amount);--> statement-breakpoint
WITH src AS (
  SELECT d."id" AS deduction_id, r."id" AS request_id, e."id" AS employee_id, e."employer_id" AS company_id,
         d."amount", coalesce(d."payment_date", d."deduction_date") AS at
  FROM "payroll_deductions" d JOIN "advance_requests" r ON r."id" = d."request_id"
  JOIN "employees" e ON e."id" = r."employee_id"
  WHERE d."is_paid"
), ins AS (
  INSERT INTO "journal_entries" ("event", "company_id", "employee_id", "request_id", "deduction_id", "created_at")
  SELECT 'deduction.collected', company_id, employee_id, request_id, deduction_id, at FROM src
  RETURNING "id", "deduction_id"
)
INSERT INTO "ledger_postings" ("entry_id", "account", "company_id", "employee_id", "amount")
SELECT ins."id", p.account, src.company_id, src.employee_id, p.amount
FROM ins JOIN src ON src.deduction_id = ins."deduction_id"
CROSS JOIN LATERAL (VALUES ('payroll', src."amount"), ('receivable', -src."amount")) AS p(account, amount);--> statement-breakpoint
-- hand-written: every employee's pay cycle ends on the company's next pay date, and every
-- available balance is recomputed from the ledger: max advance − reserved − owed, floored at 0.
UPDATE "employees" e SET "pay_cycle_end_date" = c."next_pay_date"::timestamptz
FROM "companies" c WHERE c."id" = e."employer_id";--> statement-breakpoint
UPDATE "employees" e SET "available_balance" = greatest(0,
  coalesce((SELECT c."max_advance" FROM "companies" c WHERE c."id" = e."employer_id"), 0)
  - coalesce((SELECT sum(r."amount") FROM "advance_requests" r WHERE r."employee_id" = e."id"
      AND r."status" = 'APPROVED' AND NOT EXISTS (SELECT 1 FROM "virtual_cards" v WHERE v."request_id" = r."id")), 0)
  - coalesce((SELECT sum(p."amount") FROM "ledger_postings" p WHERE p."employee_id" = e."id"
      AND p."account" IN ('receivable', 'arrears')), 0));