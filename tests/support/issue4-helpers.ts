import { markCarded } from "#tests/support/data";
import { asc, eq } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  payrollDeductions,
  users,
  virtualCards,
  type User,
} from "#db/schema";
import { AppError } from "~/utils/errors";
import { db } from "~/utils/db.server";
import { readToast } from "~/web/toast.server";
import { employeeOf } from "./data";

/** Test helpers of the employer-experience issue (approvals, employees, dashboard). */

export async function setEmployee(
  user: User,
  values: { availableBalance?: string; payCycleEndDate?: Date | null },
) {
  const employee = await employeeOf(user);
  await db().update(employees).set(values).where(eq(employees.id, employee.id));
}

/** The factories always give a department; the spec's "N/A" case needs none. */
export async function clearDepartment(user: User) {
  await db()
    .update(users)
    .set({ department: null })
    .where(eq(users.id, user.id));
}

export async function requestRow(id: number) {
  const [row] = await db()
    .select()
    .from(advanceRequests)
    .where(eq(advanceRequests.id, id));
  return row;
}

export async function deductionsOf(requestId: number) {
  return db()
    .select()
    .from(payrollDeductions)
    .where(eq(payrollDeductions.requestId, requestId))
    .orderBy(asc(payrollDeductions.deductionDate), asc(payrollDeductions.id));
}

export async function balanceOf(user: User): Promise<string> {
  return (await employeeOf(user)).availableBalance;
}

/** A card row for a request, as the card issue would write it. */
export async function insertCard(requestId: number, amount: string) {
  const [card] = await db()
    .insert(virtualCards)
    .values({
      requestId,
      providerCardId: `ic_test_${requestId}_${Date.now()}`,
      cardNumber: "•••• •••• •••• 4242",
      expiryMonth: 12,
      expiryYear: 2030,
      amount,
      spendingLimits: JSON.stringify({ restrictions: "Grocery stores only" }),
    })
    .returning();
  await markCarded(requestId);
  return card;
}

/** The AppError a promise rejected with (fails the test when it resolved). */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected the call to fail with an AppError");
}

/** Whole days from `from` to `to` (rounded, so DST shifts do not matter). */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 86_400_000);
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
          employerId: employer.id,
        };
      }),
    )
    .returning();
  await db()
    .insert(employees)
    .values(
      rows.map((u) => ({
        userId: u.id,
        employerId: employer.id,
        availableBalance: "500.00",
      })),
    );
  return rows;
}

/** The flash toast a redirect response set, as the next page's root loader would read it. */
export async function flashToastOf(response: Response) {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  const pair = setCookie
    .split(/,(?=\s*[\w-]+=)/)
    .map((c) => c.trim().split(";")[0])
    .find((c) => c.startsWith("toast="));
  if (!pair) return null;
  const { toast } = await readToast(
    new Request("http://localhost/", { headers: { Cookie: pair } }),
  );
  return toast;
}
