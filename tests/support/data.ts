import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  companies,
  employees,
  payrollDeductions,
  users,
  virtualCards,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { applyApproval } from "~/models/advances/index.server";
import { recordCardFunded } from "~/models/ledger/index.server";
import { completeSandboxCheckout } from "~/models/cards/index.server";
import { runPayroll, collectAllInRun } from "~/models/payroll/index.server";
import { PROCESSING_FEE_CENTS } from "~/utils/calculator";
import { TERMS_VERSION } from "~/utils/rules";
import { db, queryRows } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { deductionSchedule } from "~/utils/schedule";
import { createEmployee, createEmployer } from "./factories";
import { employeeOf } from "./rows";
import { DAY_MS } from "~/utils/pay-schedule";

// Crafted data: advances in any state and at any date, paid and carded ones, cards.

/**
 * Writes a request directly (for crafted data: backdated, any status). An APPROVED one goes
 * through the same approval core as the product, so the balance stays consistent; with
 * `carded`, it is then paid in the sandbox and its card issued (fee captured, deductions
 * scheduled) as the checkout does.
 */
export async function insertAdvance(
  user: User,
  options: {
    amount?: string;
    status?: "PENDING" | "APPROVED" | "DECLINED";
    periods?: number;
    reason?: string | null;
    requestDate?: Date;
    approvalDate?: Date;
    approverId?: number | null;
    rejectionReason?: string;
    carded?: boolean;
  } = {},
): Promise<AdvanceRequest> {
  if (!options.carded) return writeAdvance(user, options);
  if ((options.status ?? "PENDING") !== "APPROVED")
    throw new Error("only an approved advance gets a card");
  // Paid while its approval was fresh (an approval past its pay-by day cannot be paid), then
  // given the dates asked for.
  const request = await writeAdvance(user, {
    ...options,
    requestDate: undefined,
    approvalDate: undefined,
  });
  await payAndIssueCard(user, request);
  const [carded] = await db()
    .update(advanceRequests)
    .set({
      requestDate: options.requestDate ?? request.requestDate,
      approvalDate:
        options.approvalDate ?? options.requestDate ?? request.approvalDate,
    })
    .where(eq(advanceRequests.id, request.id))
    .returning();
  return carded;
}

/** The sandbox checkout of an approved request with the success test card. */
export async function payAndIssueCard(user: User, request: AdvanceRequest) {
  return completeSandboxCheckout(user, {
    amount: request.amount,
    advanceRequestId: request.id,
    card: {
      number: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: "123",
    },
  });
}

async function writeAdvance(
  user: User,
  options: Parameters<typeof insertAdvance>[1] = {},
): Promise<AdvanceRequest> {
  const employee = await employeeOf(user);
  const requestDate = options.requestDate ?? new Date();
  return db().transaction(async (tx) => {
    const [request] = await tx
      .insert(advanceRequests)
      .values({
        employeeId: employee.id,
        amount: options.amount ?? "300.00",
        reason: options.reason ?? null,
        repaymentPeriods: options.periods ?? 1,
        requestDate,
      })
      .returning();
    if (options.status === "APPROVED") {
      return applyApproval(
        tx,
        request.id,
        options.approverId ?? null,
        options.approvalDate ?? requestDate,
      );
    }
    if (options.status === "DECLINED") {
      const [declined] = await tx
        .update(advanceRequests)
        .set({
          status: "DECLINED",
          rejectionDate: options.approvalDate ?? requestDate,
          rejectionReason: options.rejectionReason ?? "Declined by employer",
        })
        .where(eq(advanceRequests.id, request.id))
        .returning();
      return declined;
    }
    return request;
  });
}

/**
 * Crafted data for a card written directly (insertCard): what issuing the card
 * does to its request — paid (the hold), the fee captured and the rest released, and the
 * repayment schedule, dated from the approval as crafted (so backdated data stays coherent).
 */
