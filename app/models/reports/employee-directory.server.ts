import type { Language } from "~/utils/i18n";
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  payrollDeductions,
  users,
  virtualCards,
  type User,
} from "#db/schema";
import { db } from "~/utils/db.server";
import { PUBLIC_EMPLOYEE_COLUMNS } from "~/models/people/index.server";
import { formatCents, fromCents } from "~/utils/money";
import { stateName } from "~/utils/state-rules.server";
import { notFound } from "~/utils/errors";
import {
  EMPLOYEE_NOT_FOUND,
  EMPLOYEES_PAGE_SIZE,
  type EmployeesSearch,
} from "~/validation/employer";
import { parseId } from "~/utils/ids";
import {
  readPage,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import {
  toPublicAdvance,
  publicAdvanceColumns,
} from "~/models/advances/index.server";
import { listInvitations } from "~/models/companies/index.server";
import { owedSql, creditPaybackOf } from "~/models/ledger/index.server";
import { companyFor } from "~/utils/company-access.server";
import { canDo } from "~/utils/company-roles";
import { formatDate } from "~/utils/dates";

import { deductionFigures } from "~/models/repayments/index.server";
import { usedSql } from "./employee-figures.server";
// The employer's employee directory (SPEC §2 Employees, employee details; §7 GET
// /api/employees): every list scoped to the employer's own employees, in directory order, and
// every figure an SQL aggregate.

/**
 * The used balance: what takes up the employee's limit — approvals without a card yet plus
 * what is owed — so available + used is the company's max advance (not a sum of
 * approved amounts, which kept counting advances already repaid).
 */
const approvedSum = sql<string>`(${usedSql(employees.id)})::numeric(14,2)::text`;
/**
 * An employee's pending deductions: what they owe, to be repaid by payroll (the ledger's
 * receivable + arrears) — never what payroll already collected, nor an approval that has no
 * card yet.
 */
const pendingDeductionsSum = sql<string>`(${owedSql(employees.id)})::numeric(14,2)::text`;

/** ILIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * First name, last name, full name, email or department contain `q`, ignoring case. "first
 * last" covers the names on their own. Each of the three expressions has a trigram GIN index
 * (pg_trgm, migration search_trigram) that serves `like '%…%'`, so the database reads the
 * matching employees rather than every employee of the company; the result is exactly the
 * case-insensitive substring match it always was (the index only finds candidates, the
 * condition is rechecked).
 */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = sql`lower(${containsPattern(q)})`;
  return or(
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
    sql`lower(${users.email}) like ${pattern}`,
    sql`lower(${users.department}) like ${pattern}`,
  );
}

export type EmployeeListRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  availableBalance: string;
  usedBalance: string;
  pendingDeductions: string;
  /** Offboarded: marked "Left" in the list. */
  left: boolean;
};

export type EmployeePage = {
  employees: EmployeeListRow[];
  /** Employees matching the search. */
  matching: number;
  /** All of the company's employees. */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  q?: string;
};

async function countEmployees(employerId: number): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(employees)
    .where(eq(employees.companyId, employerId));
  return row.n;
}

/**
 * The employer's employees in directory order. Read from users (filtered on both users and
 * employees by the employer) so the page comes off users_employer_name_idx in order and only
 * `limit` rows are touched, whatever the company's size.
 */
const directoryOrder = [
  sql`lower(${users.firstName})`,
  sql`lower(${users.lastName})`,
  asc(users.id),
];
const ofEmployer = (employerId: number) =>
  and(eq(users.companyId, employerId), eq(employees.companyId, employerId));

