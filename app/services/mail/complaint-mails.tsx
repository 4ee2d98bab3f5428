import type { Language, TFunction } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import {
  employeeMailT,
  hi,
  mailT,
  render,
  url,
  type Line,
  type Person,
  type RenderedMail,
} from "./mail-layout";

// The mails of a complaint, and of a credit owed back to an employee and paid back.

// ---- Complaints ---------------------------------------------------------------------------

/** The `complaints` catalogue in a language, through i18next. */
const complaintsT = (language: Language = "en"): TFunction =>
  serverT(language, "complaints");

type ComplaintFacts = {
  reference: string;
  /** What the employee wrote, quoted back in their acknowledgement. */
  details?: string;
  /** The category's label in the recipient's language. */
  category: string;
  filedOn: string;
  acknowledgeBy: string;
  resolveBy: string;
};

/** To the employee: their complaint was received (the acknowledgement, with its reference). */
export function complaintReceivedMail(p: {
  origin: string;
  to: Person;
  complaint: ComplaintFacts;
  language?: Language;
}): RenderedMail {
  const t = complaintsT(p.language);
  const c = p.complaint;
  return render(t("mail.received.subject", { reference: c.reference }), {
    language: p.language,
    origin: p.origin,
    heading: t("mail.received.heading"),
    greeting: hi(p.to, mailT(p.language)),
    lines: [
      t("mail.received.text", { date: c.filedOn }),
      { label: t("mail.labels.reference"), value: c.reference },
      { label: t("mail.labels.category"), value: c.category },
      { label: t("mail.labels.acknowledgeBy"), value: c.acknowledgeBy },
      { label: t("mail.labels.resolveBy"), value: c.resolveBy },
      ...(c.details
        ? [{ label: t("mail.labels.details"), quote: c.details }]
        : []),
      t("mail.received.next"),
    ],
    action: { label: t("mail.action"), href: url(p.origin, "/complaints") },
  });
}

/** To the employee: their complaint moved to review, or was resolved (with the resolution). */
export function complaintStepMail(p: {
  origin: string;
  to: Person;
  reference: string;
  step: "review" | "resolved";
  on: string;
  resolution?: string;
  language?: Language;
}): RenderedMail {
  const t = complaintsT(p.language);
  const lines: Line[] = [
    t(`mail.${p.step}.text`, { reference: p.reference, date: p.on }),
    { label: t("mail.labels.reference"), value: p.reference },
  ];
  if (p.resolution)
    lines.push({ label: t("mail.labels.resolution"), quote: p.resolution });
  return render(t(`mail.${p.step}.subject`, { reference: p.reference }), {
    language: p.language,
    origin: p.origin,
    heading: t(`mail.${p.step}.heading`),
    greeting: hi(p.to, mailT(p.language)),
    lines,
    action: { label: t("mail.action"), href: url(p.origin, "/complaints") },
  });
}

/** To the company's owners and admins: a new complaint, or one past its due date. */
export function complaintHandlerMail(p: {
  origin: string;
  to: Person;
  kind: "new" | "late";
  complaint: ComplaintFacts;
  /** For a late one: which date has passed. */
  overdue?: "acknowledge" | "resolve";
  language?: Language;
}): RenderedMail {
  const t = complaintsT(p.language);
  const c = p.complaint;
  const lines: Line[] = [
    p.kind === "new"
      ? t("mail.new.text", { date: c.filedOn })
      : t(`mail.late.${p.overdue ?? "resolve"}`, {
          date: p.overdue === "acknowledge" ? c.acknowledgeBy : c.resolveBy,
        }),
    { label: t("mail.labels.reference"), value: c.reference },
    { label: t("mail.labels.category"), value: c.category },
    { label: t("mail.labels.acknowledgeBy"), value: c.acknowledgeBy },
    { label: t("mail.labels.resolveBy"), value: c.resolveBy },
  ];
  return render(t(`mail.${p.kind}.subject`, { reference: c.reference }), {
    language: p.language,
    origin: p.origin,
    heading: t(`mail.${p.kind}.heading`),
    greeting: hi(p.to, mailT(p.language)),
    lines,
    action: {
      label: t("mail.queueAction"),
      href: url(p.origin, "/complaint-queue"),
    },
  });
}

/** To the employee: the program owes them money back (a credit), how much and how it comes. */
export function creditOwedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  /** PAYROLL: added to the paycheck of `date`; EMPLOYER: a leaver, paid by the employer. */
  by: "PAYROLL" | "EMPLOYER";
  date: string | null;
  language?: Language;
}): RenderedMail {
  const t = employeeMailT(p.language);
  const lines: Line[] = [
    t("credit.text", { amount: p.amount }),
    p.by === "PAYROLL"
      ? t("credit.byPayroll", { date: p.date ?? "" })
      : t("credit.byEmployer"),
    { label: t("mail:labels.amount"), value: p.amount },
    {
      label: t("credit.how"),
      value: t(p.by === "PAYROLL" ? "credit.howPayroll" : "credit.howEmployer"),
    },
  ];
  if (p.by === "PAYROLL" && p.date)
    lines.push({ label: t("credit.when"), value: p.date });
  return render(t("credit.subject", { amount: p.amount }), {
    language: p.language,
    origin: p.origin,
    heading: t("credit.heading"),
    greeting: hi(p.to, mailT(p.language)),
    lines,
    action: { label: t("credit.action"), href: url(p.origin, "/history") },
  });
}

/** To the employee: what the program owed them was paid back (with a paycheck, or directly). */
export function creditPaidBackMail(p: {
  origin: string;
  to: Person;
  amount: string;
  by: "PAYROLL" | "EMPLOYER";
  /** The paycheck's pay date, or the day the employer recorded the payment. */
  on: string;
  /** What is still owed back after it, formatted; null when nothing is. */
  stillOwed: string | null;
  language?: Language;
}): RenderedMail {
  const t = employeeMailT(p.language);
  return render(t("creditPaid.subject", { amount: p.amount }), {
    language: p.language,
    origin: p.origin,
    heading: t("creditPaid.heading"),
    greeting: hi(p.to, mailT(p.language)),
    lines: [
      t(p.by === "PAYROLL" ? "creditPaid.byPayroll" : "creditPaid.byEmployer", {
        amount: p.amount,
        date: p.on,
      }),
      { label: t("mail:labels.amount"), value: p.amount },
      { label: t("mail:labels.date"), value: p.on },
      p.stillOwed
        ? t("creditPaid.stillOwed", { amount: p.stillOwed })
        : t("creditPaid.nothingOwed"),
    ],
    action: { label: t("credit.action"), href: url(p.origin, "/history") },
  });
}
