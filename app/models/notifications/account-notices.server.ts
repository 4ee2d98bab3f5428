import * as templates from "~/services/mail/templates";
import type { Executor } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { localizeMessage } from "~/utils/i18n.server";
import { describeUserAgent } from "~/utils/user-agent";
import { enqueueMail, mailOrigin, uniqueKey } from "./mail.server";
import { languageOf } from "./email-choices.server";
import type { AccountRecipient } from "./recipient.server";

// The security notices of an account: a password or two-factor
// change, a sign-in from a new device. People, whose actions these are, reads the account and
// the session and passes them in.

/** To anyone: their password was changed on /profile or reset by an e-mail link. */
export async function notifyPasswordChanged(
  tx: Executor,
  u: AccountRecipient | null,
  how: "changed" | "reset",
) {
  if (!u) return;
  await enqueueMail(tx, {
    userId: u.id,
    to: u.email,
    kind: "password.changed",
    dedupeKey: uniqueKey("password.changed"),
    mail: templates.passwordChangedMail({
      origin: mailOrigin(),
      to: u,
      on: formatDateTime(new Date(), languageOf(u)),
      how,
      language: languageOf(u),
    }),
  });
}

/** To anyone: two-factor sign-in was turned on or off. */
export async function notifyMfaChanged(
  tx: Executor,
  u: AccountRecipient | null,
  enabled: boolean,
) {
  if (!u) return;
  await enqueueMail(tx, {
    userId: u.id,
    to: u.email,
    kind: enabled ? "mfa.enabled" : "mfa.disabled",
    dedupeKey: uniqueKey(enabled ? "mfa.enabled" : "mfa.disabled"),
    mail: templates.mfaChangedMail({
      origin: mailOrigin(),
      to: u,
      on: formatDateTime(new Date(), languageOf(u)),
      enabled,
      language: languageOf(u),
    }),
  });
}

/** A session as the new-device notice needs it (people's sessions, read in the sign-in's
 * transaction). */
export type NewSignIn = {
  /** The account signed in. */
  to: AccountRecipient;
  sessionId: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date | string;
  /** Another finished sign-in of this account came from the same user agent. */
  seenBefore: boolean;
  /** The account had signed in (fully) before at all. */
  anyBefore: boolean;
};

/**
 * To anyone: a sign-in from a device (user agent) that this account had not signed in from
 * before. Not sent for the account's very first sign-in.
 */
export async function notifyNewSignIn(tx: Executor, s: NewSignIn | null) {
  if (!s || s.seenBefore || !s.anyBefore) return;
  const u = s.to;
  await enqueueMail(tx, {
    userId: u.id,
    to: u.email,
    kind: "signin.new-device",
    dedupeKey: `signin.new-device:${s.sessionId}`,
    mail: templates.newSignInMail({
      origin: mailOrigin(),
      to: u,
      role: u.role,
      device: localizeMessage(languageOf(u), describeUserAgent(s.userAgent)),
      ip: s.ip,
      on: formatDateTime(s.createdAt, languageOf(u)),
      language: languageOf(u),
    }),
  });
}