async function selectEmployees(
  employerId: number,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<EmployeeListRow[]> {
  const rows = await db()
    .select({
      id: employees.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      department: users.department,
      availableBalance: employees.availableBalance,
      usedBalance: approvedSum,
      pendingDeductions: pendingDeductionsSum,
      left: sql<boolean>`${employees.offboardedAt} is not null`,
    })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(and(ofEmployer(employerId), where))
    // Leavers stay in name order (the index on names keeps the page's cost flat), marked "Left".
    .orderBy(...directoryOrder)
    .limit(limit)
    .offset(offset);
  return rows;
}

/** The first `limit` employees in directory order (the employer dashboard's five). */
export function firstEmployees(
  employer: User,
  limit: number,
): Promise<EmployeeListRow[]> {
  return selectEmployees(companyFor(employer), undefined, limit, 0);
}

/**
 * One page of the employer's employees (25 a page), filtered server-side by first name, last
 * name, email or department, case-insensitive. A page past the end shows the last page.
 */
export async function listEmployees(
  employer: User,
  search: Partial<EmployeesSearch> = {},
  pageSize = EMPLOYEES_PAGE_SIZE,
): Promise<EmployeePage> {
  const where = searchCondition(search.q);
  // Without a search the count is an index-only count of employees; with one, the matching
  // employees are found from the trigram indexes (users_*_trgm_idx, migration search_trigram)
  // and counted, so a search reads its matches rather than the whole company.
  const all = countEmployees(companyFor(employer));
  const found = await readPage(
    { page: search.page ?? 1, pageSize },
    where
      ? () =>
          Promise.all([
            all,
            db()
              .select({ n: sql<number>`count(*)::int` })
              .from(users)
              .innerJoin(employees, eq(employees.userId, users.id))
              .where(and(ofEmployer(companyFor(employer)), where)),
          ]).then(([, [row]]) => row.n)
      : () => all,
    (limit, offset) =>
      selectEmployees(companyFor(employer), where, limit, offset),
    { clamp: true },
  );
  return {
    employees: found.items,
    matching: found.total,
    total: await all,
    page: found.page,
    pageCount: found.pageCount,
    pageSize,
    ...(search.q ? { q: search.q } : {}),
  };
}

/** GET /api/employees: SPEC §3's employee list fields, one page in directory order. */
export async function listEmployeesForApi(
  employer: User,
  page: PageRequest,
): Promise<Paged<EmployeeApiRow>> {
  return readPage(
    page,
    () => countEmployees(companyFor(employer)),
    async (limit, offset) =>
      (
        await db()
          .select({
            ...PUBLIC_EMPLOYEE_COLUMNS,
            offboardedAt: employees.offboardedAt,
            lastPayDate: employees.lastPayDate,
          })
          .from(users)
          .innerJoin(employees, eq(employees.userId, users.id))
          .where(ofEmployer(companyFor(employer)))
          .orderBy(...directoryOrder)
          .limit(limit)
          .offset(offset)
      ).map(({ offboardedAt, lastPayDate, ...row }) => ({
        ...row,
        status: offboardedAt ? ("OFFBOARDED" as const) : ("ACTIVE" as const),
        lastPayDate: offboardedAt ? lastPayDate : null,
      })),
  );
}

export type EmployeeApiRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  availableBalance: string;
  status: "ACTIVE" | "OFFBOARDED";
  lastPayDate: string | null;
};

/** Rows per list on /employees/:id: the newest, which is what an employer looks at. */
const DETAILS_LIMIT = 100;

/**
 * /employees/:id — one employee of this employer with their balance, requests, deductions and
 * cards. Another employer's employee (or no such id) is 404.
 */
