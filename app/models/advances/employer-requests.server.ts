import { and, asc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { approvalBlockedReason } from "~/utils/rules";
import { toCents } from "~/utils/money";
import { advanceRequests, employees, users, type User } from "#db/schema";
import { db, queryRows } from "~/utils/db.server";
import {
  pageOffset,
  readPage,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import { toPublicAdvance, type PublicAdvance } from "./advance.server";
import { companyFor } from "~/utils/company-access.server";
import { notFound } from "~/utils/errors";
import { REQUEST_NOT_FOUND } from "~/validation/employer";

// The employer's advance requests (SPEC §2 Approve Requests; §7 employer endpoints): the queue
// of pending requests with their employee, and every request of the company streamed as JSON.
// Every list is scoped to the employer's own employees.

/** The columns of a request in its public shape (PublicAdvance, via toPublicAdvance). */
export const publicAdvanceColumns = {
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
  termsVersion: advanceRequests.termsVersion,
  termsAcceptedAt: advanceRequests.termsAcceptedAt,
};

/**
 * One request as GET /api/advance-requests/{id} answers it: a request of an employee of the
 * caller's company (employer side), or the caller's own (employee); any other is 404.
 */
export async function getAdvanceRequest(
  actor: User,
  id: number,
): Promise<PublicAdvance> {
  const whose =
    actor.role === "EMPLOYER"
      ? eq(employees.companyId, companyFor(actor))
      : eq(employees.userId, actor.id);
  const [row] = await db()
    .select(publicAdvanceColumns)
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(and(eq(advanceRequests.id, id), whose));
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return toPublicAdvance(row);
}

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
    eq(employees.companyId, employerId),
    eq(advanceRequests.status, "PENDING"),
  );

/** A pending request's row as the approvals list shows it: the request, its employee, balance. */
const pendingRows = () =>
  db()
    .select({
      ...publicAdvanceColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      department: users.department,
      availableBalance: employees.availableBalance,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .innerJoin(users, eq(users.id, employees.userId));

/**
 * Pending requests with their employee embedded, the longest-waiting first: `limit` of them
 * from `offset` (the dashboard's first 3, a page of /approvals or of the API).
 */
export async function listPendingRequests(
  employer: User,
  limit: number,
  offset = 0,
): Promise<PendingRequest[]> {
  const rows = await pendingRows()
    .where(pendingOf(companyFor(employer)))
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
async function countPendingRequests(employer: User): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(pendingOf(companyFor(employer)));
  return row.n;
}

/** One pending request of this employer's (the decline dialog), else null. */
export async function getPendingRequest(
  employer: User,
  requestId: number,
): Promise<PendingRequest | null> {
  const [row] = await pendingRows().where(
    and(eq(advanceRequests.id, requestId), pendingOf(companyFor(employer))),
  );
  return row ? pendingRequestJson(row) : null;
}

/**
 * A page of the pending requests and their count: /approvals (`clamp`: a page past the end is
 * the last one) and GET /api/advance-requests/pending.
 */
export async function pagePendingRequests(
  employer: User,
  page: PageRequest,
  { clamp = false }: { clamp?: boolean } = {},
): Promise<Paged<PendingRequest> & { pageCount: number }> {
  return readPage(
    page,
    () => countPendingRequests(employer),
    (limit, offset) => listPendingRequests(employer, limit, offset),
    { clamp },
  );
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
/** The fields of publicAdvanceJson without its closing brace (to add fields after them). */
const publicAdvanceFields = sql`'{"id":' || ${r.id} || ',"employeeId":' || ${r.employeeId}
  || ',"amount":"' || ${r.amount}::text || '","reason":' || ${valueJson(r.reason)}
  || ',"status":' || to_json(${r.status})::text || ',"repaymentPeriods":' || ${r.repaymentPeriods}
  || ',"requestDate":' || ${isoJson(r.requestDate)} || ',"approvalDate":' || ${isoJson(r.approvalDate)}
  || ',"rejectionDate":' || ${isoJson(r.rejectionDate)} || ',"rejectionReason":' || ${valueJson(r.rejectionReason)}
  || ',"approvedById":' || ${valueJson(r.approvedById)}
  || ',"cancelledAt":' || ${isoJson(r.cancelledAt)} || ',"cancellationReason":' || ${valueJson(r.cancellationReason)}
  || ',"authorizedAmount":' || ${moneyJson(r.authorizedAmount)} || ',"capturedAmount":' || ${moneyJson(r.capturedAmount)}
  || ',"releasedAmount":' || ${moneyJson(r.releasedAmount)}
  || ',"termsVersion":' || ${valueJson(r.termsVersion)} || ',"termsAcceptedAt":' || ${isoJson(r.termsAcceptedAt)}`;
const publicAdvanceJson = sql`${publicAdvanceFields} || '}'`;
/** A pending request with its employee (PendingRequest), as JSON.stringify writes it. */
const pendingRequestJsonText = sql`${publicAdvanceFields}
  || ',"employee":{"firstName":' || to_json(${users.firstName})::text
  || ',"lastName":' || to_json(${users.lastName})::text
  || ',"department":' || ${valueJson(users.department)}
  || ',"availableBalance":"' || ${employees.availableBalance}::text || '"}}'`;

/**
 * A page of the pending requests as the API answers it (GET /api/advance-requests/pending), in
 * one statement: the list's size and the page's JSON text (the elements joined by commas, the
 * same bytes as JSON.stringify of pagePendingRequests' items), built by the database, so the
 * server creates no object per row and waits on one round trip.
 */
export async function pagePendingRequestsJson(
  employer: User,
  request: PageRequest,
): Promise<{
  total: number;
  page: number;
  pageSize: number;
  offset?: number;
  body: string;
}> {
  const { page, pageSize, offset } = request;
  const companyId = companyFor(employer);
  const [row] = await queryRows<{ total: number; body: string | null }>(
    db(),
    sql`select
          (select count(*)::int from ${r} join ${employees} on ${employees.id} = ${r.employeeId}
            where ${pendingOf(companyId)}) as total,
          (select string_agg(p.j, ',' order by p.at, p.id) from (
            select ${pendingRequestJsonText} as j, ${r.requestDate} as at, ${r.id} as id
            from ${r} join ${employees} on ${employees.id} = ${r.employeeId}
            join ${users} on ${users.id} = ${employees.userId}
            where ${pendingOf(companyId)}
            order by ${r.requestDate}, ${r.id}
            limit ${pageSize} offset ${pageOffset(request)}) p) as body`,
  );
  return {
    total: Number(row?.total ?? 0),
    page,
    pageSize,
    ...(offset === undefined ? {} : { offset }),
    body: `[${row?.body ?? ""}]`,
  };
}
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
            where ${employees.companyId} = ${companyFor(employer)} ${after ?? sql``}
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

/**
 * A page of every request of the employer's employees, newest first, in the same JSON text as
 * the streamed list (`element`), read in one statement like pagePendingRequestsJson.
 */
async function pageRequestsJson(
  employer: User,
  element: SQL,
  request: PageRequest,
): Promise<PageRequest & { total: number; body: string }> {
  const companyId = companyFor(employer);
  const [row] = await queryRows<{ total: number; body: string | null }>(
    db(),
    sql`select
          (select count(*)::int from ${r} join ${employees} on ${employees.id} = ${r.employeeId}
            where ${employees.companyId} = ${companyId}) as total,
          (select string_agg(p.j, ',' order by p.at desc, p.id desc) from (
            select ${element} as j, ${r.requestDate} as at, ${r.id} as id
            from ${r} join ${employees} on ${employees.id} = ${r.employeeId}
            where ${employees.companyId} = ${companyId}
            order by ${r.requestDate} desc, ${r.id} desc
            limit ${request.pageSize} offset ${pageOffset(request)}) p) as body`,
  );
  return {
    ...request,
    total: Number(row?.total ?? 0),
    body: `[${row?.body ?? ""}]`,
  };
}

/** GET /api/advance-requests/all?cursor=…: a page of it, as the stream writes each request. */
export function pageAllRequestsJson(employer: User, request: PageRequest) {
  return pageRequestsJson(employer, publicAdvanceJson, request);
}

/** GET /api/employer/advance-requests?cursor=…: a page of the fields the reports read. */
export function pageEmployerRequestSummariesJson(
  employer: User,
  request: PageRequest,
) {
  return pageRequestsJson(employer, summaryJson, request);
}

/** A pending request with why Approve is not offered for it (null when it is). */
export type ApprovablePending = PendingRequest & {
  blockedReason: string | null;
};

/**
 * Adds to each pending request why Approve is not offered: the employee's available balance
 * no longer covers the amount (the rule approving enforces). Computed here, so the pages'
 * JavaScript carries only the resulting text.
 */
export function withApprovalCheck(
  requests: PendingRequest[],
): ApprovablePending[] {
  return requests.map((r) => ({
    ...r,
    blockedReason: approvalBlockedReason(
      toCents(r.amount),
      toCents(r.employee.availableBalance),
    ),
  }));
}
