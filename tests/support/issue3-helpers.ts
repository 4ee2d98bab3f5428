import { markCarded } from "#tests/support/data";
import crypto from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import {
  advanceRequests,
  companySettings,
  employees,
  payrollDeductions,
  virtualCards,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { db } from "~/utils/db.server";
import { readToast } from "~/web/toast.server";

/** Sets the employer's auto-approval limit (company settings). */
export async function setApprovalLimit(employer: User, limit: string) {
  await db()
    .update(companySettings)
    .set({ approvalLimit: limit })
    .where(eq(companySettings.employerId, employer.id));
}

/** Sets an employee's available balance and pay cycle end directly. */
export async function setEmployee(
  user: User,
  values: { availableBalance?: string; payCycleEndDate?: Date | null },
) {
  await db().update(employees).set(values).where(eq(employees.userId, user.id));
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

export async function deductionsOf(requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db()
    .select()
    .from(payrollDeductions)
    .where(inArray(payrollDeductions.requestId, requestIds))
    .orderBy(payrollDeductions.deductionDate, payrollDeductions.id);
}

/** A card for an approved request, as the card-issuing step would store it (masked). */
export async function insertCard(
  request: AdvanceRequest,
  overrides: Partial<{
    status: string;
    spendingLimits: string;
    expiryMonth: number;
    expiryYear: number;
    createdAt: Date;
  }> = {},
) {
  const [card] = await db()
    .insert(virtualCards)
    .values({
      requestId: request.id,
      providerCardId: `ic_test_${crypto.randomBytes(6).toString("hex")}`,
      cardNumber: "•••• •••• •••• 4242",
      expiryMonth: overrides.expiryMonth ?? 3,
      expiryYear: overrides.expiryYear ?? 2029,
      amount: request.amount,
      status: overrides.status ?? "active",
      spendingLimits:
        overrides.spendingLimits ??
        JSON.stringify({
          restrictions: "Grocery stores only",
          allowedCategories: ["grocery_stores_supermarkets"],
        }),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  await markCarded(request.id);
  return card;
}

/** The flash toast a redirect response carries (title and description). */
export async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const pair = cookie
    .split(/,(?=\s*\w+=)/)
    .map((part) => part.split(";")[0].trim())
    .find((part) => part.startsWith("toast="));
  if (!pair) return null;
  const { toast } = await readToast(
    new Request("http://localhost/", { headers: { Cookie: pair } }),
  );
  return toast;
}
