import { asc, count, eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  companies,
  employees,
  payrollDeductions,
  userMfa,
  users,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { db, queryRows } from "~/utils/db.server";
import { isoDay } from "~/utils/pay-schedule";
import { refreshAvailable } from "~/models/ledger/index.server";

/** Rows read and written directly: what a test sets up around an action and checks after it. */

/** The employees row of an employee user. */
export async function employeeOf(user: User) {
  const [row] = await db()
    .select()
    .from(employees)
    .where(eq(employees.userId, user.id));
  if (!row) throw new Error(`user ${user.id} has no employees row`);
  return row;
}

/**
 * Sets an employee's available balance and pay cycle end directly. A pay cycle end is the
 * company's next pay date (the schedule's anchor): it moves the company's too.
 */
export async function setEmployee(
  user: User,
  values: { availableBalance?: string; payCycleEndDate?: Date | null },
) {
  await db().update(employees).set(values).where(eq(employees.userId, user.id));
  if (values.payCycleEndDate)
    await db().execute(
      sql`update companies set next_pay_date = ${isoDay(values.payCycleEndDate)}::date
          where id = (select employer_id from employees where user_id = ${user.id})`,
    );
}

export async function balanceOf(user: User): Promise<string> {
  return (await employeeOf(user)).availableBalance;
}

/** The factories always give a department; the spec's "N/A" case needs none. */
export async function clearDepartment(user: User) {
  await db()
    .update(users)
    .set({ department: null })
    .where(eq(users.id, user.id));
}

/** The TOTP secret of a user's two-factor sign-in. */
export async function mfaSecretOf(userId: number) {
  const [row] = await db()
    .select()
    .from(userMfa)
    .where(eq(userMfa.userId, userId));
  return row.secret;
}

/** The company an employer-side user works for (its id). */
export function companyIdOf(employer: User): number {
  if (employer.companyId === null)
    throw new Error(`user ${employer.id} has no company`);
  return employer.companyId;
}

/** Sets the employer's auto-approval limit (company settings). */
export async function setApprovalLimit(employer: User, limit: string) {
  await db()
    .update(companies)
    .set({ approvalLimit: limit })
    .where(eq(companies.id, companyIdOf(employer)));
}

export async function requestRow(id: number) {
  const [row] = await db()
    .select()
    .from(advanceRequests)
    .where(eq(advanceRequests.id, id));
  return row;
}

export async function countRequests(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(advanceRequests);
  return Number(row.n);
}

export async function requestsOf(user: User): Promise<AdvanceRequest[]> {
  return db()
    .select({ r: advanceRequests })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(employees.userId, user.id))
    .then((rows) => rows.map((row) => row.r));
}

/** A request's payroll deductions, in date order. */
export async function deductionsOf(requestId: number) {
  return db()
    .select()
    .from(payrollDeductions)
    .where(eq(payrollDeductions.requestId, requestId))
    .orderBy(asc(payrollDeductions.deductionDate), asc(payrollDeductions.id));
}

/**
 * Many employees at once, written directly (no password hashing: they never sign in), for
 * search and pagination tests. Names are "<prefix> 01" … in order.
 */
export async function insertEmployees(
  employer: User,
  count: number,
  prefix = "Worker",
) {
  const rows = await db()
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => {
        const n = String(i + 1).padStart(2, "0");
        return {
          username: `${prefix.toLowerCase()}_${n}_${employer.id}`,
          password: "not-a-hash",
          firstName: prefix,
          lastName: n,
          email: `${prefix.toLowerCase()}${n}@example.com`,
          role: "EMPLOYEE" as const,
          department: "Warehouse",
          companyId: employer.companyId,
        };
      }),
    )
    .returning();
  await db()
    .insert(employees)
    .values(
      rows.map((u) => ({
        userId: u.id,
        companyId: employer.companyId,
        availableBalance: "500.00",
      })),
    );
  return rows;
}

/** The column names of a table. */
export async function columnsOf(table: string): Promise<string[]> {
  const rows = await queryRows<{ column_name: string }>(
    db(),
    sql`select column_name from information_schema.columns where table_name = ${table}`,
  );
  return rows.map((r) => r.column_name);
}

const COUNTED_TABLES = [
  "users",
  "employees",
  "advance_requests",
  "payroll_deductions",
  "virtual_cards",
  "companies",
  "invitations",
] as const;

/** Row counts of the tables that hold the product's data, in one query. */
export async function rowCounts(): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(
    db(),
    sql.raw(
      `select ${COUNTED_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(", ")}`,
    ),
  );
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, Number(v)]),
  );
}

/**
 * A digest of every value a business action may change (requests, balances, deductions,
 * cards, users, settings): equal before and after means nothing changed. Sign-in failures
 * (login_attempts) are left out: counting a refused sign-in is the point of them.
 */
export async function stateDigest(): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db(),
    sql`select md5(concat_ws('#',
      (select string_agg(concat_ws('|', id, employee_id, amount, reason, status, repayment_periods,
         approval_date, rejection_date, rejection_reason, approved_by_id, payment_intent_id, paid_at,
         cancelled_at, cancellation_reason, authorized_amount, captured_amount, released_amount),
         ',' order by id) from advance_requests),
      (select string_agg(concat_ws('|', id, user_id, employer_id, available_balance, pay_cycle_end_date),
         ',' order by id) from employees),
      (select string_agg(concat_ws('|', id, request_id, amount, deduction_date, is_paid, payment_date,
         payment_reference), ',' order by id) from payroll_deductions),
      (select string_agg(concat_ws('|', id, request_id, provider_card_id, card_number, amount, status,
         spending_limits, deactivated_at), ',' order by id) from virtual_cards),
      (select string_agg(concat_ws('|', id, card_id, amount, approved, reason, status),
         ',' order by id) from card_authorizations),
      (select string_agg(concat_ws('|', id, username, password, first_name, last_name, email, role,
         company_name, department, max_advance_limit, employer_id, company_role,
         password_set_by_employer), ',' order by id) from users),
      (select string_agg(concat_ws('|', id, company_name, contact_email, contact_phone,
         max_advance, approval_limit, processing_fee, notify_new_requests, notify_monthly_reports,
         notify_system_updates), ',' order by id) from companies),
      (select string_agg(concat_ws('|', id, company_id, kind, email, status, token_hash,
         expires_at, accepted_user_id, revoked_at), ',' order by id) from invitations)
    )) as digest`,
  );
  return row.digest;
}

/**
 * Gives an employee their whole max advance back for the next step of a test: their approved,
 * unpaid requests are cancelled (the reservations released) and the balance recomputed. The
 * balance is derived (max advance − reserved − owed), so a test frees it this way, not by
 * writing a figure.
 */
export async function releaseReservations(user: User) {
  const employee = await employeeOf(user);
  await db().transaction(async (tx) => {
    await tx.execute(
      sql`update advance_requests set status = 'CANCELLED', cancelled_at = now(),
            cancellation_reason = 'Released between test steps'
          where employee_id = ${employee.id} and status = 'APPROVED' and paid_at is null
            and not exists (select 1 from virtual_cards v where v.request_id = advance_requests.id)`,
    );
    await refreshAvailable(tx, { employeeIds: [employee.id] });
  });
}
