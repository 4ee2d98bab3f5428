import { eq, sql } from "drizzle-orm";
import { employees, type User } from "#db/schema";
import { db, type Executor } from "~/utils/db.server";
import { badRequest, fieldErrors, forbidden } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import { netPaySchema } from "~/validation/profile";

// An employee's usual net pay of one paycheck: entered by the employee on
// Profile, or read from a pay statement by the payroll connection. One record per employee
// (employees.net_pay, its source and as of when): the latest wins, so a pay statement older
// than what the employee entered does not replace it, and the reverse.

export type NetPaySource = "employee" | "payroll";
export type NetPay = { cents: number; source: NetPaySource; asOf: Date };

const NOT_AN_EMPLOYEE_NET_PAY = "Only employees enter their net pay.";

/** The latest known net pay of an employee, or null. What the request rules read. */
export async function latestNetPay(
  executor: Executor,
  employeeId: number,
): Promise<NetPay | null> {
  const [row] = await executor
    .select({
      netPay: employees.netPay,
      source: employees.netPaySource,
      asOf: employees.netPayAsOf,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!row?.netPay || !row.source || !row.asOf) return null;
  return { cents: toCents(row.netPay), source: row.source, asOf: row.asOf };
}

/**
 * Records a net pay as of `asOf` unless a later one is known; null clears it (the employee's
 * own entry only). The payroll connection calls this with each pay statement's net pay and
 * date. Returns whether it was stored.
 */
export async function recordNetPay(
  executor: Executor,
  employeeId: number,
  value: { cents: number; source: NetPaySource; asOf: Date } | null,
): Promise<boolean> {
  if (value === null) {
    const cleared = await executor
      .update(employees)
      .set({ netPay: null, netPaySource: null, netPayAsOf: null })
      .where(eq(employees.id, employeeId))
      .returning({ id: employees.id });
    return cleared.length > 0;
  }
  if (!Number.isInteger(value.cents) || value.cents <= 0)
    throw badRequest("Net pay must be more than $0.00");
  const stored = await executor
    .update(employees)
    .set({
      netPay: fromCents(value.cents),
      netPaySource: value.source,
      netPayAsOf: value.asOf,
    })
    .where(
      sql`${employees.id} = ${employeeId} and (${employees.netPayAsOf} is null or ${employees.netPayAsOf} <= ${value.asOf.toISOString()}::timestamptz)`,
    )
    .returning({ id: employees.id });
  return stored.length > 0;
}

/** Profile: the employee enters (or, empty, clears) their usual net pay. */
export async function setOwnNetPay(
  user: User,
  raw: { netPay?: string | null },
  now: Date = new Date(),
): Promise<NetPay | null> {
  if (user.role !== "EMPLOYEE") throw forbidden(NOT_AN_EMPLOYEE_NET_PAY);
  const parsed = netPaySchema.safeParse({ netPay: raw.netPay ?? undefined });
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0]?.message ?? "Invalid net pay",
      fieldErrors(parsed.error),
    );
  const [employee] = await db()
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, user.id));
  if (!employee) throw badRequest(NOT_AN_EMPLOYEE_NET_PAY);
  const text = parsed.data.netPay;
  if (text === "") {
    await recordNetPay(db(), employee.id, null);
    return null;
  }
  const value = {
    cents: toCents(text),
    source: "employee" as const,
    asOf: now,
  };
  await recordNetPay(db(), employee.id, value);
  return value;
}
