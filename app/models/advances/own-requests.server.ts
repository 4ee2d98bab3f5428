import { desc, eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { db } from "~/utils/db.server";

// ---------------------------------------------------------------------------------------------
// The employee's own reads. Every one joins through employees.user_id, so a caller only ever
// sees their own rows, and each is one SQL query over the indexed foreign keys.

/**
 * The employee's requests, newest first: all of them, or `limit` from `offset` (a page of
 * /history, the dashboard's newest 4).
 */
export async function listOwnRequests(
  user: User,
  limit?: number,
  offset = 0,
): Promise<AdvanceRequest[]> {
  const query = db()
    .select({ request: advanceRequests })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(employees.userId, user.id))
    .orderBy(desc(advanceRequests.requestDate), desc(advanceRequests.id));
  const rows = await (limit ? query.limit(limit).offset(offset) : query);
  return rows.map((r) => r.request);
}

/** How many requests the employee has made (index-only on advance_requests_employee_id_idx). */
export async function countOwnRequests(user: User): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(employees.userId, user.id));
  return row.n;
}
