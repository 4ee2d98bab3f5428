import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { canDo } from "~/utils/company-roles";
import { companyFor } from "~/utils/company-access.server";
import { db, queryRows } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/utils/i18n";
import { formatCents, formatMoney } from "~/utils/money";
import {
  creditPaybackFrom,
  creditPaybackSql,
  type CreditPaybackRow,
} from "~/models/ledger/index.server";
import { dayStart } from "~/utils/pay-schedule";
import { payByDate } from "~/utils/quote";

// The first thing on each dashboard: what this person should do now, each item with the one
// page that does it. Worked out on the server, so the list is the same with or without
// JavaScript, and only for what the person's role may open (the capability table).

/** A declined purchase stays on the employee's to-do this long. */
export const DECLINED_PURCHASE_DAYS = 7;
/** Approved people not yet paid for, at most this many on the employer's to-do. */
const TO_DO_UNPAID = 3;

export type EmployeeToDoItem =
  | {
      kind: "pay";
      requestId: number;
      amountText: string;
      feeText: string;
      companyPays: boolean;
      payByText: string | null;
      to: string;
    }
  | {
      kind: "declinedPurchase";
      amountText: string;
      merchant: string;
      /** The decline's reason, a message the page localizes. */
      reason: string | null;
      dateText: string;
      to: string;
    }
  | {
      kind: "credit";
      amountText: string;
      /** A leaver with no paycheck to come: their employer pays it (else payroll does). */
      byEmployer: boolean;
      to: string;
    };

/** The newest purchase declined on the employee's cards in the last days. */
export type DeclinedPurchase = {
  cardId: number;
  amount: string;
  merchant: string;
  reason: string | null;
  createdAt: string;
};

/**
 * The employee's to-do: each approved advance to pay for (with its deadline), the newest purchase
 * declined on their cards in the last days, and a credit the program owes them. What the
 * dashboard already read (yearToDate's query carries the last two), so no query of its own.
 */
export function employeeToDo(
  inputs: {
    awaitingPayment: {
      id: number;
      amountText: string;
      feeText: string;
      companyPays: boolean;
      payByText: string | null;
      checkoutUrl: string;
    }[];
    declinedPurchase: DeclinedPurchase | null;
    creditCents: number;
    creditByEmployer?: boolean;
  },
  language: Language,
): EmployeeToDoItem[] {
  const items: EmployeeToDoItem[] = inputs.awaitingPayment.map((r) => ({
    kind: "pay",
    requestId: r.id,
    amountText: r.amountText,
    feeText: r.feeText,
    companyPays: r.companyPays,
    payByText: r.payByText,
    to: r.checkoutUrl,
  }));
  const purchase = inputs.declinedPurchase;
  if (purchase)
    items.push({
      kind: "declinedPurchase",
      amountText: formatMoney(purchase.amount, language),
      merchant: purchase.merchant,
      reason: purchase.reason,
      dateText: formatDate(purchase.createdAt, language),
      to: `/cards/${purchase.cardId}`,
    });
  if (inputs.creditCents > 0)
    items.push({
      kind: "credit",
      amountText: formatCents(inputs.creditCents, language),
      byEmployer: inputs.creditByEmployer ?? false,
      to: "/history",
    });
  return items;
}

export type EmployerToDoItem =
  | { kind: "approvals"; count: number; to: string }
  | { kind: "runs"; count: number; payDateText: string; to: string }
  | { kind: "invitations"; count: number; to: string }
  | {
      kind: "unpaid";
      name: string;
      amountText: string;
      companyPays: boolean;
      payByText: string | null;
      to: string;
    }
  | { kind: "leaverOwed"; name: string; amountText: string; to: string };

/** Leavers owed money back, at most this many on the employer's to-do. */
const TO_DO_LEAVERS = 5;

/**
 * The employer side's to-do, by what the member's role may do: requests waiting for a decision
 * (everyone who approves); payroll runs waiting for their results, invitations not yet accepted,
 * people approved but not yet paid for and leavers owed money back the employer must pay
 * (owners and admins). One statement.
 */
