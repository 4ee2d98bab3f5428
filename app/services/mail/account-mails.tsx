import type { Language } from "~/utils/i18n";
import {
  employeeMailT,
  hi,
  mailT,
  oneLine,
  PRODUCT_NAME,
  render,
  url,
  type Person,
  type RenderedMail,
} from "./mail-layout";

// The mails of an account and its company's settings: an
// invitation, a new account, a password reset, an address to confirm, security notices, a
// webhook endpoint disabled.

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
