import { emitWebhook } from "~/models/integrations/index.server";
import { applyApproval } from "./approval-core.server";
import { getEmployeeRecord } from "~/models/people/index.server";
import { recordAudit } from "~/models/audit/index.server";
import {
  notifyAdvanceApproved,
  notifyNewRequest,
} from "~/models/notifications/index.server";
import { getCompanySettings } from "~/models/companies/index.server";
import {
  cardFigures,
  cardRemainingSql,
  deductionFigures,
} from "~/models/ledger/index.server";
import type { Language } from "~/utils/i18n";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  virtualCards,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { db, transaction, type Executor } from "~/utils/db.server";
import { badRequest, conflict, fieldErrors, forbidden } from "~/utils/errors";
import { formatCents, formatMoney, fromCents, toCents } from "~/utils/money";
import { storyLines } from "~/utils/money-story";
import type { PaySchedule } from "~/utils/pay-schedule";
import {
  feeFor,
  quoteAdvance,
  requestFeeCents,
  type FeePayer,
  type Quote,
} from "~/utils/quote";
import { LEFT_COMPANY } from "~/utils/rules";
import {
  DEDUCTION_AUTHORIZATION_REQUIRED,
  onePeriodOnly,
  paycheckAfter,
  paycheckTooLow,
  periodsAtMost,
} from "~/utils/state-rules";
import { advanceTermsFor, type AdvanceTerms } from "./limits.server";
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
    // The employee's work state and the company's limits on repeat use (decision 0112).
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
    // the next paycheck (decision 0126).
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
      await notifyAdvanceApproved(tx, created.id);
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
    await notifyNewRequest(tx, created.id);
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

export type OwnCard = {
  id: number;
  requestId: number;
  cardNumber: string;
  status: string;
  expiryMonth: number;
  expiryYear: number;
  amount: string;
  spendingLimits: string;
  createdAt: Date;
  /** What is left to spend on it, "0.00" once closed: the ledger's (cardRemainingSql). */
  remaining: string;
};

/**
 * The employee's virtual cards, newest first (masked numbers only, see decision 0004), each
 * with what is left on it, from the ledger (docs/decisions/0103; cardFigures has the rest).
 */
export async function listOwnCards(user: User): Promise<OwnCard[]> {
  return db()
    .select({
      id: virtualCards.id,
      requestId: virtualCards.requestId,
      cardNumber: virtualCards.cardNumber,
      status: virtualCards.status,
      expiryMonth: virtualCards.expiryMonth,
      expiryYear: virtualCards.expiryYear,
      amount: virtualCards.amount,
      spendingLimits: virtualCards.spendingLimits,
      createdAt: virtualCards.createdAt,
      remaining: sql<string>`(${cardRemainingSql(virtualCards.id, virtualCards.status)})::numeric(12,2)::text`,
    })
    .from(virtualCards)
    .innerJoin(advanceRequests, eq(advanceRequests.id, virtualCards.requestId))
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(employees.userId, user.id))
    .orderBy(desc(virtualCards.createdAt), desc(virtualCards.id));
}

/**
 * Approved requests that have no card yet: unpaid, the employee still has to complete payment;
 * paid, the card is being issued.
 */
export async function listAwaitingPayment(user: User): Promise<
  Array<{
    id: number;
    amount: string;
    approvalDate: Date | null;
    /** Set once the fee is paid (or confirmed): the card is then being issued. */
    paidAt: Date | null;
    /** The fee as its state allowed it when filed (null: the flat fee, capped at the amount). */
    feeAmount: string | null;
  }>