async function getEmployeeDetails(
  employer: User,
  rawId: number | string | undefined,
) {
  // Parsed here rather than in the route, so the page's browser bundle does not pull in the
  // validation module (and zod) for a loader-only check (the client JavaScript budget).
  const employeeId = parseId(rawId);
  if (employeeId === null) throw notFound(EMPLOYEE_NOT_FOUND);
  const [profile] = await db()
    .select({
      id: employees.id,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      department: users.department,
      createdAt: users.createdAt,
      availableBalance: employees.availableBalance,
      payCycleEndDate: employees.payCycleEndDate,
      usedBalance: approvedSum,
      unpaidDeductions: pendingDeductionsSum,
      offboardedAt: employees.offboardedAt,
      lastPayDate: employees.lastPayDate,
      workState: employees.workState,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.id, employeeId),
        eq(employees.companyId, companyFor(employer)),
      ),
    );
  if (!profile) throw notFound(EMPLOYEE_NOT_FOUND);

  // Each list is capped (newest first): one more row than shown tells the page it was cut.
  const [requests, deductions, cards] = await Promise.all([
    db()
      .select(publicAdvanceColumns)
      .from(advanceRequests)
      .where(eq(advanceRequests.employeeId, employeeId))
      .orderBy(desc(advanceRequests.requestDate), desc(advanceRequests.id))
      .limit(DETAILS_LIMIT + 1),
    db()
      .select({
        id: payrollDeductions.id,
        requestId: payrollDeductions.requestId,
        amount: payrollDeductions.amount,
        deductionDate: payrollDeductions.deductionDate,
        isPaid: payrollDeductions.isPaid,
        paymentDate: payrollDeductions.paymentDate,
        status: payrollDeductions.status,
      })
      .from(payrollDeductions)
      .innerJoin(
        advanceRequests,
        eq(advanceRequests.id, payrollDeductions.requestId),
      )
      .where(eq(advanceRequests.employeeId, employeeId))
      .orderBy(
        desc(payrollDeductions.deductionDate),
        desc(payrollDeductions.id),
      )
      .limit(DETAILS_LIMIT + 1),
    db()
      .select({
        id: virtualCards.id,
        requestId: virtualCards.requestId,
        cardNumber: virtualCards.cardNumber,
        expiryMonth: virtualCards.expiryMonth,
        expiryYear: virtualCards.expiryYear,
        amount: virtualCards.amount,
        status: virtualCards.status,
        createdAt: virtualCards.createdAt,
      })
      .from(virtualCards)
      .innerJoin(
        advanceRequests,
        eq(advanceRequests.id, virtualCards.requestId),
      )
      .where(eq(advanceRequests.employeeId, employeeId))
      .orderBy(desc(virtualCards.createdAt), desc(virtualCards.id))
      .limit(DETAILS_LIMIT + 1),
  ]);

  // What payroll did with each (the ledger's figures): collected, short, moved or written off.
  const shown = deductions.slice(0, DETAILS_LIMIT).reverse();
  const figures = new Map(
    (
      await deductionFigures(db(), { deductionIds: shown.map((d) => d.id) })
    ).map((f) => [f.id, f]),
  );
  return {
    employee: { ...profile, pendingDeductions: profile.unpaidDeductions },
    requests: requests.slice(0, DETAILS_LIMIT).map(toPublicAdvance),
    // The newest DETAILS_LIMIT, shown in schedule order (earliest first).
    deductions: shown.map((d) => {
      const f = figures.get(d.id);
      const recorded = d.status !== "SCHEDULED" && d.status !== "SUBMITTED";
      return {
        ...d,
        collectedAmount: recorded ? fromCents(f?.collectedCents ?? 0) : null,
        shortfall: fromCents(f?.shortfallCents ?? 0),
        arrearsDeductionId: f?.arrearsDeductionId ?? null,
        arrearsDate: f?.arrearsDate ?? null,
        writtenOffAmount: fromCents(f?.writtenOffCents ?? 0),
      };
    }),
    cards: cards.slice(0, DETAILS_LIMIT),
    limit: DETAILS_LIMIT,
    /** Lists that hold more than DETAILS_LIMIT rows (only the newest are shown). */
    truncated: {
      requests: requests.length > DETAILS_LIMIT,
      deductions: deductions.length > DETAILS_LIMIT,
      cards: cards.length > DETAILS_LIMIT,
    },
  };
}

/**
 * The /employees page: a page of the directory and, for owners and admins (who invite), the
 * company's recent employee invitations that were not accepted yet.
 */
export async function loadEmployeesPage(
  employer: User,
  search: Parameters<typeof listEmployees>[1],
  language: Language = "en",
) {
  const mayManage = canDo(employer.companyRole, "manageEmployees");
  const [page, invitations] = await Promise.all([
    listEmployees(employer, search),
    mayManage ? listInvitations(employer, "EMPLOYEE", 50) : [],
  ]);
  return {
    page,
    mayManage,
    // Dates as the page prints them, formatted here (the browser's time zone would differ).
    invitations: invitations
      .filter((i) => i.status !== "ACCEPTED")
      .map((i) => ({
        ...i,
        sentText: formatDate(i.sentAt, language),
        expiresText: formatDate(i.expiresAt, language),
      })),
  };
}

/**
 * The employee's page: their details, what the program owes them back and how it comes back,
 * and the name of the state they work in. One server module for the page's loader, so its
 * browser bundle carries no more server-module stand-ins.
 */
export async function getEmployeePage(
  employer: User,
  rawId: number | string | undefined,
  language: Language,
) {
  const details = await getEmployeeDetails(employer, rawId);
  const payback = await creditPaybackOf(db(), details.employee.id);
  return {
    ...details,
    credit: payback
      ? {
          amount: formatCents(payback.creditCents, language),
          by: payback.by,
          payDate: payback.payDate,
        }
      : null,
    workStateName: stateName(details.employee.workState),
  };
}