async function markCarded(requestId: number, cardId: number) {
  const [row] = await db()
    .select({
      request: advanceRequests,
      companyId: employees.companyId,
      frequency: companies.payFrequency,
      nextPayDate: companies.nextPayDate,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .leftJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(advanceRequests.id, requestId));
  if (!row) throw new Error(`no request ${requestId}`);
  const { request } = row;
  const cents = toCents(request.amount);
  const fee = Math.min(PROCESSING_FEE_CENTS, cents);
  const at = request.approvalDate ?? new Date();
  await db()
    .update(advanceRequests)
    .set({
      paidAt: request.paidAt ?? at,
      // Checkout authorized only the fee and the card captured it.
      authorizedAmount: fromCents(fee),
      capturedAmount: fromCents(fee),
      releasedAmount: "0.00",
      termsVersion: request.termsVersion ?? TERMS_VERSION,
      termsAcceptedAt: request.termsAcceptedAt ?? at,
      capturedAt: at,
      cardIssuedAt: at,
    })
    .where(eq(advanceRequests.id, requestId));
  const existing = await db()
    .select({ id: payrollDeductions.id })
    .from(payrollDeductions)
    .where(eq(payrollDeductions.requestId, requestId));
  if (existing.length > 0) return;
  await db().transaction(async (tx) => {
    await tx.insert(payrollDeductions).values(
      deductionSchedule(
        cents,
        request.repaymentPeriods,
        row.frequency && row.nextPayDate
          ? { frequency: row.frequency, nextPayDate: row.nextPayDate }
          : null,
        at,
      ).map((d) => ({
        requestId,
        amount: fromCents(d.amountCents),
        deductionDate: d.date,
      })),
    );
    // The ledger: the card funded with the advance, the fee charged.
    await recordCardFunded(tx, {
      cardId,
      requestId,
      employeeId: request.employeeId,
      companyId: row.companyId,
      amountCents: cents,
      feeCents: fee,
      at,
    });
  });
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
  await markCarded(request.id, card.id);
  return card;
}

/** An employer, one of their employees, and an APPROVED request of that employee. */
/** An approved advance of `user`'s, paid in the sandbox with its card issued (deductions scheduled). */
export function cardedAdvance(user: User, amount: string, periods?: number) {
  return insertAdvance(user, {
    amount,
    status: "APPROVED",
    carded: true,
    ...(periods ? { periods } : {}),
  });
}

export async function approvedAdvance(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, { amount, status: "APPROVED" });
  return { employer, user, request };
}

/**
 * Approved advances for crafted report data. Each approval draws on its employee's balance
 * (the company max, $500), so every advance gets a fresh employee in the given department.
 */
export async function approvedAdvances(
  employer: User,
  department: string,
  amounts: string[],
  requestDate: Date = new Date(),
) {
  for (const amount of amounts) {
    const employee = await createEmployee(employer, { department });
    await insertAdvance(employee, {
      amount,
      status: "APPROVED",
      requestDate,
      approverId: employer.id,
    });
  }
}

export const daysAgo = (days: number, now: Date = new Date()) =>
  new Date(now.getTime() - days * DAY_MS);

/** Whole days from `from` to `to` (rounded, so DST shifts do not matter). */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

/** Sets an employee's available balance (what approvals reserve from), for pages that need it. */
export async function setAvailableBalance(user: User, balance: string) {
  await db()
    .update(employees)
    .set({ availableBalance: balance })
    .where(eq(employees.userId, user.id));
}

/**
 * The payroll of `date` as a company's payroll would do it: the run (dated `date`, acting on
 * that day) submits what is due, then each company's owner records every deduction as
 * collected in full. For tests whose subject is not reconciliation itself.
 */
export async function payrollCollectingAll(date: Date) {
  const summary = await runPayroll(date, date);
  const runs = await queryRows<{ id: number; owner: number }>(
    db(),
    sql`select distinct p.id, (select u.id from users u where u.employer_id = p.company_id
                 and u.company_role = 'OWNER' order by u.id limit 1) as owner
        from payroll_runs p join payroll_deductions d on d.run_id = p.id
        where d.status = 'SUBMITTED'`,
  );
  for (const run of runs) {
    const [owner] = await db()
      .select()
      .from(users)
      .where(eq(users.id, run.owner));
    await collectAllInRun(owner, run.id, date);
  }
  return summary;
}
