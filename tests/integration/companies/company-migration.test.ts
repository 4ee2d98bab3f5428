import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, type User } from "#db/schema";
import { eq } from "drizzle-orm";
import {
  loadEmployerDashboard,
  listEmployees,
} from "~/models/reports/index.server";
import { getCompanySettings } from "~/models/companies/index.server";
import {
  connectPglite,
  MIGRATIONS_FOLDER,
  PGLITE_OPTIONS,
  setConnection,
  type Connection,
} from "~/utils/db.server";

// The migration to companies (db/migrations/0011_companies.sql) on a database of the old
// shape: every employer's user was its company. A database migrated up to the migration before
// it is filled with two companies' data the old way, then migrated to the end; every company's
// employees, requests, cards, deductions, settings and audit trail must come through as they
// were, each employer the owner of a company with its old id.

const COMPANIES_MIGRATION = "0011_companies";

/** The migrations folder as it was before companies: its SQL files and a shortened journal. */
function oldMigrationsFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ga-old-migrations-"));
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"),
  ) as { entries: Array<{ idx: number; tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === COMPANIES_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  const kept = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(
    path.join(dir, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const e of kept)
    fs.copyFileSync(
      path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`),
      path.join(dir, `${e.tag}.sql`),
    );
  return dir;
}

let pg: PGlite;
let conn: Connection;
let folder: string;

const q = <T extends Record<string, unknown>>(text: string) =>
  pg.query<T>(text).then((r) => r.rows);

/**
 * Facts that must not change: per company, its people, money and history. (Available balances
 * are recomputed by the ledger's migration, 0013: the test below.)
 */
async function facts() {
  return {
    employees: await q(
      `select e.id, e.user_id, e.employer_id, u.employer_id as user_employer
       from employees e join users u on u.id = e.user_id order by e.id`,
    ),
    requests: await q(
      `select id, employee_id, amount::text, status, approved_by_id from advance_requests order by id`,
    ),
    cards: await q(
      `select id, request_id, amount::text, status from virtual_cards order by id`,
    ),
    deductions: await q(
      `select id, request_id, amount::text, is_paid, deduction_date from payroll_deductions order by id`,
    ),
    audit: await q(
      `select id, action, actor_id, employer_id, subject_user_id from audit_events order by id`,
    ),
  };
}

let before: Awaited<ReturnType<typeof facts>>;
let acme: number;
let bodega: number;

beforeAll(async () => {
  folder = oldMigrationsFolder();
  pg = await PGlite.create({ ...PGLITE_OPTIONS });
  conn = connectPglite(pg);
  await migratePglite(conn.db as never, { migrationsFolder: folder });

  // Two companies the old way. Acme has its settings row; Bodega's was never created (rows
  // were made lazily), so the migration makes it from the employer's user.
  const [a] = await q<{ id: number }>(
    `insert into users (username, password, first_name, last_name, email, role, company_name, max_advance_limit)
     values ('acme_boss', 'x', 'Ada', 'Acme', 'ada@acme.example', 'EMPLOYER', 'Acme Foods', '400.00') returning id`,
  );
  const [b] = await q<{ id: number }>(
    `insert into users (username, password, first_name, last_name, email, role, company_name, max_advance_limit)
     values ('bodega_boss', 'x', 'Bo', 'Bodega', 'bo@bodega.example', 'EMPLOYER', 'Bodega Group', '500.00') returning id`,
  );
  acme = a.id;
  bodega = b.id;
  await q(
    `insert into company_settings (employer_id, company_name, contact_email, contact_phone, max_advance, approval_limit)
     values (${acme}, 'Acme Foods', 'hr@acme.example', '555-0100', '400.00', '150.00')`,
  );
  const people: Array<[string, number | null]> = [
    ["acme_one", acme],
    ["acme_two", acme],
    ["bodega_one", bodega],
    ["self_registered", null],
  ];
  for (const [username, employer] of people) {
    const [u] = await q<{ id: number }>(
      `insert into users (username, password, first_name, last_name, email, role, department, employer_id)
       values ('${username}', 'x', 'E', '${username}', '${username}@example.com', 'EMPLOYEE', 'Deli', ${employer ?? "null"})
       returning id`,
    );
    await q(
      `insert into employees (user_id, employer_id, available_balance)
       values (${u.id}, ${employer ?? "null"}, '${employer ? "300.00" : "0.00"}')`,
    );
  }
  const employeeIds = (
    await q<{ id: number }>(
      `select id from employees where employer_id is not null order by id`,
    )
  ).map((r) => r.id);
  for (const [i, employeeId] of employeeIds.entries()) {
    const approver = i < 2 ? acme : bodega;
    await q(
      `insert into advance_requests (employee_id, amount, status, approval_date, approved_by_id, paid_at)
       values (${employeeId}, '200.00', 'APPROVED', now(), ${approver}, now())`,
    );
    await q(
      `insert into advance_requests (employee_id, amount, status) values (${employeeId}, '250.00', 'PENDING')`,
    );
  }
  const approved = await q<{ id: number }>(
    `select id from advance_requests where status = 'APPROVED' order by id`,
  );
  for (const r of approved) {
    await q(
      `insert into virtual_cards (request_id, provider_card_id, card_number, expiry_month, expiry_year, amount, spending_limits)
       values (${r.id}, 'ic_${r.id}', '**** **** **** 4242', 12, 2030, '200.00', '{}')`,
    );
    await q(
      `insert into payroll_deductions (request_id, amount, deduction_date) values (${r.id}, '200.00', now() + interval '10 days')`,
    );
  }
  await q(
    `insert into audit_events (action, actor_id, employer_id, subject_user_id)
     select 'user.signed_in', id, case when role = 'EMPLOYER' then id else employer_id end, id from users`,
  );
  before = await facts();

  await migratePglite(conn.db as never, {
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  setConnection(conn);
});

afterAll(async () => {
  setConnection(undefined);
  await pg.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function owner(id: number): Promise<User> {
  const [row] = await conn.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("the migration to companies", () => {
  it("keeps every employee, request, card, deduction and audit event as it was", async () => {
    const after = await facts();
    expect(after).toEqual(before);
  });

  it("makes each employer the owner of a company with its old id and its settings", async () => {
    const companies = await q<{
      id: number;
      company_name: string;
      contact_email: string;
      max_advance: string;
      approval_limit: string;
    }>(
      `select id, company_name, contact_email, max_advance::text, approval_limit::text from companies order by id`,
    );
    expect(companies).toEqual([
      {
        id: acme,
        company_name: "Acme Foods",
        contact_email: "hr@acme.example",
        max_advance: "400.00",
        approval_limit: "150.00",
      },
      {
        id: bodega,
        company_name: "Bodega Group",
        contact_email: "",
        max_advance: "500.00",
        approval_limit: "200.00",
      },
    ]);
    for (const id of [acme, bodega])
      expect(await owner(id)).toMatchObject({
        companyId: id,
        companyRole: "OWNER",
      });
    // The self-registered employee still has no company.
    const [self] = await q<{ employer_id: number | null }>(
      `select employer_id from users where username = 'self_registered'`,
    );
    expect(self.employer_id).toBeNull();
  });

  it("serves each owner their own company through the app", async () => {
    const acmeOwner = await owner(acme);
    const list = await listEmployees(acmeOwner, {});
    expect(list.employees.map((e) => e.lastName).sort()).toEqual([
      "acme_one",
      "acme_two",
    ]);
    const dashboard = await loadEmployerDashboard(acmeOwner);
    expect(dashboard).toMatchObject({
      activeEmployees: 2,
      pendingRequests: 2,
    });
    expect((await getCompanySettings(bodega)).companyName).toBe("Bodega Group");
  });

  it("starts the ledger from the money already moved and derives every balance from it (0013)", async () => {
    // Each card funded; what each employee owes equals their open deductions.
    const funded = await q<{ card_id: number; total: string }>(
      `select j.card_id, sum(p.amount)::text as total from journal_entries j
       join ledger_postings p on p.entry_id = j.id
       where j.event = 'card.funded' and p.account = 'receivable' group by j.card_id order by j.card_id`,
    );
    expect(funded.map((f) => f.total)).toEqual(["200.00", "200.00", "200.00"]);
    const deductions = await q<{ status: string }>(
      `select status from payroll_deductions order by id`,
    );
    expect(deductions.map((d) => d.status)).toEqual([
      "SCHEDULED",
      "SCHEDULED",
      "SCHEDULED",
    ]);
    // max advance − owed: Acme's 400 − 200, Bodega's 500 − 200; no company, nothing.
    const balances = await q<{ balance: string }>(
      `select available_balance::text as balance from employees order by id`,
    );
    expect(balances.map((b) => b.balance)).toEqual([
      "200.00",
      "200.00",
      "300.00",
      "0.00",
    ]);
    // Every company is on a biweekly schedule whose next pay date keeps the deductions' dates.
    const schedules = await q<{ pay_frequency: string }>(
      `select pay_frequency from companies order by id`,
    );
    expect(schedules.every((c) => c.pay_frequency === "BIWEEKLY")).toBe(true);
  });

  it("gives new companies ids of their own, clear of the users'", async () => {
    const [{ id }] = await q<{ id: number }>(
      `insert into companies (company_name) values ('New Co') returning id`,
    );
    const [{ max }] = await q<{ max: number }>(
      `select max(id)::int as max from users`,
    );
    expect(id).toBeGreaterThan(max);
  });
});
