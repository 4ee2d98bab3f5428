import {
  and,
  asc,
  desc,
  eq,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import {
  advanceRequests,
  employees,
  payrollDeductions,
  users,
  virtualCards,
  type User,
} from "../../db/schema";
import { db, queryRows } from "~/utils/db.server";
import { toPublicAdvance, type PublicAdvance } from "./advance.server";
import { notFound } from "~/utils/errors";
import {
  EMPLOYEE_NOT_FOUND,
  EMPLOYEES_PAGE_SIZE,
  parseId,
  type EmployeesSearch,
} from "~/validation/employer";
import type { PageRequest, Paged } from "~/validation/pagination";

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
  cancelledAt: advanceRequests.cancelledAt,
  cancellationReason: advanceRequests.cancellationReason,
  authorizedAmount: advanceRequests.authorizedAmount,
  capturedAmount: advanceRequests.capturedAmount,
  releasedAmount: advanceRequests.releasedAmount,
};

/**
 * Sum of the employee's APPROVED request amounts as "0.00": both the used balance and the
 * pending deductions of SPEC §9 (see docs/decisions/0401-employer-figures-and-employee-list.md).
 */
const approvedSum = sql<string>`coalesce((select sum(${advanceRequests.amount}) from ${advanceRequests} where ${advanceRequests.employeeId} = ${employees.id} and ${advanceRequests.status} = 'APPROVED'), 0)::numeric(14,2)::text`;

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
  and(eq(users.employerId, employerId), eq(employees.employerId, employerId));

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
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(and(ofEmployer(employerId), where))
    .orderBy(...directoryOrder)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, pendingDeductions: row.usedBalance }));
}

/** The first `limit` employees in directory order (the employer dashboard's five). */
export function firstEmployees(
  employer: User,
  limit: number,
): Promise<EmployeeListRow[]> {
  return selectEmployees(employer.id, undefined, limit, 0);
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
  const counts = where
    ? await Promise.all([
        countEmployees(employer.id),
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .innerJoin(employees, eq(employees.userId, users.id))
          .where(and(ofEmployer(employer.id), where)),
      ]).then(([total, [row]]) => ({ total, matching: row.n }))
    : await countEmployees(employer.id).then((n) => ({
        total: n,
        matching: n,
      }));
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

/** GET /api/employees: SPEC §3's employee list fields, one page in directory order. */
export async function listEmployeesForApi(
  employer: User,
  { page, pageSize }: PageRequest,
): Promise<Paged<EmployeeApiRow>> {
  const [total, rows] = await Promise.all([
    countEmployees(employer.id),
    db()
      .select({
        id: employees.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        department: users.department,
        availableBalance: employees.availableBalance,
      })
      .from(users)
      .innerJoin(employees, eq(employees.userId, users.id))
      .where(ofEmployer(employer.id))
      .orderBy(...directoryOrder)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: rows, total, page, pageSize };
}

export type EmployeeApiRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  availableBalance: string;
};

export type PendingRequest = PublicAdvance & {
  employee: {
    firstName: string;
    lastName: string;
    department: string | null;
    availableBalance: string;
  };
};

const pendingOf = (employerId: number) =>
  and(
    eq(employees.employerId, employerId),
    eq(advanceRequests.status, "PENDING"),
  );

/**
 * Pending requests with their employee embedded, the longest-waiting first: `limit` of them
 * from `offset` (the dashboard's first 3, a page of /approvals or of the API).
 */
export async function listPendingRequests(
  employer: User,
  limit: number,
  offset = 0,
): Promise<PendingRequest[]> {
  const rows = await db()
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
    .where(pendingOf(employer.id))
    .orderBy(asc(advanceRequests.requestDate), asc(advanceRequests.id))
    .limit(limit)
    .offset(offset);
  return rows.map(pendingRequestJson);
}

function pendingRequestJson(
  row: Parameters<typeof toPublicAdvance>[0] & {
    firstName: string;
    lastName: string;
    department: string | null;
    availableBalance: string;
  },
): PendingRequest {
  return {
    ...toPublicAdvance(row),
    employee: {
      firstName: row.firstName,
      lastName: row.lastName,
      department: row.department,
      availableBalance: row.availableBalance,
    },
  };
}

/** How many requests of the employer's employees wait for a decision (partial index). */
export async function countPendingRequests(employer: User): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(pendingOf(employer.id));
  return row.n;
}

/** One pending request of this employer's (the decline dialog), else null. */
export async function getPendingRequest(
  employer: User,
  requestId: number,
): Promise<PendingRequest | null> {
  const [row] = await db()
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
    .where(and(eq(advanceRequests.id, requestId), pendingOf(employer.id)));
  return row ? pendingRequestJson(row) : null;
}

/** A page of the pending requests and their count. */
export async function pagePendingRequests(
  employer: User,
  { page, pageSize }: PageRequest,
): Promise<Paged<PendingRequest>> {
  const [total, items] = await Promise.all([
    countPendingRequests(employer),
    listPendingRequests(employer, pageSize, (page - 1) * pageSize),
  ]);
  return { items, total, page, pageSize };
}

/** Rows per query when a list is streamed. */
export const STREAM_CHUNK = 2000;

