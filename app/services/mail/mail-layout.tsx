import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NOT_SINGLE_LINE } from "~/validation/common";
import type { Language, TFunction } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";

// E-mail templates as React components rendered on the server.
// Each message has an HTML part and a plain-text part with the same facts, the product's
// name, absolute links, no images and no tracking; messages a person can choose not to get
// carry a link to where that choice is made. What a user wrote is never the product's voice: a
// name inside a sentence is kept to one line, and free text (a reason) is shown as a quoted
// value after its label, escaped in HTML and on indented lines of its own in the text part.
//
// This file: the layout every message shares and the helpers the messages are written with; the
// messages are in the files beside it, and templates.tsx is their one way in.

export const PRODUCT_NAME = "Grocery Advance";

export type RenderedMail = { subject: string; html: string; text: string };

type Link = { label: string; href: string };

/** A fact line, or text a user wrote, shown quoted under its label. */
export type Line =
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
export const mailT = (language: Language = "en"): TFunction =>
  serverT(language, "mail");

/** The `employeeMail` catalogue in a language, through i18next ("mail:…" reaches `mail`). */
export const employeeMailT = (language: Language = "en"): TFunction =>
  serverT(language, "employeeMail");

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

export function render(subject: string, props: MailProps): RenderedMail {
  return {
    subject,
    html: "<!doctype html>" + renderToStaticMarkup(<MailLayout {...props} />),
    text: textPart(props),
  };
}

export const url = (origin: string, path: string) =>
  new URL(path, origin).toString();

// ---- The messages -------------------------------------------------------------------------

export type Person = { firstName: string };

/** A name as part of the product's sentence: any character that breaks a line becomes a space. */
export function oneLine(text: string): string {
  return text.replace(new RegExp(NOT_SINGLE_LINE.source, "gu"), " ");
}

export const hi = (person: Person, t: TFunction = mailT()) =>
  t("hi", { name: oneLine(person.firstName) });
