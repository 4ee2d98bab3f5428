import {
  getEmployeeTerms,
  pendingInvitationsFor,
} from "~/models/companies/index.server";
import {
  DECLINED_PURCHASE_DAYS,
  type DeclinedPurchase,
  employeeToDo,
} from "./to-do.server";
import { listOwnRequests } from "~/models/advances/index.server";
import {
  listAwaitingPayment,
  listOwnCards,
  isCancellable,
  statusNote,
  type OwnCard,
} from "~/models/cards/index.server";
import { listUpcomingDeductions } from "~/models/repayments/index.server";
import {
  availableToRequest,
  creditPaybackFrom,
  creditPaybackSql,
  creditSql,
  type CreditPayback,
  type CreditPaybackRow,
} from "~/models/ledger/index.server";
import { addYears, startOfYear, subDays } from "date-fns";
import { payByDate, requestFeeCents } from "~/utils/quote";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { advanceRequests, employees, type User } from "#db/schema";
import { db } from "~/utils/db.server";
import { returningSql } from "./greeting.server";
import { formatDate, PAY_PERIOD_DAYS } from "~/utils/dates";
import { DAY_MS, dayStart, isoDay, payDateBefore } from "~/utils/pay-schedule";
import { GROCERY_RESTRICTION } from "~/utils/rules";
import { formatCents, formatMoney, fromCents, toCents } from "~/utils/money";
import type { Language } from "~/utils/i18n";

const RECENT_ACTIVITY_COUNT = 4;

/**
 * Year to date (SPEC §2): the sum of approved advances requested in the current calendar year
 * (server time) and the count of all approved advances, in one aggregate query.
 */
