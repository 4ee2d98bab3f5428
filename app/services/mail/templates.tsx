import { PAY_BY_DAYS } from "~/utils/rules";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NOT_SINGLE_LINE } from "~/validation/common";

// E-mail templates as React components rendered on the server (docs/decisions/1201-e-mail.md).
// Each message has an HTML part and a plain-text part with the same facts, the product's
// name, absolute links, no images and no tracking; messages a person can choose not to get
// carry a link to where that choice is made. What a user wrote is never the product's voice: a
// name inside a sentence is kept to one line, and free text (a reason) is shown as a quoted
// value after its label, escaped in HTML and on indented lines of its own in the text part.

export const PRODUCT_NAME = "Grocery Advance";

export type RenderedMail = { subject: string; html: string; text: string };

type Link = { label: string; href: string };

/** A fact line, or text a user wrote, shown quoted under its label. */
type Line =
  string | { label: string; value: string } | { label: string; quote: string };

type MailProps = {
  origin: string;
  preheader?: string;
  heading: string;
  greeting: string;
  /** Paragraphs and fact lines, shared by both parts. */
  lines: Line[];
  action?: Link;
  /** Where the recipient turns this kind of e-mail off (absent for account security mail). */
  preferences?: string;
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

function MailLayout(props: MailProps) {
  return (
    <html lang="en">
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
              Or open this address: {props.action.href}
            </p>
          ) : null}
        </div>
        <Footer {...props} />
      </body>
    </html>
  );
}

function Footer(props: MailProps): ReactNode {
  return (
    <div style={styles.footer}>
      {props.footerNote ? <p>{props.footerNote}</p> : null}
      {props.preferences ? (
        <p>
          You get this e-mail because of your {PRODUCT_NAME} e-mail choices.{" "}
          <a href={props.preferences} style={{ color: "#166534" }}>
            Unsubscribe or change them
          </a>
          .
        </p>
      ) : (
        <p>
          This is an account security message from {PRODUCT_NAME}; it is sent to
          every account.
        </p>
      )}
      <p>
        {PRODUCT_NAME} · <a href={props.origin}>{props.origin}</a>
      </p>
    </div>
  );
}