export async function employerToDo(
  user: User,
  pendingRequests: number,
  now: Date,
  language: Language,
): Promise<EmployerToDoItem[]> {
  const items: EmployerToDoItem[] = [];
  if (pendingRequests > 0)
    items.push({ kind: "approvals", count: pendingRequests, to: "/approvals" });
  const payroll = canDo(user.companyRole, "payroll");
  const manage = canDo(user.companyRole, "manageEmployees");
  if (!payroll && !manage) return items;
  const companyId = companyFor(user);
  const [row] = await queryRows<{
    runs: number;
    runId: number | null;
    runPayDate: string | null;
    invitations: number;
    unpaid: {
      employeeId: number;
      firstName: string;
      lastName: string;
      amount: string;
      approvalDate: string | null;
      companyPays: boolean;
    }[];
    leavers: {
      employeeId: number;
      firstName: string;
      lastName: string;
      payback: CreditPaybackRow | null;
    }[];
  }>(
    db(),
    sql`with open_runs as (
          select id, pay_date from payroll_runs
          where company_id = ${companyId} and status = 'SUBMITTED')
        select
          (select count(*)::int from open_runs) as runs,
          (select id from open_runs order by pay_date, id limit 1) as "runId",
          (select pay_date::text from open_runs order by pay_date, id limit 1) as "runPayDate",
          (select count(*)::int from invitations
            where company_id = ${companyId} and status = 'PENDING'
              and expires_at > ${now.toISOString()}::timestamptz) as invitations,
          coalesce((select json_agg(u order by u."approvalDate", u.id) from (
            select r.id, e.id as "employeeId", p.first_name as "firstName",
              p.last_name as "lastName", r.amount::text as amount,
              r.approval_date as "approvalDate", c.company_pays_fee as "companyPays"
            from advance_requests r
            join employees e on e.id = r.employee_id
            join users p on p.id = e.user_id
            join companies c on c.id = e.employer_id
            where e.employer_id = ${companyId} and e.offboarded_at is null
              and r.status = 'APPROVED' and r.paid_at is null
              and not exists (select 1 from virtual_cards v where v.request_id = r.id)
            order by r.approval_date, r.id limit ${TO_DO_UNPAID}) u), '[]'::json) as unpaid,
          coalesce((select json_agg(x order by x."employeeId") from (
            select l.id as "employeeId", p.first_name as "firstName", p.last_name as "lastName",
              ${creditPaybackSql(sql`e.id = l.id`)} as payback
            from employees l join users p on p.id = l.user_id
            where l.employer_id = ${companyId} and l.offboarded_at is not null
              and exists (select 1 from ledger_postings q
                where q.employee_id = l.id and q.account = 'credit')
            order by l.id) x), '[]'::json) as leavers`,
  );
  if (payroll && row && row.runs > 0)
    items.push({
      kind: "runs",
      count: row.runs,
      payDateText: row.runPayDate
        ? formatDate(dayStart(row.runPayDate), language)
        : "",
      to: row.runs === 1 ? `/payroll?run=${row.runId}` : "/payroll",
    });
  if (manage && row && row.invitations > 0)
    items.push({
      kind: "invitations",
      count: row.invitations,
      to: "/employees",
    });
  if (manage && row)
    for (const u of row.unpaid)
      items.push({
        kind: "unpaid",
        name: `${u.firstName} ${u.lastName}`,
        amountText: formatMoney(u.amount, language),
        companyPays: u.companyPays,
        payByText: u.approvalDate
          ? formatDate(payByDate(new Date(u.approvalDate)), language)
          : null,
        to: `/employees/${u.employeeId}`,
      });
  // Leavers the employer pays directly (no paycheck to come), as the employee's page tells it.
  if (manage && row) {
    const owed = row.leavers
      .map((l) => ({ ...l, payback: creditPaybackFrom(l.payback) }))
      .filter((l) => l.payback?.by === "EMPLOYER")
      .slice(0, TO_DO_LEAVERS);
    for (const l of owed)
      items.push({
        kind: "leaverOwed",
        name: `${l.firstName} ${l.lastName}`,
        amountText: formatCents(l.payback!.creditCents, language),
        to: `/employees/${l.employeeId}`,
      });
  }
  return items;
}
