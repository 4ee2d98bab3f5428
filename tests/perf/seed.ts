import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { refreshAvailable } from "~/models/ledger/index.server";

// Company-scale data written with set-based SQL (`insert … select … from generate_series`), so
// 100,000 requests take seconds, not the minutes that one domain call per row would. The rows
// keep the invariants the domain keeps (app/models/reports/invariants.server.ts): every carded
// request's deductions add up to its amount (cents split like the card's schedule: remainder on
// the earliest), deductions only for carded requests, cards only for approved and paid
// requests with masked numbers, balances between 0 and the max advance. Deterministic: the
// same shape gives the same data (pseudo-random values are hashes of the row number).

export type CompanyShape = {
  /** Username prefix: the employer is `<prefix>`, employees `<prefix>_emp_<n>`. */
  prefix: string;
  companyName: string;
  employees: number;
  requests: number;
  /** Cards for the most recently approved requests (marked paid). */
  cards: number;
};

export type SeededCompany = {
  shape: CompanyShape;
  /** The company's id (the employer_id of its rows). */
  employerId: number;
  employerUsername: string;
  /** An employee with a typical history (the first one), for the employee pages. */
  employeeUsername: string;
  employeeUserId: number;
  /** Their employees.id (the id in /employees/:id). */
  employeeId: number;
  counts: {
    employees: number;
    requests: number;
    pending: number;
    approved: number;
    deductions: number;
    cards: number;
  };
};

export const LARGE_COMPANY: CompanyShape = {
  prefix: "large",
  companyName: "Large Grocers Inc.",
  employees: 10_000,
  requests: 100_000,
  cards: 20_000,
};

export const SMALL_COMPANY: CompanyShape = {
  prefix: "small",
  companyName: "Small Grocers LLC",
  employees: 100,
  requests: 1_000,
  cards: 200,
};

const FIRST_NAMES = [
  "Ava", "Ben", "Chloe", "Daniel", "Emma", "Felix", "Grace", "Henry", "Isla", "Jack",
  "Kara", "Liam", "Maya", "Noah", "Olivia", "Pablo", "Quinn", "Ruby", "Sam", "Tara",
  "Uma", "Victor", "Wendy", "Xavier", "Yara", "Zane", "Amir", "Bianca", "Carlos", "Dina",
  "Elena", "Farah", "Gus", "Hana", "Ivan", "Jada", "Kenji", "Lena", "Mateo", "Nina",
]; // prettier-ignore
const LAST_NAMES = [
  "Adams", "Brown", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Hughes", "Ito", "Johnson",
  "Khan", "Lopez", "Martin", "Nguyen", "Okafor", "Patel", "Quintero", "Rossi", "Smith", "Taylor",
  "Usman", "Vargas", "Walker", "Xu", "Young", "Zimmer", "Abbott", "Baker", "Cohen", "Dubois",
  "Ellis", "Flores", "Gupta", "Hansen", "Ibrahim", "Jensen", "Kim", "Larsen", "Moreno", "Novak",
]; // prettier-ignore
const DEPARTMENTS = [
  "Sales",
  "Engineering",
  "Operations",
  "Marketing",
  "Produce",
  "Bakery",
  "Logistics",
  "Customer Service",
];
const REASONS = [
  "Weekly groceries",
  "Family groceries",
  "Groceries until payday",
];

const textArray = (values: string[]) =>
  sql.raw(
    `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]::text[]`,
  );

const MINUTES_PER_YEAR = 365 * 24 * 60;
const PENDING_WINDOW_MINUTES = 30 * 24 * 60;

/**
 * Writes one company. `passwordHash` is computed once by the caller (hashPassword) and shared
 * by every user, so seeding never spends seconds in scrypt.
 */
