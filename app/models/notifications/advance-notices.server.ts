import { sql } from "drizzle-orm";
import * as templates from "~/services/mail/templates";
import { queryRows, type Executor } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { formatCents, formatMoney, toCents } from "~/utils/money";
import { type Language } from "~/utils/i18n";
import { localizeMessage } from "~/utils/i18n.server";
import { GROCERY_RESTRICTION } from "~/utils/rules";
import { enqueueMail, mailOrigin } from "./mail.server";
import { declineReasonText, pushNotice } from "./push-notices.server";
import { getEmailChoices, languageOf } from "./email-choices.server";

// What the product e-mails, and to whom (docs/decisions/0049-e-mail.md). Each notify* runs in
// the transaction of the action that causes the e-mail (pass its `tx`), reads what the message
// names, honours the recipient's choice where one applies, and enqueues the rendered mail.
//
// This file: the notices of an advance request, from its filing to its card.

type RequestFacts = {
  request_id: number;
  amount: string;
  reason: string | null;
  repayment_periods: number;
  request_date: Date | string;
  approval_date: Date | string | null;
  rejection_date: Date | string | null;
  rejection_reason: string | null;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** The employee's chosen language, null for none (their mails are then in English). */
  language: Language | null;
  employer_id: number | null;
  /** The company pays the fee: the request's own payer once confirmed, else the setting. */
  company_pays_fee: boolean;
  /** The fee taken from the employee's card (captured, or refunded since), "0.00" for none. */
  fee_charged: string;
  /**
   * The fee the employee authorized on their card at checkout (paid for, not by the company),
   * "0.00" for none: whether it was captured may not be known yet when the request is cancelled.
   */
  fee_paid: string;
};

async function requestFacts(tx: Executor, requestId: number) {
  const [row] = await queryRows<RequestFacts>(
    tx,
    sql`select r.id as request_id, r.amount::text as amount, r.reason, r.repayment_periods,
               r.request_date, r.approval_date, r.rejection_date, r.rejection_reason,
               u.id as user_id, u.email, u.first_name, u.last_name, u.language,
               e.employer_id,
               case when r.paid_at is not null then r.fee_paid_by = 'COMPANY'
                    else coalesce(c.company_pays_fee, false) end as company_pays_fee,
               greatest(coalesce(r.captured_amount, 0), coalesce(r.refunded_amount, 0))::text as fee_charged,
               case when r.paid_at is not null and r.fee_paid_by is distinct from 'COMPANY'
                    then coalesce(r.authorized_amount, 0) else 0 end::text as fee_paid
        from advance_requests r
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        left join companies c on c.id = e.employer_id
        where r.id = ${requestId}`,
  );
  return row ?? null;
}

async function wantsDecisions(tx: Executor, userId: number) {
  return (await getEmailChoices(userId, tx)).decisions;
}

/** To the employee: their request was approved (by the employer or automatically). */
export async function notifyAdvanceApproved(tx: Executor, requestId: number) {
  const r = await requestFacts(tx, requestId);
  if (!r) return;
  await pushNotice(
    tx,
    { id: r.user_id, language: r.language },
    "advance.decided",
    `advance.approved:${requestId}`,
    "advanceApproved",
    { amount: formatMoney(r.amount, languageOf(r)) },
    "/history",
  );
  if (!(await wantsDecisions(tx, r.user_id))) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "advance.approved",
    dedupeKey: `advance.approved:${requestId}`,
    mail: templates.advanceApprovedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      approvedOn: formatDate(r.approval_date ?? new Date(), languageOf(r)),
      periods: r.repayment_periods,
      companyPaysFee: r.company_pays_fee,
      language: languageOf(r),
    }),
  });
}

/** To the employee: their request was declined, with the reason. */
export async function notifyAdvanceDeclined(tx: Executor, requestId: number) {
  const r = await requestFacts(tx, requestId);
  if (!r) return;
  await pushNotice(
    tx,
    { id: r.user_id, language: r.language },
    "advance.decided",
    `advance.declined:${requestId}`,
    "advanceDeclined",
    {
      amount: formatMoney(r.amount, languageOf(r)),
      reason: declineReasonText(languageOf(r), r.rejection_reason),
    },
    "/history",
  );
  if (!(await wantsDecisions(tx, r.user_id))) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "advance.declined",
    dedupeKey: `advance.declined:${requestId}`,
    mail: templates.advanceDeclinedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      declinedOn: formatDate(r.rejection_date ?? new Date(), languageOf(r)),
      reason: r.rejection_reason,
      language: languageOf(r),
    }),
  });
}

/**
 * To the employee: their request was cancelled or expired. For the request cancel/expiry
 * actions to call in their transaction.
 */
export async function notifyAdvanceCancelled(
  tx: Executor,
  requestId: number,
  reason: "cancelled" | "expired",
  on: Date = new Date(),
) {
  const r = await requestFacts(tx, requestId);
  if (!r || !(await wantsDecisions(tx, r.user_id))) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: `advance.${reason}`,
    dedupeKey: `advance.${reason}:${requestId}`,
    mail: templates.advanceEndedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      on: formatDate(on, languageOf(r)),
      reason,
      // What happened to the fee, so the mail never says "nothing was charged" when it was.
      fee:
        toCents(r.fee_charged) > 0
          ? {
              charged: true,
              amount: formatMoney(r.fee_charged, languageOf(r)),
            }
          : toCents(r.fee_paid) > 0
            ? {
                charged: false,
                amount: formatMoney(r.fee_paid, languageOf(r)),
              }
            : null,
      language: languageOf(r),
    }),
  });
}

