import { asc, eq } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  payrollDeductions,
  virtualCards,
  type User,
} from "#db/schema";
import { AppError } from "~/utils/errors";
import { db } from "~/utils/db.server";
import { employeeOf } from "./data";

/** Test helpers of the employer-experience issue (approvals, employees, dashboard). */

export async function setEmployee(
  user: User,
  values: { availableBalance?: string; payCycleEndDate?: Date | null },
) {
  const employee = await employeeOf(user);
  await db().update(employees).set(values).where(eq(employees.id, employee.id));
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