export async function seedCompany(
  executor: Executor,
  shape: CompanyShape,
  passwordHash: string,
  now: Date = new Date(),
): Promise<SeededCompany> {
  const at = now.toISOString();
  const p = shape.prefix;

  // The company, then its owner; every employer_id below is the company's id.
  const [company] = await queryRows<{ id: number }>(
    executor,
    sql`insert into companies (company_name, contact_email, created_at)
        values (${shape.companyName}, ${`${p}@bench.example`}, ${at}::timestamptz - interval '800 days')
        returning id`,
  );
  const employerId = Number(company.id);
  const [employer] = await queryRows<{ id: number }>(
    executor,
    sql`insert into users (username, password, first_name, last_name, email, role, company_name, max_advance_limit, employer_id, company_role, created_at)
        values (${p}, ${passwordHash}, 'Morgan', 'Manager', ${`${p}@bench.example`}, 'EMPLOYER', ${shape.companyName}, '500.00', ${employerId}, 'OWNER', ${at}::timestamptz - interval '800 days')
        returning id`,
  );
  const employerUserId = Number(employer.id);

  // Employees: names from fixed lists (so searches find realistic shares), 8 departments.
  await executor.execute(
    sql`insert into users (username, password, first_name, last_name, email, role, department, employer_id, created_at)
        select ${p} || '_emp_' || g, ${passwordHash},
               (${textArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}],
               (${textArray(LAST_NAMES)})[1 + (g * 13 + g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
               'emp' || g || '@' || ${p} || '.example', 'EMPLOYEE',
               (${textArray(DEPARTMENTS)})[1 + (g * 3) % ${DEPARTMENTS.length}],
               ${employerId}, ${at}::timestamptz - ((g % 700) || ' days')::interval
        from generate_series(1, ${shape.employees}) g`,
  );
  await executor.execute(
    sql`insert into employees (user_id, employer_id, available_balance, pay_cycle_end_date)
        select id, ${employerId}, '500.00', ${at}::timestamptz + ((1 + id % 15) || ' days')::interval
        from users where employer_id = ${employerId} and role = 'EMPLOYEE' order by id`,
  );

  // Requests, round-robin over the employees, request dates spread over the last 12 months.
  // Pending ones are from the last 30 days (older ones have been decided); about 5 % pending,
  // 20 % declined, 75 % approved, 1–3 repayment periods (so ~1.5 deductions per request).
  await executor.execute(
    sql`with emps as (
          select id, row_number() over (order by id) - 1 as n from employees where employer_id = ${employerId}
        ), gen as (
          select g, (g::bigint * 2654435761) % 4294967291 as h from generate_series(0, ${shape.requests - 1}) g
        ), rows as (
          select g, h, (h % ${MINUTES_PER_YEAR})::int as ago,
                 case when (h % ${MINUTES_PER_YEAR}) < ${PENDING_WINDOW_MINUTES} and (h / 7) % 10 < 6 then 'PENDING'
                      when (h / 11) % 100 < 21 then 'DECLINED'
                      else 'APPROVED' end as status
          from gen
        )
        insert into advance_requests (employee_id, amount, reason, status, repayment_periods, request_date,
                                      approval_date, rejection_date, rejection_reason, approved_by_id)
        select e.id,
               (200 + ((r.h / 13) % 31) * 10)::numeric(10,2),
               case when (r.h / 19) % 3 = 0 then null else (${textArray(REASONS)})[1 + (r.h / 23) % ${REASONS.length}] end,
               r.status,
               1 + ((r.h / 17) % 3)::int,
               ${at}::timestamptz - (r.ago || ' minutes')::interval,
               case when r.status = 'APPROVED' then ${at}::timestamptz - (r.ago || ' minutes')::interval + (least(180, r.ago / 2) || ' minutes')::interval end,
               case when r.status = 'DECLINED' then ${at}::timestamptz - (r.ago || ' minutes')::interval + (least(240, r.ago / 2) || ' minutes')::interval end,
               case when r.status = 'DECLINED' then 'Declined by employer' end,
               case when r.status = 'APPROVED' then ${employerUserId}::int end
        from rows r join emps e on e.n = r.g % ${shape.employees}`,
  );

  // Cards for the most recently approved requests, which are marked paid: the advance was held,
  // the $15.99 fee captured and the rest released.
  await executor.execute(
    sql`with picked as (
          select r.id from advance_requests r join employees e on e.id = r.employee_id
          where e.employer_id = ${employerId} and r.status = 'APPROVED'
          order by r.approval_date desc, r.id desc limit ${shape.cards}
        ), paid as (
          update advance_requests r
          set paid_at = least(${at}::timestamptz, r.approval_date + interval '10 minutes'),
              authorized_amount = r.amount, captured_amount = 15.99,
              released_amount = r.amount - 15.99,
              captured_at = least(${at}::timestamptz, r.approval_date + interval '10 minutes'),
              card_issued_at = least(${at}::timestamptz, r.approval_date + interval '10 minutes')
          from picked where r.id = picked.id
          returning r.id, r.amount, r.paid_at
        )
        insert into virtual_cards (request_id, provider_card_id, card_number, expiry_month, expiry_year,
                                   amount, status, spending_limits, created_at)
        select id, 'ic_bench_' || id, '•••• •••• •••• ' || lpad((id % 10000)::text, 4, '0'),
               1 + id % 12, extract(year from paid_at)::int + 3, amount, 'active',
               '{"restrictions":"Grocery stores only","allowedCategories":["grocery_stores_supermarkets"],"limitCents":'
                 || (amount * 100)::bigint || '}',
               paid_at
        from paid`,
  );

  // Approved requests never paid for expired 7 days after their approval, as the product's
  // expiry does (the reservation returned; check:invariants holds on the seeded data).
  await executor.execute(
    sql`update advance_requests r
        set status = 'CANCELLED', cancelled_at = r.approval_date + interval '7 days',
            cancellation_reason = 'Not paid for within 7 days of approval'
        from employees e
        where e.id = r.employee_id and e.employer_id = ${employerId}
          and r.status = 'APPROVED' and r.paid_at is null
          and r.approval_date < ${at}::timestamptz - interval '7 days'`,
  );

  // Deductions, for carded requests only (the money model: the schedule comes with the card):
  // the amount in cents over the periods, remainder cents on the earliest, every 15 days from
  // the approval; those dated by now were collected by payroll.
  await executor.execute(
    sql`insert into payroll_deductions (request_id, amount, deduction_date, is_paid, payment_date, payment_reference,
                                        status, collected_amount)
        select r.id,
               ((floor(r.amount * 100 / r.repayment_periods)
                 + case when k <= (r.amount * 100)::bigint % r.repayment_periods then 1 else 0 end) / 100)::numeric(10,2),
               r.approval_date + (15 * k || ' days')::interval,
               r.approval_date + (15 * k || ' days')::interval <= ${at}::timestamptz,
               case when r.approval_date + (15 * k || ' days')::interval <= ${at}::timestamptz
                    then r.approval_date + (15 * k || ' days')::interval end,
               case when r.approval_date + (15 * k || ' days')::interval <= ${at}::timestamptz
                    then 'PAY-BENCH-' || r.id || '-' || k end,
               case when r.approval_date + (15 * k || ' days')::interval <= ${at}::timestamptz
                    then 'COLLECTED' else 'SCHEDULED' end,
               case when r.approval_date + (15 * k || ' days')::interval <= ${at}::timestamptz
                    then ((floor(r.amount * 100 / r.repayment_periods)
                      + case when k <= (r.amount * 100)::bigint % r.repayment_periods then 1 else 0 end) / 100)::numeric(10,2) end
        from advance_requests r
        join employees e on e.id = r.employee_id
        join virtual_cards c on c.request_id = r.id
        cross join generate_series(1, 3) k
        where e.employer_id = ${employerId} and r.status = 'APPROVED' and k <= r.repayment_periods`,
  );

  // The ledger: each card funded and its fee charged, each collected deduction collected
  // (as the product writes them; check:invariants holds on the seeded data).
  await executor.execute(
    sql`with src as (
          select c.id as card_id, r.id as request_id, e.id as employee_id, c.amount, c.created_at
          from virtual_cards c join advance_requests r on r.id = c.request_id
          join employees e on e.id = r.employee_id where e.employer_id = ${employerId}
        ), ins as (
          insert into journal_entries (event, company_id, employee_id, request_id, card_id, created_at)
          select 'card.funded', ${employerId}, employee_id, request_id, card_id, created_at from src
          returning id, card_id
        )
        insert into ledger_postings (entry_id, account, company_id, employee_id, card_id, amount)
        select ins.id, p.account, ${employerId}, src.employee_id, src.card_id, p.amount
        from ins join src on src.card_id = ins.card_id
        cross join lateral (values ('receivable', src.amount), ('card', -src.amount)) p(account, amount)`,
  );
  await executor.execute(
    sql`with src as (
          select r.id as request_id, e.id as employee_id, r.captured_amount as amount, r.captured_at
          from advance_requests r join employees e on e.id = r.employee_id
          where e.employer_id = ${employerId} and r.captured_amount > 0
        ), ins as (
          insert into journal_entries (event, company_id, employee_id, request_id, created_at)
          select 'fee.charged', ${employerId}, employee_id, request_id, captured_at from src
          returning id, request_id
        )
        insert into ledger_postings (entry_id, account, company_id, employee_id, amount)
        select ins.id, p.account, ${employerId}, src.employee_id, p.amount
        from ins join src on src.request_id = ins.request_id
        cross join lateral (values ('fee_payments', src.amount), ('fee_income', -src.amount)) p(account, amount)`,
  );
  await executor.execute(
    sql`with src as (
          select d.id as deduction_id, r.id as request_id, e.id as employee_id, d.amount, d.payment_date
          from payroll_deductions d join advance_requests r on r.id = d.request_id
          join employees e on e.id = r.employee_id
          where e.employer_id = ${employerId} and d.is_paid
        ), ins as (
          insert into journal_entries (event, company_id, employee_id, request_id, deduction_id, created_at)
          select 'deduction.collected', ${employerId}, employee_id, request_id, deduction_id, payment_date from src
          returning id, deduction_id
        )
        insert into ledger_postings (entry_id, account, company_id, employee_id, amount)
        select ins.id, p.account, ${employerId}, src.employee_id, p.amount
        from ins join src on src.deduction_id = ins.deduction_id
        cross join lateral (values ('payroll', src.amount), ('receivable', -src.amount)) p(account, amount)`,
  );

  // Balances: max advance − reserved − owed, from the ledger (as every action recomputes them).
  await refreshAvailable(executor, { companyId: employerId });

  return describeCompany(executor, shape);
}

