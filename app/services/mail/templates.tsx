import { PAY_BY_DAYS } from "~/utils/rules";
import { formatCents } from "~/utils/money";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NOT_SINGLE_LINE } from "~/validation/common";
import type { Language, TFunction } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";

// E-mail templates as React components rendered on the server (docs/decisions/0049-e-mail.md).
// Each message has an HTML part and a plain-text part with the same facts, the product's
// name, absolute links, no images and no tracking; messages a person can choose not to get
// carry a link to where that choice is made. What a user wrote is never the product's voice: a
// name inside a sentence is kept to one line, and free text (a reason) is shown as a quoted
// value after its label, escaped in HTML and on indented lines of its own in the text part.

const PRODUCT_NAME = "Grocery Advance";

export type RenderedMail = { subject: string; html: string; text: string };

type Link = { label: string; href: string };

/** A fact line, or text a user wrote, shown quoted under its label. */
type Line =
  string | { label: string; value: string } | { label: string; quote: string };

type MailProps = {
  /** The recipient's language (the layout's own words follow it); English when absent. */
  language?: Language;
  origin: string;
  preheader?: string;
  heading: string;
  greeting: string;
  /** Paragraphs and fact lines, shared by both parts. */
  lines: Line[];
  action?: Link;
  /** Where the recipient turns this kind of e-mail off (absent for account security mail). */
  preferences?: string;
  /**
   * Why a person with no account gets this e-mail (an invitation), said in place of the
   * account security line, which would not be true of it.
   */
  why?: string;
  footerNote?: string;
};

const styles = {
  body: {
    margin: 0,
    padding: "24px 0",
    background: "#f3f4f6",
    fontFamily: "Arial, Helvetica, sans-serif",
    color: "#111827",
  },
  card: {
    maxWidth: 560,
    margin: "0 auto",
    background: "#ffffff",
    borderRadius: 8,
    padding: 24,
  },
  brand: { fontSize: 14, fontWeight: 700, color: "#166534", margin: 0 },
  heading: { fontSize: 20, margin: "16px 0" },
  p: { fontSize: 15, lineHeight: "22px", margin: "0 0 12px" },
  button: {
    display: "inline-block",
    background: "#166534",
    color: "#ffffff",
    padding: "10px 16px",
    borderRadius: 6,
    textDecoration: "none",
    fontWeight: 700,
  },
  quote: {
    fontSize: 15,
    lineHeight: "22px",
    margin: "0 0 12px",
    padding: "8px 12px",
    borderLeft: "3px solid #d1d5db",
    background: "#f9fafb",
    whiteSpace: "pre-wrap",
  },
  footer: {
    fontSize: 12,
    color: "#4b5563",
    margin: "16px auto 0",
    maxWidth: 560,
  },
} as const;

/** The `mail` catalogue in a language, through i18next. */
const mailT = (language: Language = "en"): TFunction =>
  serverT(language, "mail");