/** A timestamp as JSON exactly as `Date.prototype.toISOString` writes it (milliseconds, UTC). */
const isoJson = (column: SQL | AnyColumn) =>
  sql`coalesce('"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
/** A nullable text or integer column as JSON (to_json escapes exactly as JSON.stringify). */
const valueJson = (column: SQL | AnyColumn) =>
  sql`coalesce(to_json(${column})::text, 'null')`;

/** A nullable money column as a JSON string ("300.00") or null. */
const moneyJson = (column: SQL | AnyColumn) =>
  sql`coalesce(to_json(${column}::text)::text, 'null')`;

/**
 * The JSON text of a request in its public shape (PublicAdvance: same keys, same order, same
 * bytes as JSON.stringify(toPublicAdvance(row))), built by the database: the server hands the
 * text on without creating an object, a Date or a string per field.
 */
const r = advanceRequests;
const publicAdvanceJson = sql`'{"id":' || ${r.id} || ',"employeeId":' || ${r.employeeId}
  || ',"amount":"' || ${r.amount}::text || '","reason":' || ${valueJson(r.reason)}
  || ',"status":' || to_json(${r.status})::text || ',"repaymentPeriods":' || ${r.repaymentPeriods}
  || ',"requestDate":' || ${isoJson(r.requestDate)} || ',"approvalDate":' || ${isoJson(r.approvalDate)}
  || ',"rejectionDate":' || ${isoJson(r.rejectionDate)} || ',"rejectionReason":' || ${valueJson(r.rejectionReason)}
  || ',"approvedById":' || ${valueJson(r.approvedById)}
  || ',"cancelledAt":' || ${isoJson(r.cancelledAt)} || ',"cancellationReason":' || ${valueJson(r.cancellationReason)}
  || ',"authorizedAmount":' || ${moneyJson(r.authorizedAmount)} || ',"capturedAmount":' || ${moneyJson(r.capturedAmount)}
  || ',"releasedAmount":' || ${moneyJson(r.releasedAmount)} || '}'`;
/** GET /api/employer/advance-requests: the fields the reports read. */
const summaryJson = sql`'{"id":' || ${r.id} || ',"status":' || to_json(${r.status})::text
  || ',"amount":"' || ${r.amount}::text || '","requestDate":' || ${isoJson(r.requestDate)} || '}'`;

/**
 * Every request of the employer's employees, newest first, as JSON text in chunks of
 * STREAM_CHUNK rows read by keyset (request date, id). Each chunk is one query answering one
 * row: the chunk's elements already joined by commas (string_agg), and the keyset of its last
 * row. So the whole list is never held in memory, each query stays small, and the server does
 * no work per row. Rows are read outside one transaction: a request decided while the list
 * streams shows whichever status its chunk saw.
 */
type ChunkRow = {
  body: string | null;
  rows: number;
  lastAt: string | null;
  lastId: number | null;
};

async function* streamRequestsJson(
  employer: User,
  element: SQL,
): AsyncGenerator<string> {
  // The cursor keeps the database's microseconds (a JS Date would round them away).
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`and (${r.requestDate}, ${r.id}) < (${cursor.at}::timestamptz, ${cursor.id}::int)`
      : undefined;
    const [chunk]: ChunkRow[] = await queryRows<ChunkRow>(
      db(),
      sql`with c as (
            select ${element} as j, ${r.requestDate} as at, ${r.id} as id
            from ${r}
            join ${employees} on ${employees.id} = ${r.employeeId}
            where ${employees.employerId} = ${employer.id} ${after ?? sql``}
            order by ${r.requestDate} desc, ${r.id} desc
            limit ${STREAM_CHUNK}
          )
          select string_agg(c.j, ',' order by c.at desc, c.id desc) as body,
                 count(*)::int as rows,
                 (array_agg(c.at::text order by c.at, c.id))[1] as "lastAt",
                 (array_agg(c.id order by c.at, c.id))[1] as "lastId"
          from c`,
    );
    const rows = Number(chunk?.rows ?? 0);
    if (rows && chunk.body) yield chunk.body;
    if (rows < STREAM_CHUNK || !chunk.lastAt) return;
    cursor = { at: chunk.lastAt, id: Number(chunk.lastId) };
  }
}

/** GET /api/advance-requests/all: every request of the employer's employees, newest first. */
export function streamAllRequests(employer: User): AsyncGenerator<string> {
  return streamRequestsJson(employer, publicAdvanceJson);
}

/** GET /api/employer/advance-requests: the fields the reports read, streamed likewise. */
export function streamEmployerRequestSummaries(
  employer: User,
): AsyncGenerator<string> {
  return streamRequestsJson(employer, summaryJson);
}

/** Rows per list on /employees/:id: the newest, which is what an employer looks at. */
export const DETAILS_LIMIT = 100;

/**
 * /employees/:id — one employee of this employer with their balance, requests, deductions and
 * cards. Another employer's employee (or no such id) is 404.
 */
export async function getEmployeeDetails(
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
      unpaidDeductions: sql<string>`coalesce((select sum(${payrollDeductions.amount}) from ${payrollDeductions} join ${advanceRequests} on ${advanceRequests.id} = ${payrollDeductions.requestId} where ${advanceRequests.employeeId} = ${employees.id} and ${payrollDeductions.isPaid} = false), 0)::numeric(14,2)::text`,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(eq(employees.id, employeeId), eq(employees.employerId, employer.id)),
    );
  if (!profile) throw notFound(EMPLOYEE_NOT_FOUND);

  // Each list is capped (newest first): one more row than shown tells the page it was cut.
  const [requests, deductions, cards] = await Promise.all([
    db()
      .select(requestColumns)
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

  return {
    employee: { ...profile, pendingDeductions: profile.usedBalance },
    requests: requests.slice(0, DETAILS_LIMIT).map(toPublicAdvance),
    // The newest DETAILS_LIMIT, shown in schedule order (earliest first).
    deductions: deductions.slice(0, DETAILS_LIMIT).reverse(),
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
export type EmployeeDetails = Awaited<ReturnType<typeof getEmployeeDetails>>;
