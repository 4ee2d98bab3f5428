import { emitWebhook } from "~/models/integrations/index.server";
import { applyApproval } from "./approval-core.server";
import { recordAudit } from "~/models/audit/index.server";
import {
  notifyAdvanceApproved,
  notifyNewRequest,
} from "~/models/notifications/index.server";
import { newRequestMembers, requestNoticeFacts } from "./notice-facts.server";
import { getCompanySettings } from "~/models/companies/index.server";
import { and, eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { transaction, type Executor } from "~/utils/db.server";
import { badRequest, conflict, fieldErrors, forbidden } from "~/utils/errors";
import { formatCents, formatMoney, fromCents, toCents } from "~/utils/money";
import { feeFor } from "~/utils/quote";
import { LEFT_COMPANY } from "~/utils/rules";
import {
  DEDUCTION_AUTHORIZATION_REQUIRED,
  onePeriodOnly,
  paycheckAfter,
  paycheckTooLow,
  periodsAtMost,
} from "~/utils/state-rules";
import { advanceTermsFor } from "./limits.server";
import type { z } from "zod";
import { requestApiSchema } from "~/validation/advance";
import type { advanceRequestSchema } from "~/validation/api-responses";

export const NOT_LINKED = "Your account is not linked to an employer yet.";
export const ONLY_EMPLOYEES = "Only employees can request an advance.";
const NOT_YOUR_EMPLOYEE_ID =
  "You can only request an advance for your own account.";
export const exceedsBalance = (balance: string) =>
  `Amount exceeds your available balance of ${formatMoney(balance)}`;

export type AdvanceInput = {
  employeeId?: number | string | null;
  amount: string | number;
  reason?: string | null;
  repaymentPeriods?: number;
};

/** A request as pages and /api see it (no payment internals): the API's response schema. */
export type PublicAdvance = z.output<typeof advanceRequestSchema>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toPublicAdvance(
  row: Pick<
    AdvanceRequest,
    | "id"
    | "employeeId"
    | "amount"
    | "reason"
    | "status"
    | "repaymentPeriods"
    | "requestDate"
    | "approvalDate"
    | "rejectionDate"
    | "rejectionReason"
    | "approvedById"
    | "cancelledAt"
    | "cancellationReason"
    | "authorizedAmount"
    | "capturedAmount"
    | "releasedAmount"
    | "termsVersion"
    | "termsAcceptedAt"
  >,
): PublicAdvance {
  return {
    id: row.id,
    employeeId: row.employeeId,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    repaymentPeriods: row.repaymentPeriods,
    requestDate: row.requestDate.toISOString(),
    approvalDate: iso(row.approvalDate),
    rejectionDate: iso(row.rejectionDate),
    rejectionReason: row.rejectionReason,
    approvedById: row.approvedById,
    cancelledAt: iso(row.cancelledAt),
    cancellationReason: row.cancellationReason,
    authorizedAmount: row.authorizedAmount,
    capturedAmount: row.capturedAmount,
    releasedAmount: row.releasedAmount,
    termsVersion: row.termsVersion,
    termsAcceptedAt: iso(row.termsAcceptedAt),
  };
}

/**
 * An employee asks for an advance (DESIGN §4 Requesting). Employees only; amount 200–500 with
 * at most 2 decimals; 1–3 repayment periods; an `employeeId`, when given, must be the caller's
 * own (403 otherwise); the caller must be linked to an employer and the amount may not exceed
 * the available balance less what is already pending. An amount strictly under the company's auto-approval limit is
 * approved at once (approver null). Every refusal throws before anything is written.
 */
export async function requestAdvance(
  actor: User,
  raw: AdvanceInput,
): Promise<AdvanceRequest> {
  if (actor.role !== "EMPLOYEE") throw forbidden(ONLY_EMPLOYEES);
  // The page and the API parse first; parsing again here keeps the rules in the domain for
  // any other caller (the schema is idempotent on its own output).
  const parsed = requestApiSchema.safeParse(raw);
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues[0]?.message ?? "Invalid request",
      fieldErrors(parsed.error),
    );
  }
  const input = parsed.data;
  const amountCents = toCents(input.amount);

  const { request, employerId } = await transaction(async (tx) => {
    // Locked so two requests from the same employee see each other's auto-approval.
    const [employee] = await tx
      .select()
      .from(employees)
      .where(eq(employees.userId, actor.id))
      .for("update");
    if (!employee) throw badRequest(NOT_LINKED);
    if (input.employeeId != null && input.employeeId !== employee.id)
      throw forbidden(NOT_YOUR_EMPLOYEE_ID);
    if (employee.companyId === null) throw badRequest(NOT_LINKED);
    if (employee.offboardedAt) throw badRequest(LEFT_COMPANY);
    // The employee's work state and the company's limits on repeat use.
    const terms = await advanceTermsFor(tx, employee.id);
    // No deduction authorised: the employee's state of affairs, not the input, is wrong (409).
    if (terms.refusal === DEDUCTION_AUTHORIZATION_REQUIRED)
      throw conflict(terms.refusal);
    if (terms.refusal) throw badRequest(terms.refusal);
    if (input.repaymentPeriods > terms.maxPeriods) {
      const message =
        terms.maxPeriods === 1
          ? onePeriodOnly(terms.rule.name)
          : periodsAtMost(terms.rule.name, terms.maxPeriods);
      throw badRequest(message, { repaymentPeriods: [message] });
    }
    // Approved amounts are already out of the balance; pending ones are not yet, so they are
    // reserved here: this request plus every pending one must fit in the balance. The row lock
    // above makes concurrent filings wait for each other, so they cannot overbook it.
    const availableCents = availableToRequestCents(
      employee.availableBalance,
      await pendingCentsOf(tx, employee.id),
    );
    if (amountCents > availableCents) {
      const message = exceedsBalance(fromCents(availableCents));
      throw badRequest(message, { amount: [message] });
    }
    // Where the employee's net pay is known: the deduction must leave the company's share of
    // the next paycheck.
    if (terms.paycheck) {
      const after = paycheckAfter(
        terms.paycheck,
        amountCents,
        input.repaymentPeriods,
      );
      if (!after.enough) {
        const message = paycheckTooLow(
          formatCents(after.leftCents),
          terms.paycheck.minPercent,
        );
        throw badRequest(message, { amount: [message] });
      }
    }

    const [created] = await tx
      .insert(advanceRequests)
      .values({
        employeeId: employee.id,
        amount: input.amount,
        reason: input.reason ? input.reason : null,
        repaymentPeriods: input.repaymentPeriods,
        feeAmount: fromCents(feeFor(amountCents, terms.feeLimit)),
        workState: terms.workState,
        deductionAuthorizationId: terms.authorization?.id ?? null,
      })
      .returning();
    const audit = {
      companyId: employee.companyId,
      subjectUserId: actor.id,
      requestId: created.id,
      amountCents,
    };
    await recordAudit(tx, {
      ...audit,
      actorId: actor.id,
      action: "request.filed",
    });

    const settings = await getCompanySettings(employee.companyId, tx);
    if (amountCents < toCents(settings.approvalLimit)) {
      const approved = await applyApproval(tx, created.id, null);
      // Approved by no one: the company's auto-approval limit decided.
      await recordAudit(tx, {
        ...audit,
        actorId: null,
        action: "request.approved",
        details: { automatic: true, approvalLimit: settings.approvalLimit },
      });
      await notifyAdvanceApproved(tx, await requestNoticeFacts(tx, created.id));
      await emitWebhook(
        tx,
        employee.companyId,
        "advance_request.created",
        toPublicAdvance(created),
      );
      await emitWebhook(
        tx,
        employee.companyId,
        "advance_request.approved",
        toPublicAdvance(approved),
      );
      return { request: approved, employerId: employee.companyId };
    }
    const facts = await requestNoticeFacts(tx, created.id);
    await notifyNewRequest(
      tx,
      facts,
      await newRequestMembers(tx, facts?.employer_id ?? null),
    );
    await emitWebhook(
      tx,
      employee.companyId,
      "advance_request.created",
      toPublicAdvance(created),
    );
    return { request: created, employerId: employee.companyId };
  });

  await publish(
    request.status === "APPROVED" ? "request.approved" : "request.created",
    [actor.id],
    { requestId: request.id, company: employerId },
  );
  return request;
}

/** The sum of the employee's PENDING requests, in cents (reserved by nothing yet). */
export async function pendingCentsOf(
  executor: Executor,
  employeeId: number,
): Promise<number> {
  const [{ pendingCents }] = await executor
    .select({
      pendingCents: sql<number>`coalesce(sum(${advanceRequests.amount} * 100), 0)::int`,
    })
    .from(advanceRequests)
    .where(
      and(
        eq(advanceRequests.employeeId, employeeId),
        eq(advanceRequests.status, "PENDING"),
      ),
    );
  return Number(pendingCents);
}

/**
 * Available to request: the available balance (the max advance less what approved advances
 * reserve or owe) less the employee's pending requests, floored at 0. The figure /request
 * shows and the one its refusal names ('Amount exceeds your available balance of $X').
 */
export function availableToRequestCents(
  availableBalance: string,
  pendingCents: number,
): number {
  return Math.max(0, toCents(availableBalance) - pendingCents);
}