> {
  return db()
    .select({
      id: advanceRequests.id,
      amount: advanceRequests.amount,
      feeAmount: advanceRequests.feeAmount,
      approvalDate: advanceRequests.approvalDate,
      paidAt: advanceRequests.paidAt,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .leftJoin(virtualCards, eq(virtualCards.requestId, advanceRequests.id))
    .where(
      and(
        eq(employees.userId, user.id),
        eq(advanceRequests.status, "APPROVED"),
        isNull(virtualCards.id),
      ),
    )
    .orderBy(desc(advanceRequests.approvalDate), desc(advanceRequests.id));
}

export type RequestMoney = {
  /** The money so far, in plain words (app/utils/money-story.ts). */
  story: string[];
  /** The employee may cancel it: PENDING, or APPROVED and not paid for. */
  cancellable: boolean;
  /** Why it was declined or cancelled, for the line under the badge. */
  note: string | null;
};

/** The employee may cancel it: PENDING, or APPROVED with no hold placed and no card. */
export function isCancellable(
  r: Pick<AdvanceRequest, "status" | "paidAt">,
  hasCard: boolean,
): boolean {
  return (
    r.status === "PENDING" ||
    (r.status === "APPROVED" && r.paidAt === null && !hasCard)
  );
}

/** Under the badge of a paid request still waiting for its card (docs/decisions/0078). */
const CARD_BEING_ISSUED = "Card being issued";
/** Under the badge of a request cancelled after its fee was captured and then refunded. */
const FEE_REFUNDED = "Fee refunded";

/**
 * The line under the badge: why it was declined or cancelled, and where the money is when
 * the badge alone would not say it: "Card being issued" for a paid request without its card
 * yet, "Fee refunded" (and why) for a cancelled one whose fee came back.
 */
export function statusNote(
  r: Pick<
    AdvanceRequest,
    | "status"
    | "rejectionReason"
    | "cancellationReason"
    | "paidAt"
    | "refundedAmount"
  >,
  hasCard = false,
): string | null {
  if (r.status === "DECLINED") return r.rejectionReason ?? null;
  if (r.status === "CANCELLED") {
    if (r.refundedAmount !== null && toCents(r.refundedAmount) > 0)
      return r.cancellationReason
        ? `${FEE_REFUNDED}. ${r.cancellationReason}`
        : FEE_REFUNDED;
    return r.cancellationReason ?? null;
  }
  if (r.status === "APPROVED" && r.paidAt !== null && !hasCard)
    return CARD_BEING_ISSUED;
  return null;
}

/**
 * The money story and the cancel button of each of the employee's listed requests: two
 * queries (their deductions and their cards) for the whole page.
 */
export async function requestMoneyOf(
  requests: AdvanceRequest[],
  language: Language = "en",
): Promise<Map<number, RequestMoney>> {
  const ids = requests.map((r) => r.id);
  // Each deduction with its result as the ledger has it (deductionFigures): the story tells
  // what was collected and where a shortfall went, never a repayment that did not happen.
  const [figures, cards] = ids.length
    ? await Promise.all([
        deductionFigures(db(), { requestIds: ids }),
        db()
          .select({
            id: virtualCards.id,
            requestId: virtualCards.requestId,
            status: virtualCards.status,
          })
          .from(virtualCards)
          .where(inArray(virtualCards.requestId, ids)),
      ])
    : [[], []];
  const carded = new Set(cards.map((c) => c.requestId));
  // A closed card's story tells what it spent and gave back (the ledger's card figures), never
  // the amount it once held.
  const closed = cards.filter((c) => c.status === "closed");
  const closedFigures = await cardFigures(
    db(),
    closed.map((c) => c.id),
  );
  const closedByRequest = new Map(
    closed.map((c) => [c.requestId, closedFigures.get(c.id)!]),
  );
  const dates = new Map(figures.map((d) => [d.id, d.deductionDate]));
  const deductions = figures.map((d) => ({
    requestId: d.requestId,
    amount: fromCents(d.dueCents),
    date: d.deductionDate,
    paid: d.collectedCents > 0,
    result:
      d.status === "SCHEDULED" || d.status === "SUBMITTED"
        ? null
        : {
            collectedCents: d.collectedCents,
            shortfallCents: d.shortfallCents,
            movedTo: d.arrearsDate,
            writtenOffCents: d.writtenOffCents,
          },
    carriedFrom:
      d.arrearsOfId !== null ? (dates.get(d.arrearsOfId) ?? null) : null,
  }));
  const out = new Map<number, RequestMoney>();
  for (const r of requests) {
    const hasCard = carded.has(r.id);
    out.set(r.id, {
      story: storyLines(
        {
          status: r.status,
          amount: r.amount,
          paid: r.paidAt !== null,
          carded: hasCard,
          authorizedAmount: r.authorizedAmount,
          capturedAmount: r.capturedAmount,
          releasedAmount: r.releasedAmount,
          refundedAmount: r.refundedAmount,
          feePaidBy: r.feePaidBy,
          feeCents: requestFeeCents(r),
          deductions: deductions.filter((d) => d.requestId === r.id),
          closedCard: closedByRequest.has(r.id)
            ? {
                spentCents: closedByRequest.get(r.id)!.spentCents,
                returnedCents: closedByRequest.get(r.id)!.returnedCents,
              }
            : null,
        },
        language,
      ),
      cancellable: isCancellable(r, hasCard),
      note: statusNote(r, hasCard),
    });
  }
  return out;
}

/**
 * The cost of an advance of `amountCents` over `periods` for this employee, as if the card were
 * issued now (GET /api/advance-quote, /request; decision 0074). An employee without a record
 * gets the schedule from today.
 */
export async function quoteForEmployee(
  user: User,
  amountCents: number,
  periods: number,
): Promise<Quote> {
  if (user.role !== "EMPLOYEE") throw forbidden(ONLY_EMPLOYEES);
  const employee = await getEmployeeRecord(user);
  const terms = employee ? await advanceTermsFor(db(), employee.id) : null;
  if (terms && periods > terms.maxPeriods) {
    const message =
      terms.maxPeriods === 1
        ? onePeriodOnly(terms.rule.name)
        : periodsAtMost(terms.rule.name, terms.maxPeriods);
    throw badRequest(message, { repaymentPeriods: [message] });
  }
  return quoteAdvance(
    amountCents,
    periods,
    employee?.paySchedule ?? null,
    new Date(),
    employee?.feePayer,
    terms?.feeLimit ?? null,
  );
}

/** The sum of the employee's PENDING requests, in cents (reserved by nothing yet). */
async function pendingCentsOf(
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
function availableToRequestCents(
  availableBalance: string,
  pendingCents: number,
): number {
  return Math.max(0, toCents(availableBalance) - pendingCents);
}

export type RequestPage = {
  linked: boolean;
  availableCents: number;
  paySchedule: PaySchedule | null;
  feePayer: FeePayer;
  /** Offboarded: no new request is accepted. */
  left: boolean;
  /** The state's rules and the company's limits on the next advance (null: not linked). */
  terms: AdvanceTerms | null;
  /** Net pay on the latest pay statement read through the payroll connection (decision 0124). */
};

/** What /request needs: whether the employee is linked, what they may request, their pay date. */
export async function getRequestPage(user: User): Promise<RequestPage> {
  const employee = await getEmployeeRecord(user);
  if (!employee)
    return {
      linked: false,
      availableCents: 0,
      paySchedule: null,
      feePayer: "EMPLOYEE",
      left: false,
      terms: null,
    };
  return {
    linked: employee.companyId !== null,
    availableCents: availableToRequestCents(
      employee.availableBalance,
      await pendingCentsOf(db(), employee.id),
    ),
    paySchedule: employee.paySchedule,
    feePayer: employee.feePayer,
    left: employee.offboardedAt !== null,
    terms:
      employee.companyId !== null
        ? await advanceTermsFor(db(), employee.id)
        : null,
  };
}