/** The figures and sample users of a company seeded earlier (by its employer's username). */
export async function describeCompany(
  executor: Executor,
  shape: CompanyShape,
): Promise<SeededCompany> {
  const [employer] = await queryRows<{ id: number; employer_id: number }>(
    executor,
    sql`select id, employer_id from users where username = ${shape.prefix} and role = 'EMPLOYER'`,
  );
  if (!employer) throw new Error(`company ${shape.prefix} is not seeded`);
  const employerId = Number(employer.employer_id);
  const [first] = await queryRows<{
    user_id: number;
    id: number;
    username: string;
  }>(
    executor,
    sql`select e.user_id, e.id, u.username from employees e join users u on u.id = e.user_id
        where e.employer_id = ${employerId} order by e.id limit 1`,
  );
  const [counts] = await queryRows<Record<string, number | string>>(
    executor,
    sql`select
          (select count(*) from employees where employer_id = ${employerId}) as employees,
          count(*) as requests,
          count(*) filter (where r.status = 'PENDING') as pending,
          count(*) filter (where r.status = 'APPROVED') as approved,
          (select count(*) from payroll_deductions d join advance_requests r2 on r2.id = d.request_id
             join employees e2 on e2.id = r2.employee_id where e2.employer_id = ${employerId}) as deductions,
          (select count(*) from virtual_cards c join advance_requests r3 on r3.id = c.request_id
             join employees e3 on e3.id = r3.employee_id where e3.employer_id = ${employerId}) as cards
        from advance_requests r join employees e on e.id = r.employee_id
        where e.employer_id = ${employerId}`,
  );
  return {
    shape,
    employerId,
    employerUsername: shape.prefix,
    employeeUsername: first.username,
    employeeUserId: Number(first.user_id),
    employeeId: Number(first.id),
    counts: {
      employees: Number(counts.employees),
      requests: Number(counts.requests),
      pending: Number(counts.pending),
      approved: Number(counts.approved),
      deductions: Number(counts.deductions),
      cards: Number(counts.cards),
    },
  };
}

/** Fresh statistics and visibility maps, so plans and index-only scans match a live system. */
export async function analyze(executor: Executor): Promise<void> {
  await executor.execute(sql`vacuum analyze`);
}
