import type { User } from "#db/schema";
import { unauthorized } from "~/utils/errors";
import { db } from "~/utils/db.server";
import { recordSignIn } from "./audit.server";
import { notifyNewSignIn } from "./notifications.server";
import { isMfaEnabled, MFA_CODE_REQUIRED, verifyMfaCode } from "./mfa.server";
import {
  completeMfaSession,
  createSession,
  getPendingMfaSession,
  type ClientInfo,
} from "./sessions.server";

// What follows a correct password (verifyLogin): a full session, or, for a user with
// two-factor sign-in on, the half-signed-in state that only a code completes. Never a full
// session before the code.

export const MFA_STEP_EXPIRED =
  "Your sign-in took too long. Please sign in again.";

export type AfterPassword =
  { kind: "session"; token: string } | { kind: "mfa"; pendingToken: string };

/** An e-mail to the user when this session's device had not signed in before. */
function noticeNewDevice(sessionId: number) {
  return db().transaction((tx) => notifyNewSignIn(tx, sessionId));
}

/** The form's sign-in: the code is asked on a second step (/auth?step=code). */
export async function sessionAfterPassword(
  user: User,
  options: { remember: boolean } & ClientInfo,
): Promise<AfterPassword> {
  if (await isMfaEnabled(user.id)) {
    const { token } = await createSession(user.id, {
      ...options,
      mfaPending: true,
    });
    return { kind: "mfa", pendingToken: token };
  }
  const { token, session } = await createSession(user.id, options);
  await recordSignIn(user);
  await noticeNewDevice(session.id);
  return { kind: "session", token };
}

/**
 * The API's sign-in: password and code in one request (`code`). A user with two-factor on and
 * no code gets 401 saying a code is required; a wrong or reused code is 401 too.
 */
export async function sessionWithCode(
  user: User,
  options: { remember: boolean; code?: string } & ClientInfo,
): Promise<string> {
  if (await isMfaEnabled(user.id)) {
    if (!options.code) throw unauthorized(MFA_CODE_REQUIRED);
    await verifyMfaCode(user, options.code);
  }
  const { token, session } = await createSession(user.id, options);
  await recordSignIn(user);
  await noticeNewDevice(session.id);
  return token;
}

/** The form's second step: the pending sign-in and a code give a full session. */
export async function completeMfaSignIn(
  pendingToken: string,
  code: string,
): Promise<{ user: User; token: string; remember: boolean }> {
  const pending = await getPendingMfaSession(pendingToken);
  if (!pending) throw unauthorized(MFA_STEP_EXPIRED);
  await verifyMfaCode(pending.user, code);
  const completed = await completeMfaSession(pending.session.id);
  if (!completed) throw unauthorized(MFA_STEP_EXPIRED);
  await recordSignIn(pending.user);
  await noticeNewDevice(pending.session.id);
  return {
    user: pending.user,
    token: completed.token,
    remember: pending.session.remember,
  };
}

/** Whether a pending sign-in is waiting for its code (the /auth code step shows then). */
export async function hasPendingMfaSignIn(
  pendingToken: string | null,
): Promise<boolean> {
  return Boolean(pendingToken && (await getPendingMfaSession(pendingToken)));
}