function textPart(props: MailProps): string {
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
      ? `You get this e-mail because of your ${PRODUCT_NAME} e-mail choices. Unsubscribe or change them: ${props.preferences}`
      : `This is an account security message from ${PRODUCT_NAME}; it is sent to every account.`,
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

const hi = (person: Person) => `Hi ${oneLine(person.firstName)},`;

export function advanceApprovedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  approvedOn: string;
  periods: number;
  /** The company pays the fee: nothing is authorized on the employee's card. */
  companyPaysFee?: boolean;
}): RenderedMail {
  return render(`Your ${p.amount} advance is approved`, {
    origin: p.origin,
    preheader: `Approved on ${p.approvedOn}.`,
    heading: "Your advance is approved",
    greeting: hi(p.to),
    lines: [
      `Your employer approved your grocery advance of ${p.amount} on ${p.approvedOn}.`,
      { label: "Amount", value: p.amount },
      { label: "Approved on", value: p.approvedOn },
      {
        label: "Repayment",
        value: `${p.periods} payroll deduction${p.periods === 1 ? "" : "s"}, scheduled when your card is issued`,
      },
      p.companyPaysFee
        ? `Confirm it at checkout within ${PAY_BY_DAYS} days to get your grocery card: your company pays the processing fee, so nothing is charged to your card. The ${p.amount} goes onto your grocery card.`
        : `Confirm it at checkout within ${PAY_BY_DAYS} days: only the processing fee is authorized on your card, and charged when your grocery card is issued. The ${p.amount} goes onto your grocery card; it is never charged to your card.`,
    ],
    action: { label: "Open Grocery Advance", href: url(p.origin, "/") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function advanceDeclinedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  declinedOn: string;
  reason: string;
}): RenderedMail {
  return render(`Your ${p.amount} advance request was declined`, {
    origin: p.origin,
    heading: "Your advance request was declined",
    greeting: hi(p.to),
    lines: [
      `Your employer declined your grocery advance request of ${p.amount} on ${p.declinedOn}.`,
      { label: "Amount", value: p.amount },
      { label: "Declined on", value: p.declinedOn },
      { label: "Reason", quote: p.reason },
    ],
    action: { label: "See your requests", href: url(p.origin, "/history") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function advanceEndedMail(p: {
  origin: string;
  to: Person;
  amount: string;
  on: string;
  reason: "cancelled" | "expired";
}): RenderedMail {
  const word = p.reason === "cancelled" ? "cancelled" : "expired";
  return render(`Your ${p.amount} advance request ${word}`, {
    origin: p.origin,
    heading: `Your advance request ${word}`,
    greeting: hi(p.to),
    lines: [
      p.reason === "cancelled"
        ? `Your grocery advance request of ${p.amount} was cancelled on ${p.on}.`
        : `Your approved grocery advance of ${p.amount} expired on ${p.on}: it was not paid for at checkout within 7 days of its approval.`,
      { label: "Amount", value: p.amount },
      {
        label: p.reason === "cancelled" ? "Cancelled on" : "Expired on",
        value: p.on,
      },
      "Nothing was charged and nothing will be deducted from your pay for it; any amount your employer reserved is back in your available balance.",
    ],
    action: { label: "See your requests", href: url(p.origin, "/history") },
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
}): RenderedMail {
  return render(`Your ${p.amount} grocery card could not be issued`, {
    origin: p.origin,
    heading: "Your grocery card could not be issued",
    greeting: hi(p.to),
    lines: [
      `We could not issue the grocery card for your ${p.amount} advance, so we cancelled the request on ${p.on}.`,
      p.refunded
        ? `The ${p.fee} processing fee was refunded to your card. Your bank may take 5 to 10 days to show it.`
        : `Nothing was charged: the ${p.fee} authorization on your card was released.`,
      "Nothing will be deducted from your pay for this advance, and the amount is back in your available balance. You can request a new advance.",
      { label: "Amount", value: p.amount },
      {
        label: p.refunded ? "Fee refunded" : "Charged",
        value: p.refunded ? p.fee : "$0.00",
      },
    ],
    action: { label: "See your requests", href: url(p.origin, "/history") },
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
}): RenderedMail {
  return render(`Your ${p.amount} grocery card is ready`, {
    origin: p.origin,
    heading: "Your grocery card is ready",
    greeting: hi(p.to),
    lines: [
      `Your virtual grocery card was issued on ${p.issuedOn}.`,
      { label: "Card", value: p.maskedNumber },
      { label: "Amount", value: p.amount },
      { label: "Where it works", value: p.restriction },
      { label: "Expires", value: p.expiry },
      p.companyPaysFee
        ? {
            label: "Charged to your card",
            value:
              "Nothing: your company paid the processing fee, and the advance itself is not charged to your card",
          }
        : {
            label: "Charged to your card",
            value: `${p.fee} processing fee (the advance itself was not charged to your card)`,
          },
      ...p.deductions.map((d, i) => ({
        label: `Payroll deduction${p.deductions.length > 1 ? ` ${i + 1}` : ""}`,
        value: `${d.amount} on ${d.date}`,
      })),
      "The full card details are shown only in the app.",
    ],
    action: { label: "See your card", href: url(p.origin, "/") },
    preferences: url(p.origin, "/profile#email-choices"),
  });
}

export function deductionReminderMail(p: {
  origin: string;
  to: Person;
  amount: string;
  date: string;
}): RenderedMail {
  return render(`${p.amount} will be deducted from your pay on ${p.date}`, {
    origin: p.origin,
    heading: "A payroll deduction is coming up",
    greeting: hi(p.to),
    lines: [
      `${p.amount} of your grocery advance will be deducted from your pay on ${p.date}.`,
      { label: "Amount", value: p.amount },
      { label: "Date", value: p.date },
    ],
    action: { label: "See your deductions", href: url(p.origin, "/") },
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
}): RenderedMail {
  const employee = oneLine(p.employeeName);
  return render(`New advance request: ${employee}, ${p.amount}`, {
    origin: p.origin,
    heading: "A new advance request is waiting",
    greeting: hi(p.to),
    lines: [
      `${employee} requested a grocery advance of ${p.amount} on ${p.requestedOn}.`,
      { label: "Employee", quote: employee },
      { label: "Amount", value: p.amount },
      { label: "Requested on", value: p.requestedOn },
      ...(p.reason ? [{ label: "Reason", quote: p.reason }] : []),
    ],
    action: { label: "Review requests", href: url(p.origin, "/approvals") },
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
}): RenderedMail {
  const subject = p.reminder
    ? `Reminder: record what the payroll of ${p.payDate} collected`
    : `Payroll file ready for ${p.payDate}: ${p.total} to deduct`;
  return render(subject, {
    origin: p.origin,
    heading: p.reminder
      ? "Payroll results still missing"
      : "Payroll file ready",
    greeting: hi(p.to),
    lines: [
      p.reminder
        ? `The payroll run of ${p.payDate} is still waiting for its results. Until they are recorded, its deductions count as submitted, not collected.`
        : `The payroll run of ${p.payDate} is ready: give its file to your payroll, then record what each paycheck actually covered.`,
      { label: "Pay date", value: p.payDate },
      { label: "Deductions", value: String(p.deductions) },
      { label: "Total to deduct", value: p.total },
      { label: "Employees", value: String(p.employees) },
    ],
    action: {
      label: "Open the payroll run",
      href: url(p.origin, `/payroll?run=${p.runId}`),
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
}): RenderedMail {
  return render(`Your ${PRODUCT_NAME} report for ${p.month}`, {
    origin: p.origin,
    heading: `Monthly report: ${p.month}`,
    greeting: hi(p.to),
    lines: [
      `Here is what happened in ${p.month}.`,
      { label: "Requests received", value: String(p.requests) },
      { label: "Requests approved", value: String(p.approved) },
      { label: "Amount approved", value: p.approvedTotal },
      { label: "Collected by payroll", value: p.collected },
    ],
    action: { label: "Open reports", href: url(p.origin, "/reports") },
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
}): RenderedMail {
  const company = oneLine(p.company) || "Your employer";
  const inviter = oneLine(p.inviter);
  const what = p.role
    ? `to join its team on ${PRODUCT_NAME} as ${p.role === "ADMIN" ? "an admin" : p.role === "OWNER" ? "an owner" : "an approver"}`
    : `to ${PRODUCT_NAME}, where you can request a grocery advance repaid from your paychecks`;
  return render(`${company} invites you to ${PRODUCT_NAME}`, {
    origin: p.origin,
    heading: `Join ${company} on ${PRODUCT_NAME}`,
    greeting: p.firstName ? hi({ firstName: p.firstName }) : "Hello,",
    lines: [
      `${company} invites you ${what}.`,
      { label: "Company", quote: company },
      { label: "Invited by", quote: inviter },
      `The link below works once, for ${p.days} days. With it you choose your own username and password; nobody else knows them.`,
      "If you did not expect this invitation, ignore this e-mail.",
    ],
    action: { label: "Accept the invitation", href: p.link },
  });
}

export function accountCreatedMail(p: {
  origin: string;
  to: Person;
  company: string;
  link: string;
  days: number;
}): RenderedMail {
  const company = oneLine(p.company) || "Your employer";
  return render(`${company} created your account; choose your own password`, {
    origin: p.origin,
    heading: "Choose your own password",
    greeting: hi(p.to),
    lines: [
      `${company} created your ${PRODUCT_NAME} account and set its first password, so someone else knows it. Choose your own now: the link below works once, for ${p.days} days.`,
      "Until you do, your dashboard reminds you.",
    ],
    action: { label: "Choose your password", href: p.link },
  });
}

export function passwordResetMail(p: {
  origin: string;
  to: Person;
  link: string;
  minutes: number;
}): RenderedMail {
  return render(`Reset your ${PRODUCT_NAME} password`, {
    origin: p.origin,
    heading: "Reset your password",
    greeting: hi(p.to),
    lines: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. The link below works once, for ${p.minutes} minutes.`,
      "If you did not ask, ignore this e-mail: your password stays as it is.",
    ],
    action: { label: "Choose a new password", href: p.link },
  });
}

export function passwordChangedMail(p: {
  origin: string;
  to: Person;
  on: string;
  how: "changed" | "reset";
}): RenderedMail {
  return render(`Your ${PRODUCT_NAME} password was changed`, {
    origin: p.origin,
    heading: "Your password was changed",
    greeting: hi(p.to),
    lines: [
      p.how === "reset"
        ? `Your password was reset with an e-mail link on ${p.on}, and every session was signed out.`
        : `Your password was changed on ${p.on}, and your other sessions were signed out.`,
      "If this was not you, reset your password now and tell your employer.",
    ],
    action: {
      label: "Reset your password",
      href: url(p.origin, "/forgot-password"),
    },
  });
}

export function mfaChangedMail(p: {
  origin: string;
  to: Person;
  on: string;
  enabled: boolean;
}): RenderedMail {
  const word = p.enabled ? "turned on" : "turned off";
  return render(`Two-factor sign-in ${word}`, {
    origin: p.origin,
    heading: `Two-factor sign-in was ${word}`,
    greeting: hi(p.to),
    lines: [
      `Two-factor sign-in was ${word} for your account on ${p.on}.`,
      "If this was not you, reset your password now and tell support.",
    ],
    action: { label: "Review your security", href: url(p.origin, "/profile") },
  });
}

export function newSignInMail(p: {
  origin: string;
  to: Person;
  device: string;
  ip: string;
  on: string;
}): RenderedMail {
  return render(`New sign-in to ${PRODUCT_NAME} from ${p.device}`, {
    origin: p.origin,
    heading: "A new device signed in",
    greeting: hi(p.to),
    lines: [
      `Your account was signed in from a device we had not seen before.`,
      { label: "Device", value: p.device },
      { label: "Address", value: p.ip },
      { label: "When", value: p.on },
      "If this was not you, sign out that session on your profile and reset your password.",
    ],
    action: { label: "Review your sessions", href: url(p.origin, "/profile") },
  });
}

/** To a company's owners: a webhook endpoint failed for 3 days and gets no more events. */
export function webhookDisabledMail(p: {
  origin: string;
  to: Person;
  url: string;
  failingSince: string;
}): RenderedMail {
  return render("A webhook endpoint was disabled", {
    origin: p.origin,
    heading: "A webhook endpoint was disabled",
    greeting: hi(p.to),
    lines: [
      `Deliveries to this endpoint have failed since ${p.failingSince}, so it gets no more events. Fix the endpoint, then resend a delivery on the API page to enable it again.`,
      { label: "Endpoint", value: p.url },
      { label: "Failing since", value: p.failingSince },
    ],
    action: {
      label: "Open the API page",
      href: url(p.origin, "/settings/api"),
    },
  });
}
