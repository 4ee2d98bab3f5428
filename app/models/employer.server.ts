import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  payrollDeductions,
  users,
  virtualCards,
  type User,
} from "../../db/schema";
import { db } from "~/utils/db.server";
import { toPublicAdvance, type PublicAdvance } from "./advance.server";
import { notFound } from "~/utils/errors";
import {
  EMPLOYEE_NOT_FOUND,
  EMPLOYEES_PAGE_SIZE,
  type EmployeesSearch,
} from "~/validation/employer";

// The employer's read side (SPEC §2 Approve Requests, Employees; §7 employer endpoints), every
// list scoped to the employer's own employees and every figure an SQL aggregate.

const requestColumns = {
  id: advanceRequests.id,
  employeeId: advanceRequests.employeeId,
  amount: advanceRequests.amount,
  reason: advanceRequests.reason,
  status: advanceRequests.status,
  repaymentPeriods: advanceRequests.repaymentPeriods,
  requestDate: advanceRequests.requestDate,
  approvalDate: advanceRequests.approvalDate,
  rejectionDate: advanceRequests.rejectionDate,
  rejectionReason: advanceRequests.rejectionReason,
  approvedById: advanceRequests.approvedById,
};

/**
 * Sum of the employee's APPROVED request amounts as "0.00": both the used balance and the
 * pending deductions of SPEC §9 (see docs/decisions/0401-employer-figures.md).
 */
const approvedSum = sql<string>`coalesce((select sum(${advanceRequests.amount}) from ${advanceRequests} where ${advanceRequests.employeeId} = ${employees.id} and ${advanceRequests.status} = 'APPROVED'), 0)::numeric(14,2)::text`;

/** ILIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** First name, last name, full name, email or department contain `q`, ignoring case. */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.email, pattern),
    ilike(users.department, pattern),
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
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

export async function countEmployees(employerId: number): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(employees)
    .where(eq(employees.employerId, employerId));
  return row.n;
}

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
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.employerId, employerId), where))
    .orderBy(
      sql`lower(${users.firstName})`,
      sql`lower(${users.lastName})`,
      asc(employees.id),
    )
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, pendingDeductions: row.usedBalance }));
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
  const [counts] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      matching: where
        ? sql<number>`(count(*) filter (where ${where}))::int`
        : sql<number>`count(*)::int`,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.employerId, employer.id));
  const pageCount = Math.max(1, Math.ceil(counts.matching / pageSize));
  const page = Math.min(Math.max(1, search.page ?? 1), pageCount);
  const rows = counts.matching
    ? await selectEmployees(employer.id, where, pageSize, (page - 1) * pageSize)
    : [];
  return {
    employees: rows,
    matching: counts.matching,
    total: counts.total,
    page,
    pageCount,
    pageSize,
    ...(search.q ? { q: search.q } : {}),
  };
}

/** GET /api/employees: SPEC §3's employee list fields, every employee of the employer. */
export async function listEmployeesForApi(employer: User) {
  return db()
    .select({
      id: employees.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      department: users.department,
      availableBalance: employees.availableBalance,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.employerId, employer.id))
    .orderBy(
      sql`lower(${users.firstName})`,
      sql`lower(${users.lastName})`,
      asc(employees.id),
    );
}

export type PendingRequest = PublicAdvance & {
  employee: {
    firstName: string;
    lastName: string;
    department: string | null;
    availableBalance: string;
  };
};

/** Pending requests with their employee embedded, the longest-waiting first. */
export async function listPendingRequests(
  employer: User,
  limit?: number,
): Promise<PendingRequest[]> {
  const query = db()
    .select({
      ...requestColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      department: users.department,
      availableBalance: employees.availableBalance,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.employerId, employer.id),
        eq(advanceRequests.status, "PENDING"),
      ),
    )
    .orderBy(asc(advanceRequests.requestDate), asc(advanceRequests.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({
    ...toPublicAdvance(row),
    employee: {
      firstName: row.firstName,
      lastName: row.lastName,
      department: row.department,
      availableBalance: row.availableBalance,
    },
  }));
}

/** Every request of the employer's employees, newest first. */
export async function listAllRequests(
  employer: User,
): Promise<PublicAdvance[]> {
  const rows = await db()
    .select(requestColumns)
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(employees.employerId, employer.id))
    .orderBy(desc(advanceRequests.requestDate), desc(advanceRequests.id));
  return rows.map(toPublicAdvance);
}

/** GET /api/employer/advance-requests: the fields the reports read. */
export async function listEmployerRequestSummaries(employer: User) {
  const rows = await listAllRequests(employer);
  return rows.map(({ id, status, amount, requestDate }) => ({
    id,
    status,
    amount,
    requestDate,
  }));
}

/**
 * /employees/:id — one employee of this employer with their balance, requests, deductions and
 * cards. Another employer's employee (or no such id) is 404.
 */
export async function getEmployeeDetails(employer: User, employeeId: number) {
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
      unpaidDeductions: sql<string>`coalesce((select sum(${payrollDeductions.amount}) from ${payrollDeductions} join ${advanceRequests} on ${advanceRequests.id} = ${payrollDeductions.requestId} where ${advanceRequests.employeeId} = ${employees.id} and ${payrollDeductions.isPaid} = false), 0)::numeric(14,2)::text`,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(eq(employees.id, employeeId), eq(employees.employerId, employer.id)),
    );
  if (!profile) throw notFound(EMPLOYEE_NOT_FOUND);

  const [requests, deductions, cards] = await Promise.all([
    db()
      .select(requestColumns)
      .from(advanceRequests)
      .where(eq(advanceRequests.employeeId, employeeId))
      .orderBy(desc(advanceRequests.requestDate), desc(advanceRequests.id)),
    db()
      .select({
        id: payrollDeductions.id,
        requestId: payrollDeductions.requestId,
        amount: payrollDeductions.amount,
        deductionDate: payrollDeductions.deductionDate,
        isPaid: payrollDeductions.isPaid,
        paymentDate: payrollDeductions.paymentDate,
      })
      .from(payrollDeductions)
      .innerJoin(
        advanceRequests,
        eq(advanceRequests.id, payrollDeductions.requestId),
      )
      .where(eq(advanceRequests.employeeId, employeeId))
      .orderBy(asc(payrollDeductions.deductionDate), asc(payrollDeductions.id)),
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
      .orderBy(desc(virtualCards.createdAt), desc(virtualCards.id)),
  ]);

  return {
    employee: { ...profile, pendingDeductions: profile.usedBalance },
    requests: requests.map(toPublicAdvance),
    deductions,
    cards,
  };
}
export type EmployeeDetails = Awaited<ReturnType<typeof getEmployeeDetails>>;
