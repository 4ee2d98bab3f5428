// The tables of the ledger domain (app/models/ledger): journal entries, postings, balances.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { advanceRequests } from "./advances";
import { virtualCards } from "./cards";
import { tstz } from "./columns";
import { companies } from "./companies-base";
import { employees } from "./people";
import { payrollDeductions } from "./repayments";

// The ledger (DESIGN §3, app/models/ledger/ledger.server.ts): append-only journal entries, each a set
// of postings that sum to zero (checked at commit by a deferred trigger). Positive is a debit.
// Balances are derived from the postings: what an employee owes (receivable + arrears), what a
// card has left (minus its card postings), what a company funded, collected and wrote off.
export const LEDGER_EVENTS = [
  "card.funded",
  "fee.charged",
  "fee.refunded",
  "card.purchase",
  "card.purchase_reversed",
  "card.merchant_refund",
  "card.unspent_returned",
  "deduction.collected",
  "deduction.shortfall",
  "deduction.written_off",
  "fee.billed_to_company",
  "credit.netted",
  "credit.paid_back",
] as const;
export const LEDGER_ACCOUNTS = [
  "receivable",
  "arrears",
  "card",
  "merchants",
  "fee_payments",
  "fee_income",
  "payroll",
  "losses",
  "credit",
  "company_fees",
] as const;

export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    event: text("event", { enum: LEDGER_EVENTS }).notNull(),
    companyId: integer("company_id").references(() => companies.id),
    employeeId: integer("employee_id").references(() => employees.id),
    requestId: integer("request_id").references(() => advanceRequests.id),
    cardId: integer("card_id").references(() => virtualCards.id),
    deductionId: integer("deduction_id").references(() => payrollDeductions.id),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("journal_entries_company_idx").on(t.companyId, t.event),
    index("journal_entries_employee_idx").on(t.employeeId),
    index("journal_entries_request_idx").on(t.requestId),
    index("journal_entries_card_idx").on(t.cardId),
    index("journal_entries_deduction_idx").on(t.deductionId),
  ],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    companyId: integer("company_id"),
    employeeId: integer("employee_id"),
    cardId: integer("card_id"),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    index("ledger_postings_entry_idx").on(t.entryId),
    index("ledger_postings_employee_idx").on(t.employeeId, t.account),
    index("ledger_postings_card_idx").on(t.cardId, t.account),
    check("ledger_postings_nonzero", sql`${t.amount} <> 0`),
  ],
);

// Each company's balances per account and UTC month of the entry (decision 0102): a
// statement trigger on ledger_postings appends what each posting statement moved to
// ledger_balance_deltas (insert only, in the posting's transaction); ledger_balances_fold()
// (the job worker, every minute, under an advisory lock) moves them into ledger_balances.
// Readers add the company's unfolded deltas in the same statement. Application code never
// writes these tables; check:invariants recomputes them from the postings.

/** A company's balance of one account from the postings of entries dated in one UTC month. */
export const ledgerBalances = pgTable(
  "ledger_balances",
  {
    companyId: integer("company_id").notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: "ledger_balances_pkey",
      columns: [t.companyId, t.account, t.month],
    }),
  ],
);

/** What posting statements moved, not folded into ledger_balances yet. */
export const ledgerBalanceDeltas = pgTable(
  "ledger_balance_deltas",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id").notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    index("ledger_balance_deltas_company_idx").on(t.companyId, t.account),
  ],
);

export type JournalEntry = typeof journalEntries.$inferSelect;
