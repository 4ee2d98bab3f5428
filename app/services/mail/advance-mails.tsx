import { PAY_BY_DAYS } from "~/utils/rules";
import { formatCents } from "~/utils/money";
import type { Language } from "~/utils/i18n";
import {
  employeeMailT,
  hi,
  mailT,
  oneLine,
  render,
  url,
  type Person,
  type RenderedMail,
} from "./mail-layout";

// The mails of an advance request, from its filing to its card.

export function advanceApprovedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  approvedOn: string;
  periods: number;
  /** The company pays the fee: nothing is authorized on the employee's card. */
  companyPaysFee?: boolean;
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  return render(t("approved.subject", { amount: p.amount }), {
    language: p.language,
    origin: p.origin,
    preheader: t("approved.preheader", { date: p.approvedOn }),
    heading: t("approved.heading"),
    greeting: hi(p.to, t),
    lines: [
      t("approved.text", { amount: p.amount, date: p.approvedOn }),
      { label: t("labels.amount"), value: p.amount },
      { label: t("labels.approvedOn"), value: p.approvedOn },
      {
        label: t("labels.repayment"),
        value: t("approved.repayment", { count: p.periods }),
      },
      t(p.companyPaysFee ? "approved.companyPays" : "approved.employeePays", {
        days: PAY_BY_DAYS,
        amount: p.amount,
      }),
    ],
    action: { label: t("approved.action"), href: url(p.origin, "/") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function advanceDeclinedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  declinedOn: string;
  /** The employer's reason; none given reads "Declined by employer". */
  reason: string | null;
  language?: Language;
}): RenderedMail {
  const t = employeeMailT(p.language);
  return render(t("declined.subject", { amount: p.amount }), {
    language: p.language,
    origin: p.origin,
    heading: t("declined.heading"),
    greeting: hi(p.to, mailT(p.language)),
    lines: [
      t("declined.text", { amount: p.amount, date: p.declinedOn }),
      { label: t("mail:labels.amount"), value: p.amount },
      { label: t("labels.declinedOn"), value: p.declinedOn },
      { label: t("labels.reason"), quote: p.reason ?? t("declined.noReason") },
    ],
    action: { label: t("seeRequests"), href: url(p.origin, "/history") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function advanceEndedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  on: string;
  reason: "cancelled" | "expired";
  /**
   * The fee known to be charged to the employee's card, or paid at checkout (held, perhaps
   * charged since); null when the employee paid nothing.
   */
  fee?: { charged: boolean; amount: string } | null;
  language?: Language;
}): RenderedMail {
  const t = employeeMailT(p.language);
  const ended = p.reason === "cancelled" ? "cancelled" : "expired";
  return render(t(`${ended}.subject`, { amount: p.amount }), {
    language: p.language,
    origin: p.origin,
    heading: t(`${ended}.heading`),
    greeting: hi(p.to, mailT(p.language)),
    lines: [
      t(`${ended}.text`, { amount: p.amount, date: p.on }),
      { label: t("mail:labels.amount"), value: p.amount },
      {
        label: t(
          p.reason === "cancelled" ? "labels.cancelledOn" : "labels.expiredOn",
        ),
        value: p.on,
      },
      p.fee
        ? t(p.fee.charged ? "feeRefunded" : "feeReturned", {
            fee: p.fee.amount,
          })
        : t("nothingCharged"),
    ],
    action: { label: t("seeRequests"), href: url(p.origin, "/history") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

/** A paid request whose card could not be issued: the fee came back, or was never taken. */
export function cardNotIssuedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  fee: string;
  on: string;
  /** The fee had been charged and was refunded (else its authorization was released). */
  refunded: boolean;
  language?: Language;
}): RenderedMail {
  const t = employeeMailT(p.language);
  return render(t("cardNotIssued.subject", { amount: p.amount }), {
    language: p.language,
    origin: p.origin,
    heading: t("cardNotIssued.heading"),
    greeting: hi(p.to, mailT(p.language)),
    lines: [
      t("cardNotIssued.text", { amount: p.amount, date: p.on }),
      t(p.refunded ? "cardNotIssued.refunded" : "cardNotIssued.released", {
        fee: p.fee,
      }),
      t("cardNotIssued.nothingDeducted"),
      { label: t("mail:labels.amount"), value: p.amount },
      {
        label: t(p.refunded ? "labels.feeRefunded" : "labels.charged"),
        value: p.refunded ? p.fee : formatCents(0, p.language),
      },
    ],
    action: { label: t("seeRequests"), href: url(p.origin, "/history") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function cardIssuedMail(p: {
  origin: string;
  to: Person;
  maskedNumber: string;
  amount: string;
  restriction: string;
  expiry: string;
  issuedOn: string;
  /** What was charged to the employee's card: the processing fee. */
  fee: string;
  /** The company paid the fee: nothing was charged to the employee's card. */
  companyPaysFee?: boolean;
  deductions: { amount: string; date: string }[];
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  return render(t("cardIssued.subject", { amount: p.amount }), {
    language: p.language,
    origin: p.origin,
    heading: t("cardIssued.heading"),
    greeting: hi(p.to, t),
    lines: [
      t("cardIssued.text", { date: p.issuedOn }),
      { label: t("labels.card"), value: p.maskedNumber },
      { label: t("labels.amount"), value: p.amount },
      { label: t("labels.whereItWorks"), value: p.restriction },
      { label: t("labels.expires"), value: p.expiry },
      {
        label: t("labels.chargedToCard"),
        value: p.companyPaysFee
          ? t("cardIssued.companyPaid")
          : t("cardIssued.feeCharged", { fee: p.fee }),
      },
      ...p.deductions.map((d, i) => ({
        label:
          p.deductions.length > 1
            ? t("labels.payrollDeductionNumber", { number: i + 1 })
            : t("labels.payrollDeduction"),
        value: t("cardIssued.deduction", { amount: d.amount, date: d.date }),
      })),
      t("cardIssued.detailsInApp"),
    ],
    action: { label: t("cardIssued.action"), href: url(p.origin, "/") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function newRequestMail(p: {
  origin: string;
  to: Person;
  employeeName: string;
  amount: string;
  requestedOn: string;
  reason: string | null;
  /** The member's language. */
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const employee = oneLine(p.employeeName);
  const facts = { employee, amount: p.amount, date: p.requestedOn };
  return render(t("newRequest.subject", facts), {
    language: p.language,
    origin: p.origin,
    heading: t("newRequest.heading"),
    greeting: hi(p.to, t),
    lines: [
      t("newRequest.text", facts),
      { label: t("newRequest.employee"), quote: employee },
      { label: t("newRequest.amount"), value: p.amount },
      { label: t("newRequest.requestedOn"), value: p.requestedOn },
      ...(p.reason ? [{ label: t("newRequest.reason"), quote: p.reason }] : []),
    ],
    action: {
      label: t("newRequest.action"),
      href: url(p.origin, "/approvals"),
    },
    preferences: url(p.origin, "/settings"),
  });
}
