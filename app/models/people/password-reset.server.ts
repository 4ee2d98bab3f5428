import type { Language } from "~/utils/i18n";
import { forgetAllDevicesIn } from "./devices.server";
import { companyOf, recordAudit } from "~/models/audit/index.server";
import {
  enqueueMail,
  mailOrigin,
  notifyPasswordChanged,
} from "~/models/notifications/index.server";
import { accountRecipient } from "./recipients.server";
import {
  hashToken,
  notifySessionsRevoked,
  revokeSessionsIn,
} from "./sessions.server";
import { clearAttempts, reserveAttempt } from "./throttle.server";
import { assertStrongPassword } from "./user.server";
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { passwordResetTokens, users, type User } from "#db/schema";
import * as templates from "~/services/mail/templates";
import { db, type Executor } from "~/utils/db.server";
import { badRequest, isAppError } from "~/utils/errors";
import { hashPassword } from "~/utils/password.server";
import {
  RESET_LINK_INVALID,
  RESET_TOO_MANY,
  type ResetPasswordInput,
} from "~/validation/password-reset";

// Password reset by e-mail. The answer to a request is
// the same whether or not an account matches; the link's token is 256 random bits of which
// only the SHA-256 is stored; it works once, for 30 minutes; requests are throttled per client
// address (429) and per account (silently: no further e-mail).

export const RESET_LINK_MINUTES = 30;
/** Reset e-mails per account per LOGIN_WINDOW_MINUTES. */
const RESET_MAX_PER_ACCOUNT = 3;
/** Reset requests per client address per LOGIN_WINDOW_MINUTES. */
const RESET_MAX_PER_ADDRESS = 10;

async function matchingUsers(identifier: string): Promise<User[]> {
  const text = identifier.trim().toLowerCase();
  const byName = await db()
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${text}`);
  if (byName.length > 0) return byName;
  if (!text.includes("@")) return [];
  return db()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${text}`)
    .limit(5);
}

/**
 * "Forgot password?": e-mails a reset link to the account named by username or e-mail, if
 * any. Returns nothing either way; throws 429 only for too many requests from one address.
 */
export async function requestPasswordReset(
  identifier: string,
  address: string | null | undefined,
): Promise<void> {
  await reserveAttempt(
    [{ key: `reset-ip:${address ?? "unknown"}`, max: RESET_MAX_PER_ADDRESS }],
    RESET_TOO_MANY,
  );
  for (const user of await matchingUsers(identifier)) {
    try {
      await reserveAttempt([
        { key: `reset-user:${user.id}`, max: RESET_MAX_PER_ACCOUNT },
      ]);
    } catch (error) {
      // Over the account's limit: no e-mail, and the same answer as always.
      if (isAppError(error) && error.status === 429) continue;
      throw error;
    }
    const token = crypto.randomBytes(32).toString("base64url");
    const origin = mailOrigin();
    await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(passwordResetTokens)
        .values({
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
        })
        .returning({ id: passwordResetTokens.id });
      await recordAudit(tx, {
        actorId: null,
        companyId: companyOf(user),
        subjectUserId: user.id,
        action: "password.reset_requested",
        details: address ? { address } : null,
      });
      await enqueueMail(tx, {
        userId: user.id,
        to: user.email,
        kind: "password.reset",
        dedupeKey: `password.reset:${row.id}`,
        mail: templates.passwordResetMail({
          origin,
          to: user,
          link: new URL(
            `/reset-password?token=${encodeURIComponent(token)}`,
            origin,
          ).toString(),
          minutes: RESET_LINK_MINUTES,
          language: user.language ?? "en",
        }),
      });
    });
  }
}

/** How long the "choose your own password" link of an account an employer created works. */
const CHOOSE_PASSWORD_DAYS = 7;

/**
 * An employer created this employee's account with a password they typed (the Add Employee
 * dialog): the employee is mailed a single-use link to choose their own, in the caller's
 * transaction. It is a password-reset link that lives 7 days (the reset page sets it).
 */
export async function mailChoosePasswordLink(
  tx: Executor,
  user: User,
  companyName: string,
  /** The employee has chosen no language yet: the employer's (theirs, else the one they use now). */
  language: Language = "en",
): Promise<void> {
  const token = crypto.randomBytes(32).toString("base64url");
  const origin = mailOrigin();
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${CHOOSE_PASSWORD_DAYS})`,
    })
    .returning({ id: passwordResetTokens.id });
  await enqueueMail(tx, {
    userId: user.id,
    to: user.email,
    kind: "account.created",
    dedupeKey: `account.created:${row.id}`,
    mail: templates.accountCreatedMail({
      origin,
      to: user,
      company: companyName,
      link: new URL(
        `/reset-password?token=${encodeURIComponent(token)}`,
        origin,
      ).toString(),
      days: CHOOSE_PASSWORD_DAYS,
      language: user.language ?? language,
    }),
  });
}

async function liveToken(executor: Executor, token: string, lock = false) {
  const query = executor
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Whether a reset link's token can still be used (the page shows the form or says why not). */
export async function isResetTokenLive(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return Boolean(await liveToken(db(), token));
}

/**
 * Sets a new password from a reset link, under the registration rules, and signs out every
 * session of the account. The token is spent in the same transaction; a used, expired or
 * unknown token is a 400 with RESET_LINK_INVALID.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<User> {
  const found = await liveToken(db(), input.token);
  if (!found) throw badRequest(RESET_LINK_INVALID);
  const [user] = await db()
    .select()
    .from(users)
    .where(eq(users.id, found.userId));
  if (!user) throw badRequest(RESET_LINK_INVALID);
  await assertStrongPassword(
    input.password,
    [user.username, user.firstName, user.lastName, user.email],
    "password",
  );
  const hash = await hashPassword(input.password);
  const revoked = await db().transaction(async (tx) => {
    // Locked and re-checked: of two uses of one link, one wins.
    const token = await liveToken(tx, input.token, true);
    if (!token) throw badRequest(RESET_LINK_INVALID);
    // Every outstanding link of the account is spent with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await tx
      .update(users)
      .set({ password: hash, passwordSetByEmployer: false })
      .where(eq(users.id, user.id));
    const count = await revokeSessionsIn(tx, user.id);
    await forgetAllDevicesIn(tx, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      companyId: companyOf(user),
      subjectUserId: user.id,
      action: "password.reset",
      details: { sessionsEnded: count },
    });
    await notifyPasswordChanged(
      tx,
      await accountRecipient(tx, user.id),
      "reset",
    );
    return count;
  });
  await notifySessionsRevoked(user.id, revoked);
  // A sign-in lock the forgotten password caused ends with the reset.
  await clearAttempts(`user:${user.username.toLowerCase()}`);
  return user;
}

/** Housekeeping: reset links used or expired more than a day ago are deleted. */
export async function deleteSpentResetTokens(): Promise<number> {
  const deleted = await db()
    .delete(passwordResetTokens)
    .where(
      sql`coalesce(${passwordResetTokens.usedAt}, ${passwordResetTokens.expiresAt}) < now() - interval '1 day'`,
    )
    .returning({ id: passwordResetTokens.id });
  return deleted.length;
}
