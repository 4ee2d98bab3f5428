import { eq, sql } from "drizzle-orm";
import { users } from "#db/schema";
import * as templates from "~/services/mail/templates";
import { queryRows, type Executor } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { localizeMessage } from "~/utils/i18n.server";
import { describeUserAgent } from "~/utils/user-agent";
import { enqueueMail, mailOrigin, uniqueKey } from "./mail.server";
import { languageOf } from "./email-choices.server";

// The security notices of an account (docs/decisions/0049-e-mail.md): a password or two-factor
// change, a sign-in from a new device.

async function person(tx: Executor, userId: number) {
  const [u] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

/** To anyone: their password was changed on /profile or reset by an e-mail link. */
export async function notifyPasswordChanged(
  tx: Executor,
  userId: number,
  how: "changed" | "reset",
) {
  const u = await person(tx, userId);
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
  userId: number,
  enabled: boolean,
) {
  const u = await person(tx, userId);
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

/**
 * To anyone: a sign-in from a device (user agent) that this account had not signed in from
 * before. Not sent for the account's very first sign-in.
 */
export async function notifyNewSignIn(tx: Executor, sessionId: number) {
  const [s] = await queryRows<{
    user_id: number;
    user_agent: string | null;
    ip: string | null;
    created_at: Date | string;
    seen_before: boolean;
    any_before: boolean;
  }>(
    tx,
    sql`select s.user_id, s.user_agent, s.ip, s.created_at,
               exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id
                       and o.mfa_pending = false and o.user_agent is not distinct from s.user_agent) as seen_before,
               exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id
                       and o.mfa_pending = false) as any_before
        from sessions s where s.id = ${sessionId}`,
  );
  if (!s || s.seen_before || !s.any_before) return;
  const u = await person(tx, s.user_id);
  if (!u) return;
  await enqueueMail(tx, {
    userId: u.id,
    to: u.email,
    kind: "signin.new-device",
    dedupeKey: `signin.new-device:${sessionId}`,
    mail: templates.newSignInMail({
      origin: mailOrigin(),
      to: u,
      role: u.role,
      device: localizeMessage(languageOf(u), describeUserAgent(s.user_agent)),
      ip: s.ip,
      on: formatDateTime(s.created_at, languageOf(u)),
      language: languageOf(u),
    }),
  });
}