async function yearToDate(
  user: User,
  now: Date = new Date(),
): Promise<{
  total: string;
  approvedCount: number;
  pendingCents: number;
  payback: CreditPayback | null;
  creditCents: number;
  declinedPurchase: DeclinedPurchase | null;
  returning: boolean;
}> {
  // Bound through the column (not a bare parameter) so both drivers encode the timestamps.
  const from = startOfYear(now);
  const to = addYears(from, 1);
  const approved = sql`${advanceRequests.status} = 'APPROVED'`;
  const own = sql`(select id from employees where user_id = ${user.id})`;
  const since = new Date(now.getTime() - DECLINED_PURCHASE_DAYS * DAY_MS);
  // The pending sum rides along (no query of its own): available to request is the balance
  // less it, the figure /request shows and refuses with (advance.server availableToRequestCents).
  // So do the to-do's credit owed (the ledger's creditSql) and newest declined purchase.
  const [row] = await db()
    .select({
      total: sql<string>`coalesce(sum(${advanceRequests.amount}) filter (where ${approved} and ${and(gte(advanceRequests.requestDate, from), lt(advanceRequests.requestDate, to))}), 0)::numeric(10,2)::text`,
      approvedCount: sql<number>`(count(*) filter (where ${approved}))::int`,
      pendingCents: sql<number>`coalesce(sum(${advanceRequests.amount} * 100) filter (where ${advanceRequests.status} = 'PENDING'), 0)::int`,
      // What is owed back and how it comes back rides along too.
      payback: sql<
        CreditPaybackRow | string | null
      >`${creditPaybackSql(sql`e.user_id = ${user.id}`)}`,
      credit: sql<string>`(${creditSql(own)})::text`,
      declined: sql<DeclinedPurchase | null>`(select json_build_object(
          'cardId', a.card_id, 'amount', a.amount::text, 'merchant', a.merchant_name,
          'reason', a.reason, 'createdAt', a.created_at)
        from card_authorizations a
        join virtual_cards c on c.id = a.card_id
        join advance_requests q on q.id = c.request_id
        where q.employee_id = ${own} and a.approved = false and a.kind = 'purchase'
          and a.created_at >= ${since.toISOString()}::timestamptz
          and a.created_at <= ${now.toISOString()}::timestamptz
        order by a.created_at desc, a.id desc limit 1)`,
      // The greeting's question rides along too: one row comes back even with no request.
      returning: sql<boolean>`${returningSql(user.id)}`,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(
      and(
        eq(employees.userId, user.id),
        inArray(advanceRequests.status, ["APPROVED", "PENDING"]),
      ),
    );
  return {
    total: row?.total ?? "0.00",
    approvedCount: Number(row?.approvedCount ?? 0),
    pendingCents: Number(row?.pendingCents ?? 0),
    payback: creditPaybackFrom(
      typeof row?.payback === "string"
        ? (JSON.parse(row.payback) as CreditPaybackRow)
        : row?.payback,
    ),
    creditCents: Math.max(0, toCents(row?.credit ?? "0")),
    declinedPurchase: row?.declined ?? null,
    returning: Boolean(row?.returning),
  };
}

/** The restrictions text of a card's spending-limits JSON, or the default. */
export function cardRestrictions(spendingLimits: string | null): string {
  if (!spendingLimits) return GROCERY_RESTRICTION;
  try {
    const parsed = JSON.parse(spendingLimits) as { restrictions?: unknown };
    return typeof parsed?.restrictions === "string" && parsed.restrictions
      ? parsed.restrictions
      : GROCERY_RESTRICTION;
  } catch {
    return GROCERY_RESTRICTION;
  }
}

function presentCard(card: OwnCard, language: Language) {
  return {
    id: card.id,
    cardNumber: card.cardNumber,
    status: card.status,
    expiry: `${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`,
    amount: formatMoney(card.amount, language),
    restrictions: cardRestrictions(card.spendingLimits),
    issued: formatDate(card.createdAt, language),
    /** The ledger's figure (cardRemainingSql): 0 once the card is closed. */
    remaining: formatMoney(card.remaining, language),
  };
}

/** The card list, or null when it could not be read (SPEC: 'No virtual cards found'). */
async function loadCards(user: User, language: Language) {
  try {
    return (await listOwnCards(user)).map((card) =>
      presentCard(card, language),
    );
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "virtual cards could not be loaded",
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return null;
  }
}

/**
 * Everything the employee dashboard shows (SPEC §2 Employee dashboard). Raw figures (money as
 * "300.00" strings) for logic and tests, plus display strings formatted here on the server so
 * the page renders the same text with or without JavaScript (no hydration differences between
 * the server's and the browser's time zones).
 */
export async function loadEmployeeDashboard(
  user: User,
  now = new Date(),
  language: Language = "en",
) {
  const money = (value: string) => formatMoney(value, language);
  const date = (value: Date | string) => formatDate(value, language);
  const [employee, ytd, recent, upcoming, cards, uncardedRequests] =
    await Promise.all([
      getEmployeeTerms(user),
      yearToDate(user, now),
      listOwnRequests(user, RECENT_ACTIVITY_COUNT),
      listUpcomingDeductions(user),
      loadCards(user, language),
      listAwaitingPayment(user),
    ]);
  const payback = ytd.payback;
  const next = upcoming[0] ?? null;
  // The employee's money as every surface shows it: the available balance the ledger keeps
  // (employeeFigures reads the same), less pending requests (no extra query for either).
  const availableCents = toCents(employee?.availableBalance ?? "0.00");
  const toRequestCents = availableToRequest(availableCents, ytd.pendingCents);
  // A self-registered employee: invitations waiting for their address (one more query, only
  // for them).
  const invitations = employee?.companyId
    ? []
    : await pendingInvitationsFor(user);
  // Approved requests without a card are exactly the ones awaiting payment: no extra query.
  const uncarded = new Set(uncardedRequests.map((r) => r.id));
  // Paid, the card on its way: nothing more to do but wait (no "Complete payment").
  const unpaid = uncardedRequests.filter((r) => r.paidAt === null);
  const beingIssued = uncardedRequests.filter((r) => r.paidAt !== null);
  const awaitingPayment = unpaid.map((r) => ({
    id: r.id,
    amount: r.amount,
    amountText: money(r.amount),
    /** The company pays the fee: confirming is free. */
    companyPays: employee?.feePayer === "COMPANY",
    feeText: formatCents(requestFeeCents(r), language),
    // The last day to pay the fee before the approval expires.
    payByText: r.approvalDate ? date(payByDate(r.approvalDate)) : null,
    checkoutUrl: `/checkout?${new URLSearchParams({
      amount: r.amount,
      requestId: String(r.id),
    })}`,
  }));
  return {
    firstName: user.firstName,
    /** Signed in before this visit: "Welcome back" (a first sign-in is "Welcome"). */
    returning: ytd.returning,
    linked: Boolean(employee?.companyId),
    /** Offboarded: no new request is accepted, so none is offered. */
    left: Boolean(employee?.offboardedAt),
    email: user.email,
    invitations: invitations.map((i) => ({
      company: i.company,
      expiresText: date(i.expiresAt),
    })),
    /** The employer typed this employee's password: ask them to choose their own. */
    choosePassword: user.passwordSetByEmployer,
    availableBalance: fromCents(availableCents),
    availableBalanceText: formatCents(availableCents, language),
    /** Available to request, as /request and GET /api/employee tell it. */
    availableToRequest: fromCents(toRequestCents),
    /** "$0.00" where there is no next deduction. */
    zeroText: money("0.00"),
    /** Shown under the balance when pending requests take part of it. */
    availableToRequestText:
      ytd.pendingCents > 0 ? formatCents(toRequestCents, language) : null,
    /** Null when no pay cycle is set (the page says "Not set"). */
    payCycleEndsText: employee?.payCycleEndDate
      ? date(employee.payCycleEndDate)
      : null,
    nextDeduction: next
      ? {
          amount: next.amount,
          amountText: money(next.amount),
          dateText: date(next.deductionDate),
        }
      : null,
    yearToDate: {
      total: ytd.total,
      totalText: money(ytd.total),
      approvedCount: ytd.approvedCount,
    },
    cards,
    /**
     * What the program owes the employee back (the ledger's credit) and how it comes back;
     * null when nothing is owed back.
     */
    credit: payback
      ? {
          amount: fromCents(payback.creditCents),
          amountText: formatCents(payback.creditCents, language),
          by: payback.by,
          dateText: payback.payDate ? date(dayStart(payback.payDate)) : null,
        }
      : null,
    /** Paid for, the card on its way (the page says so instead of asking for payment). */
    beingIssued: beingIssued.map((r) => ({
      id: r.id,
      amount: r.amount,
      amountText: money(r.amount),
    })),
    awaitingPayment,
    /** What to do now, first on the page. */
    toDo: employeeToDo(
      {
        awaitingPayment,
        declinedPurchase: ytd.declinedPurchase,
        creditCents: ytd.creditCents,
        creditByEmployer: payback?.by === "EMPLOYER",
      },
      language,
    ),
    recent: recent.map((r) => ({
      id: r.id,
      dateText: date(r.requestDate),
      amount: r.amount,
      amountText: money(r.amount),
      status: r.status,
      note: statusNote(r, r.status === "APPROVED" && !uncarded.has(r.id)),
      cancellable: isCancellable(
        r,
        r.status === "APPROVED" && !uncarded.has(r.id),
      ),
    })),
    upcoming: upcoming.map((d) => ({
      id: d.id,
      amount: d.amount,
      remaining: d.remaining,
      dateText: date(d.deductionDate),
      // The pay period ends on the deduction's pay date and starts at the pay date before it.
      payPeriodText: `${formatDate(
        employee?.paySchedule
          ? dayStart(
              payDateBefore(employee.paySchedule, isoDay(d.deductionDate)),
            )
          : subDays(d.deductionDate, PAY_PERIOD_DAYS),
        language,
      )} – ${formatDate(d.deductionDate, language)}`,
      amountText: money(d.amount),
      remainingText: money(d.remaining),
    })),
  };
}
export type EmployeeDashboardData = Awaited<
  ReturnType<typeof loadEmployeeDashboard>
>;
