import type { Language } from "~/utils/i18n";
import {
  hi,
  mailT,
  PRODUCT_NAME,
  render,
  url,
  type Person,
  type RenderedMail,
} from "./mail-layout";

// The payroll mails: the deduction reminder, the payroll file,
// a payroll connection's problem, the monthly report.

export function deductionReminderMail(p: {
  origin: string;
  to: Person;
  amount: string;
  date: string;
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const facts = { amount: p.amount, date: p.date };
  return render(t("reminder.subject", facts), {
    language: p.language,
    origin: p.origin,
    heading: t("reminder.heading"),
    greeting: hi(p.to, t),
    lines: [
      t("reminder.text", facts),
      { label: t("labels.amount"), value: p.amount },
      { label: t("labels.date"), value: p.date },
    ],
    action: { label: t("reminder.action"), href: url(p.origin, "/") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function payrollFileMail(p: {
  origin: string;
  to: Person;
  runId: number;
  payDate: string;
  deductions: number;
  total: string;
  employees: number;
  /** A reminder: the run has waited 3 days for its results. */
  reminder: boolean;
  /** The member's language. */
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const facts = { date: p.payDate, total: p.total };
  const subject = p.reminder
    ? t("payrollFile.reminderSubject", facts)
    : t("payrollFile.subject", facts);
  return render(subject, {
    language: p.language,
    origin: p.origin,
    heading: p.reminder
      ? t("payrollFile.reminderHeading")
      : t("payrollFile.heading"),
    greeting: hi(p.to, t),
    lines: [
      p.reminder
        ? t("payrollFile.reminderText", facts)
        : t("payrollFile.text", facts),
      { label: t("payrollFile.payDate"), value: p.payDate },
      { label: t("payrollFile.deductions"), value: String(p.deductions) },
      { label: t("payrollFile.total"), value: p.total },
      { label: t("payrollFile.employees"), value: String(p.employees) },
    ],
    action: {
      label: t("payrollFile.action"),
      href: url(p.origin, `/payroll?run=${p.runId}`),
    },
  });
}

/** The owners are told the payroll connection is in trouble, and what to do. */
export function payrollConnectionMail(p: {
  origin: string;
  to: Person;
  /** The state's sentence, as Settings › Payroll connection shows it, in the owner's language. */
  problem: string;
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  return render(t("payrollConnection.subject"), {
    language: p.language,
    origin: p.origin,
    heading: t("payrollConnection.heading"),
    greeting: hi(p.to, t),
    lines: [p.problem],
    action: {
      label: t("payrollConnection.action"),
      href: url(p.origin, "/settings/payroll"),
    },
  });
}

export function monthlyReportMail(p: {
  origin: string;
  to: Person;
  month: string;
  requests: number;
  approved: number;
  approvedTotal: string;
  collected: string;
  /** The member's language. */
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const facts = { month: p.month, product: PRODUCT_NAME };
  return render(t("monthlyReport.subject", facts), {
    language: p.language,
    origin: p.origin,
    heading: t("monthlyReport.heading", facts),
    greeting: hi(p.to, t),
    lines: [
      t("monthlyReport.text", facts),
      { label: t("monthlyReport.requests"), value: String(p.requests) },
      { label: t("monthlyReport.approved"), value: String(p.approved) },
      { label: t("monthlyReport.approvedTotal"), value: p.approvedTotal },
      { label: t("monthlyReport.collected"), value: p.collected },
    ],
    action: {
      label: t("monthlyReport.action"),
      href: url(p.origin, "/reports"),
    },
    preferences: url(p.origin, "/settings"),
  });
}