/** A catalogue sentence with one element inside it ("… <link>."). */
function withLink(text: string, link: ReactNode): ReactNode {
  const [before, after = ""] = text.split("<link>");
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

function MailLayout(props: MailProps) {
  const t = mailT(props.language);
  return (
    <html lang={props.language ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.heading}</title>
      </head>
      <body style={styles.body}>
        {props.preheader ? (
          <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>
            {props.preheader}
          </div>
        ) : null}
        <div style={styles.card}>
          <p style={styles.brand}>{PRODUCT_NAME}</p>
          <h1 style={styles.heading}>{props.heading}</h1>
          <p style={styles.p}>{props.greeting}</p>
          {props.lines.map((line, i) =>
            typeof line === "string" ? (
              <p key={i} style={styles.p}>
                {line}
              </p>
            ) : "quote" in line ? (
              <div key={i}>
                <p style={{ ...styles.p, marginBottom: 4 }}>
                  <strong>{line.label}:</strong>
                </p>
                <blockquote style={styles.quote}>{line.quote}</blockquote>
              </div>
            ) : (
              <p key={i} style={styles.p}>
                <strong>{line.label}:</strong> {line.value}
              </p>
            ),
          )}
          {props.action ? (
            <p style={{ ...styles.p, marginTop: 20 }}>
              <a href={props.action.href} style={styles.button}>
                {props.action.label}
              </a>
            </p>
          ) : null}
          {props.action ? (
            <p style={{ ...styles.p, fontSize: 13, color: "#4b5563" }}>
              {t("orOpen", { href: props.action.href })}
            </p>
          ) : null}
        </div>
        <Footer {...props} />
      </body>
    </html>
  );
}

function Footer(props: MailProps): ReactNode {
  const t = mailT(props.language);
  return (
    <div style={styles.footer}>
      {props.footerNote ? <p>{props.footerNote}</p> : null}
      {props.preferences ? (
        <p>
          {withLink(
            t("choices", { product: PRODUCT_NAME }),
            <a href={props.preferences} style={{ color: "#166534" }}>
              {t("choicesLink")}
            </a>,
          )}
        </p>
      ) : (
        <p>{props.why ?? t("security", { product: PRODUCT_NAME })}</p>
      )}
      <p>
        {PRODUCT_NAME} · <a href={props.origin}>{props.origin}</a>
      </p>
    </div>
  );
}

function textPart(props: MailProps): string {
  const t = mailT(props.language);
  const out = [PRODUCT_NAME, "", props.heading, "", props.greeting, ""];
  for (const line of props.lines) {
    if (typeof line === "string") out.push(line);
    else if ("quote" in line)
      out.push(
        `${line.label}:`,
        ...line.quote.split(/\r\n|\r|\n/).map((part) => `    ${part}`),
      );
    else out.push(`${line.label}: ${line.value}`);
  }
  if (props.action) out.push("", `${props.action.label}: ${props.action.href}`);
  out.push("", "--");
  if (props.footerNote) out.push(props.footerNote);
  out.push(
    props.preferences
      ? t("choicesText", { product: PRODUCT_NAME, href: props.preferences })
      : (props.why ?? t("security", { product: PRODUCT_NAME })),
  );
  out.push(`${PRODUCT_NAME} · ${props.origin}`);
  return out.join("\n") + "\n";
}

function render(subject: string, props: MailProps): RenderedMail {
  return {
    subject,
    html: "<!doctype html>" + renderToStaticMarkup(<MailLayout {...props} />),
    text: textPart(props),
  };
}

const url = (origin: string, path: string) => new URL(path, origin).toString();

// ---- The messages -------------------------------------------------------------------------

type Person = { firstName: string };

/** A name as part of the product's sentence: any character that breaks a line becomes a space. */
function oneLine(text: string): string {
  return text.replace(new RegExp(NOT_SINGLE_LINE.source, "gu"), " ");
}

const hi = (person: Person, t: TFunction = mailT()) =>
  t("hi", { name: oneLine(person.firstName) });

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

/** The `employeeMail` catalogue in a language, through i18next ("mail:…" reaches `mail`). */
const employeeMailT = (language: Language = "en"): TFunction =>
  serverT(language, "employeeMail");

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

/** The owners are told the payroll connection is in trouble, and what to do (decision 0125). */
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

export function invitationMail(p: {
  origin: string;
  /** The invitee's first name, when the inviter gave it. */
  firstName: string;
  company: string;
  inviter: string;
  /** A colleague's role on the team; null for an employee. */
  role: "OWNER" | "ADMIN" | "APPROVER" | null;
  link: string;
  days: number;
  /** The language chosen for the invitee when inviting (the company's by default). */
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const company = oneLine(p.company) || t("invitation.yourEmployer");
  const inviter = oneLine(p.inviter);
  const names = { company, product: PRODUCT_NAME };
  const what =
    p.role === "ADMIN"
      ? "invitation.asAdmin"
      : p.role === "OWNER"
        ? "invitation.asOwner"
        : p.role
          ? "invitation.asApprover"
          : "invitation.asEmployee";
  return render(t("invitation.subject", names), {
    language: p.language,
    origin: p.origin,
    heading: t("invitation.heading", names),
    greeting: p.firstName ? hi({ firstName: p.firstName }, t) : t("hello"),
    lines: [
      t(what, names),
      { label: t("labels.company"), quote: company },
      { label: t("labels.invitedBy"), quote: inviter },
      t("invitation.link", { days: p.days }),
      t("invitation.unexpected"),
    ],
    action: { label: t("invitation.action"), href: p.link },
    why: t("invitation.footer", {
      inviter: inviter || company,
      company,
      product: PRODUCT_NAME,
    }),
  });
}

export function accountCreatedMail(p: {
  origin: string;
  to: Person;
  company: string;
  link: string;
  days: number;
  /** The employee's language (the employer's, as the employee has chosen none yet). */
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const company = oneLine(p.company) || t("accountCreated.yourEmployer");
  const facts = { company, product: PRODUCT_NAME, days: p.days };
  return render(t("accountCreated.subject", facts), {
    language: p.language,
    origin: p.origin,
    heading: t("accountCreated.heading"),
    greeting: hi(p.to, t),
    lines: [t("accountCreated.text", facts), t("accountCreated.reminder")],
    action: { label: t("accountCreated.action"), href: p.link },
  });
}

export function passwordResetMail(p: {
  origin: string;
  to: Person;
  link: string;
  minutes: number;
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  return render(t("reset.subject", { product: PRODUCT_NAME }), {
    language: p.language,
    origin: p.origin,
    heading: t("reset.heading"),
    greeting: hi(p.to, t),
    lines: [
      t("reset.text", { product: PRODUCT_NAME, minutes: p.minutes }),
      t("reset.ignore"),
    ],
    action: { label: t("reset.action"), href: p.link },
  });
}

export function emailConfirmationMail(p: {
  origin: string;
  to: Person;
  email: string;
  link: string;
  days: number;
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  return render(t("confirmEmail.subject", { product: PRODUCT_NAME }), {
    language: p.language,
    origin: p.origin,
    heading: t("confirmEmail.heading"),
    greeting: hi(p.to, t),
    lines: [
      t("confirmEmail.text", { email: p.email, days: p.days }),
      t("confirmEmail.ignore", { product: PRODUCT_NAME }),
    ],
    action: { label: t("confirmEmail.action"), href: p.link },
  });
}

export function passwordChangedMail(p: {
  origin: string;
  to: Person;
  on: string;
  how: "changed" | "reset";
  language?: Language;
}): RenderedMail {
  const t = employeeMailT(p.language);
  return render(t("passwordChanged.subject", { product: PRODUCT_NAME }), {
    language: p.language,
    origin: p.origin,
    heading: t("passwordChanged.heading"),
    greeting: hi(p.to, mailT(p.language)),
    lines: [
      t(
        p.how === "reset" ? "passwordChanged.reset" : "passwordChanged.changed",
        { date: p.on },
      ),
      t("passwordChanged.notYou"),
    ],
    action: {
      label: t("passwordChanged.action"),
      href: url(p.origin, "/forgot-password"),
    },
  });
}

/** Two-factor sign-in was turned on or off (employers only: its section is on /settings). */
export function mfaChangedMail(p: {
  origin: string;
  to: Person;
  on: string;
  enabled: boolean;
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const state = p.enabled ? "On" : "Off";
  return render(t(`mfaChanged.subject${state}`), {
    language: p.language,
    origin: p.origin,
    heading: t(`mfaChanged.heading${state}`),
    greeting: hi(p.to, t),
    lines: [
      t(`mfaChanged.text${state}`, { date: p.on }),
      t("mfaChanged.notYou"),
    ],
    action: {
      label: t("mfaChanged.action"),
      href: url(p.origin, "/settings#security"),
    },
  });
}

/** A sign-in from a new device: the sessions are on /profile (employee) or /settings (employer). */
export function newSignInMail(p: {
  origin: string;
  to: Person;
  role: "EMPLOYEE" | "EMPLOYER";
  device: string;
  ip: string | null;
  on: string;
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  const employer = p.role === "EMPLOYER";
  return render(
    t("newSignIn.subject", { product: PRODUCT_NAME, device: p.device }),
    {
      language: p.language,
      origin: p.origin,
      heading: t("newSignIn.heading"),
      greeting: hi(p.to, t),
      lines: [
        t("newSignIn.text"),
        { label: t("newSignIn.device"), value: p.device },
        {
          label: t("newSignIn.address"),
          value: p.ip ?? t("newSignIn.unknownAddress"),
        },
        { label: t("newSignIn.when"), value: p.on },
        t(employer ? "newSignIn.notYouEmployer" : "newSignIn.notYouEmployee"),
      ],
      action: {
        label: t("newSignIn.action"),
        href: url(p.origin, employer ? "/settings#security" : "/profile"),
      },
    },
  );
}

/** To a company's owners: a webhook endpoint failed for 3 days and gets no more events. */
export function webhookDisabledMail(p: {
  origin: string;
  to: Person;
  url: string;
  /** Failed attempts in a row. */
  failures: number;
  failingSince: string;
  /** The owner's language. */
  language?: Language;
}): RenderedMail {
  const t = mailT(p.language);
  return render(t("webhookDisabled.subject"), {
    language: p.language,
    origin: p.origin,
    heading: t("webhookDisabled.heading"),
    greeting: hi(p.to, t),
    lines: [
      t("webhookDisabled.text", {
        date: p.failingSince,
        failures: p.failures,
      }),
      { label: t("webhookDisabled.endpoint"), value: p.url },
      { label: t("webhookDisabled.failingSince"), value: p.failingSince },
    ],
    action: {
      label: t("webhookDisabled.action"),
      href: url(p.origin, "/settings/api"),
    },
  });
}

// ---- Complaints (docs/decisions/0113) -----------------------------------------------------

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
