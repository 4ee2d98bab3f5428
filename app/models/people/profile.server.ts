import { eq } from "drizzle-orm";
import { users, type User } from "#db/schema";
import { publish } from "~/services/events.server";
import { db } from "~/utils/db.server";
import { badRequest, notFound } from "~/utils/errors";
import { env } from "~/utils/env.server";
import type { Language } from "~/utils/i18n";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { forgetAllDevicesIn } from "./devices.server";
import { notifySessionsRevoked, revokeSessionsIn } from "./sessions.server";
import {
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
  type ThrottleKey,
} from "./throttle.server";
import {
  companyOf,
  recordAudit,
  listOwnEvents,
} from "~/models/audit/index.server";
import {
  getEmailChoices,
  notifyPasswordChanged,
} from "~/models/notifications/index.server";
import { getEmployeeRecord } from "./employee-record.server";
import { userNames } from "./names.server";
import { accountRecipient } from "./recipients.server";
import { assertStrongPassword } from "./user.server";
import type { ProfileInput } from "~/validation/profile";

/** The e-mail choices the profile saves (notifications/email-choices.server.ts). */

/**
 * What /profile shows besides the sessions: the employee record, the user's own latest audit
 * events and their e-mail choices. One module for the page (each server module a route imports
 * costs its pages a chunk in the browser build).
 */
export async function loadProfile(user: User, activityShown: number) {
  const [employee, activity, emailChoices] = await Promise.all([
    getEmployeeRecord(user),
    listOwnEvents(user, userNames, activityShown),
    getEmailChoices(user.id),
  ]);
  return { employee, activity, emailChoices };
}

const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const TOO_MANY_PASSWORD_ATTEMPTS =
  "Too many password attempts. Please wait a few minutes and try again.";

/** Throttle keys for a password re-check by a signed-in user (like sign-in's). */
function passwordCheckKeys(
  userId: number,
  address: string | null | undefined,
): ThrottleKey[] {
  const keys: ThrottleKey[] = [
    { key: `password:user:${userId}`, max: env().LOGIN_MAX_FAILURES },
  ];
  if (address)
    keys.push({ key: `ip:${address}`, max: env().LOGIN_MAX_FAILURES * 10 });
  return keys;
}

/**
 * Checks a signed-in user's current password, throttled like sign-in (reserved before the
 * hash is checked). A wrong password is a 400 naming the field.
 */
export async function checkCurrentPassword(
  userId: number,
  password: string,
  address: string | null | undefined,
  field = "currentPassword",
  wrongMessage = WRONG_CURRENT_PASSWORD,
): Promise<void> {
  const keys = passwordCheckKeys(userId, address);
  await reserveAttempt(keys, TOO_MANY_PASSWORD_ATTEMPTS);
  // The hash in the database, not the one loaded with the session's user, decides.
  const [row] = await db()
    .select({ password: users.password })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  const ok = await verifyPassword(password, row.password);
  if (!ok) throw badRequest(wrongMessage, { [field]: [wrongMessage] });
  await clearAttempts(keys[0].key);
  if (keys[1]) await releaseAttempt(keys[1].key);
}

/**
 * A user saves their own account settings (SPEC §2 My Profile): names, e-mail and department,
 * and, when a new password is given, the password, which needs the current one (throttled).
 * A wrong current password changes nothing at all. A changed password signs out every other
 * session of the user (`context.sessionId` is the one making the change and stays).
 */
export async function updateProfile(
  actor: User,
  input: ProfileInput,
  context: { sessionId?: number; address?: string | null } = {},
): Promise<{ user: User; passwordChanged: boolean }> {
  let passwordHash: string | undefined;
  if (input.newPassword) {
    await checkCurrentPassword(
      actor.id,
      input.currentPassword ?? "",
      context.address,
    );
    await assertStrongPassword(
      input.newPassword,
      [actor.username, input.firstName, input.lastName, input.email],
      "newPassword",
    );
    passwordHash = await hashPassword(input.newPassword);
  }
  let revoked = 0;
  const user = await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        department: input.department ?? null,
        ...(passwordHash
          ? { password: passwordHash, passwordSetByEmployer: false }
          : {}),
      })
      .where(eq(users.id, actor.id))
      .returning();
    if (!updated) throw notFound("User not found");
    if (passwordHash) {
      await recordAudit(tx, {
        actorId: actor.id,
        companyId: companyOf(actor),
        subjectUserId: actor.id,
        action: "password.changed",
      });
      revoked = await revokeSessionsIn(tx, actor.id, context.sessionId);
      await forgetAllDevicesIn(tx, actor.id);
      await notifyPasswordChanged(
        tx,
        await accountRecipient(tx, actor.id),
        "changed",
      );
    }
    return updated;
  });
  await notifySessionsRevoked(actor.id, revoked);
  await publish("employee.updated", [actor.id], { company: actor.companyId });
  return { user, passwordChanged: Boolean(passwordHash) };
}

/**
 * Saves the language a person chose: their pages, and the mails and jobs that write to them
 * (null: none chosen, the browser's language decides).
 */
export async function setUserLanguage(
  userId: number,
  language: Language | null,
): Promise<void> {
  await db().update(users).set({ language }).where(eq(users.id, userId));
}
