import * as templates from "~/services/mail/templates";
import type { Executor } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { formatCents, formatMoney, toCents } from "~/utils/money";
import { type Language } from "~/utils/i18n";
import { localizeMessage } from "~/utils/i18n.server";
import { GROCERY_RESTRICTION } from "~/utils/rules";
import { enqueueMail, mailOrigin } from "./mail.server";
import { declineReasonText, pushNotice } from "./push-notices.server";
import { getEmailChoices, languageOf } from "./email-choices.server";

// What the product e-mails, and to whom. Each notify* runs in
// the transaction of the action that causes the e-mail (pass its `tx`), is handed what the message
// names by the domain whose action it is (the advances read the request and its employee, the
// cards the card), honours the recipient's choice where one applies, and enqueues the rendered
// mail.
//
// This file: the notices of an advance request, from its filing to its card.

/** A request and its employee as the notices name them (the advances' requestNoticeFacts). */
export type RequestFacts = {
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

async function wantsDecisions(tx: Executor, userId: number) {
  return (await getEmailChoices(userId, tx)).decisions;
}

/** To the employee: their request was approved (by the employer or automatically). */
export async function notifyAdvanceApproved(
  tx: Executor,
  r: RequestFacts | null,
) {
  if (!r) return;
  const requestId = r.request_id;
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
export async function notifyAdvanceDeclined(
  tx: Executor,
  r: RequestFacts | null,
) {
  if (!r) return;
  const requestId = r.request_id;
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
  r: RequestFacts | null,
  reason: "cancelled" | "expired",
  on: Date = new Date(),
) {
  if (!r || !(await wantsDecisions(tx, r.user_id))) return;
  const requestId = r.request_id;
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
  r: RequestFacts | null,
  feeCents: number,
  refundedCents: number,
  on: Date = new Date(),
) {
  if (!r) return;
  const requestId = r.request_id;
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

/** A member of the request's company, and whether the company mails them new requests. */
export type NewRequestMember = {
  id: number;
  email: string;
  first_name: string;
  language: Language | null;
  /** The company's setting "new advance requests". */
  mail: boolean;
};

/**
 * To the company's members: a request waits for them (company setting "new advance
 * requests"). Every member may approve, so each gets one.
 */
export async function notifyNewRequest(
  tx: Executor,
  r: RequestFacts | null,
  members: NewRequestMember[],
) {
  if (!r || r.employer_id === null) return;
  const requestId = r.request_id;
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

/** A card just issued, as its notice names it (the cards' cardIssuedFacts). */
export type CardIssuedFacts = {
  card_id: number;
  card_number: string;
  amount: string;
  spending_limits: string;
  expiry_month: number;
  expiry_year: number;
  created_at: Date | string;
  /** The fee captured on the employee's card for its request, null for none. */
  captured_amount: string | null;
  /** The request's deductions, by date. */
  deductions: { amount: string; deduction_date: Date | string }[];
  request: RequestFacts | null;
};

/** To the employee: their grocery card was issued (masked number, amount, restriction). */
export async function notifyCardIssued(
  tx: Executor,
  c: CardIssuedFacts | null,
) {
  if (!c) return;
  const r = c.request;
  if (!r) return;
  const cardId = c.card_id;
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
  const deductions = c.deductions;
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
      fee: formatMoney(c.captured_amount ?? "0", language),
      companyPaysFee: r.company_pays_fee,
      deductions: deductions.map((d) => ({
        amount: formatMoney(d.amount, language),
        date: formatDate(d.deduction_date, language),
      })),
      language,
    }),
  });
}