/**
 * To the employee: their paid request got no card and was cancelled; the fee was refunded
 * (`refundedCents` > 0) or its authorization released. Sent whatever their mail choices:
 * it is about their money.
 */
export async function notifyCardNotIssued(
  tx: Executor,
  requestId: number,
  feeCents: number,
  refundedCents: number,
  on: Date = new Date(),
) {
  const r = await requestFacts(tx, requestId);
  if (!r) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "advance.card-not-issued",
    dedupeKey: `advance.card-not-issued:${requestId}`,
    mail: templates.cardNotIssuedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      fee: formatCents(
        refundedCents > 0 ? refundedCents : feeCents,
        languageOf(r),
      ),
      on: formatDate(on, languageOf(r)),
      refunded: refundedCents > 0,
      language: languageOf(r),
    }),
  });
}

/**
 * To the company's members: a request waits for them (company setting "new advance
 * requests"). Every member may approve, so each gets one.
 */
export async function notifyNewRequest(tx: Executor, requestId: number) {
  const r = await requestFacts(tx, requestId);
  if (!r || r.employer_id === null) return;
  const members = await queryRows<{
    id: number;
    email: string;
    first_name: string;
    language: Language | null;
    mail: boolean;
  }>(
    tx,
    sql`select u.id, u.email, u.first_name, u.language, s.notify_new_requests as mail
        from users u join companies s on s.id = u.employer_id
        where u.employer_id = ${r.employer_id} and u.role = 'EMPLOYER'
        order by u.id`,
  );
  for (const employer of members) {
    // Push follows each member's own choice; the mail, the company's setting.
    await pushNotice(
      tx,
      employer,
      "request.waiting",
      `request.waiting:${requestId}:${employer.id}`,
      "requestWaiting",
      {
        name: `${r.first_name} ${r.last_name}`,
        amount: formatMoney(r.amount, languageOf(employer)),
      },
      "/approvals",
    );
    if (!employer.mail) continue;
    await enqueueMail(tx, {
      userId: employer.id,
      to: employer.email,
      kind: "advance.requested",
      dedupeKey: `advance.requested:${requestId}:${employer.id}`,
      mail: templates.newRequestMail({
        origin: mailOrigin(),
        to: { firstName: employer.first_name },
        employeeName: `${r.first_name} ${r.last_name}`,
        amount: formatMoney(r.amount, languageOf(employer)),
        requestedOn: formatDate(r.request_date, languageOf(employer)),
        reason: r.reason,
        language: languageOf(employer),
      }),
    });
  }
}

/** To the employee: their grocery card was issued (masked number, amount, restriction). */
export async function notifyCardIssued(tx: Executor, cardId: number) {
  const [c] = await queryRows<{
    request_id: number;
    card_number: string;
    amount: string;
    spending_limits: string;
    expiry_month: number;
    expiry_year: number;
    created_at: Date | string;
  }>(
    tx,
    sql`select request_id, card_number, amount::text as amount, spending_limits,
               expiry_month, expiry_year, created_at
        from virtual_cards where id = ${cardId}`,
  );
  if (!c) return;
  const r = await requestFacts(tx, c.request_id);
  if (!r) return;
  await pushNotice(
    tx,
    { id: r.user_id, language: r.language },
    "card.ready",
    `card.ready:${cardId}`,
    "cardReady",
    {
      amount: formatMoney(c.amount, languageOf(r)),
      card: c.card_number,
    },
    `/cards/${cardId}`,
  );
  if (!(await wantsDecisions(tx, r.user_id))) return;
  const [charged] = await queryRows<{ captured_amount: string | null }>(
    tx,
    sql`select captured_amount::text as captured_amount from advance_requests
        where id = ${c.request_id}`,
  );
  const deductions = await queryRows<{
    amount: string;
    deduction_date: Date | string;
  }>(
    tx,
    sql`select amount::text as amount, deduction_date from payroll_deductions
        where request_id = ${c.request_id} order by deduction_date, id`,
  );
  const language = languageOf(r);
  let restriction = GROCERY_RESTRICTION;
  try {
    restriction =
      (JSON.parse(c.spending_limits) as { restrictions?: string })
        .restrictions ?? restriction;
  } catch {
    // an older row without JSON limits: the product's one restriction
  }
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "card.issued",
    dedupeKey: `card.issued:${cardId}`,
    mail: templates.cardIssuedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      maskedNumber: c.card_number,
      amount: formatMoney(c.amount, language),
      restriction: localizeMessage(language, restriction),
      expiry: `${String(c.expiry_month).padStart(2, "0")}/${c.expiry_year}`,
      issuedOn: formatDate(c.created_at, language),
      fee: formatMoney(charged?.captured_amount ?? "0", language),
      companyPaysFee: r.company_pays_fee,
      deductions: deductions.map((d) => ({
        amount: formatMoney(d.amount, language),
        date: formatDate(d.deduction_date, language),
      })),
      language,
    }),
  });
}
