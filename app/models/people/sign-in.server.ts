import type { User } from "#db/schema";
import { unauthorized } from "~/utils/errors";
import { db } from "~/utils/db.server";
import { recordSignIn } from "~/models/audit/index.server";
import { trustDevice } from "./devices.server";
import { verifyLogin } from "./login.server";
import { notifyNewSignIn } from "~/models/notifications/index.server";
import { newSignInOf } from "./recipients.server";
import { isMfaEnabled, MFA_CODE_REQUIRED, verifyMfaCode } from "./mfa.server";
import {
  completeMfaSession,
  createSession,
  getPendingMfaSession,
  type ClientInfo,
} from "./sessions.server";

// The one sign-in of the /auth page and of POST /api/login: the password checked
// under the throttle (verifyLogin), then the second factor, then the session, the
// `user.signed_in` audit event and the new-device notice. Never a full session before the code.

const MFA_STEP_EXPIRED = "Your sign-in took too long. Please sign in again.";

export type SignInInput = {
  username: string;
  password: string;
  remember: boolean;
  /** The API's two-factor code, sent with the password. */
  code?: string;
};

/**
 * Where a two-factor account gives its code: on the page's second step (/auth?step=code,
 * completeMfaSignIn), or in the same request as the password (the API's `code`).
 */
export type CodeAsked = "next-step" | "with-password";

/** A full session, and the device token the browser keeps from now on. */
export type SignedIn = {
  kind: "session";
  user: User;
  token: string;
  device: string;
};
export type SignInOutcome =
  SignedIn | { kind: "mfa"; user: User; pendingToken: string };

/** An e-mail to the user when this session's device had not signed in before. */
function noticeNewDevice(sessionId: number) {
  return db().transaction(async (tx) =>
    notifyNewSignIn(tx, await newSignInOf(tx, sessionId)),
  );
}

/**
 * Signs a user in with username and password (throttled per username and per address: past
 * the limit 429, whatever the password; a wrong one is 401 without saying which field).
 * A user with two-factor sign-in on gets, with `"next-step"`, the half-signed-in state that
 * only a code completes; with `"with-password"`, the code must come in `input.code` (missing:
 * 401 saying a code is required; wrong or reused: 401; throttled like passwords).
 */
export async function signIn(
  input: SignInInput,
  client: ClientInfo,
  code: "with-password",
): Promise<SignedIn>;
export async function signIn(
  input: SignInInput,
  client: ClientInfo,
  code: CodeAsked,
): Promise<SignInOutcome>;
export async function signIn(
  input: SignInInput,
  client: ClientInfo,
  code: CodeAsked,
): Promise<SignInOutcome> {
  const user = await verifyLogin(
    input.username,
    input.password,
    client.ip ?? undefined,
    client.device,
  );
  if (await isMfaEnabled(user.id)) {
    if (code === "next-step") {
      const { token } = await createSession(user.id, {
        remember: input.remember,
        ...client,
        mfaPending: true,
      });
      return { kind: "mfa", user, pendingToken: token };
    }
    if (!input.code) throw unauthorized(MFA_CODE_REQUIRED);
    await verifyMfaCode(user, input.code);
  }
  return {
    kind: "session",
    user,
    token: await startSession(user, input.remember, client),
    device: await trustDevice(user.id, client),
  };
}

/** The full session of a user whose password (and code, when enrolled) was checked. */
async function startSession(
  user: User,
  remember: boolean,
  client: ClientInfo,
): Promise<string> {
  const { token, session } = await createSession(user.id, {
    remember,
    ...client,
  });
  await signedIn(user, session.id);
  return token;
}

/** What every completed sign-in writes: the audit event, then the new-device notice. */
async function signedIn(user: User, sessionId: number) {
  await recordSignIn(user);
  await noticeNewDevice(sessionId);
}

/** The form's second step: the pending sign-in and a code give a full session. */
export async function completeMfaSignIn(
  pendingToken: string,
  code: string,
  client: ClientInfo,
): Promise<{ user: User; token: string; remember: boolean; device: string }> {
  const pending = await getPendingMfaSession(pendingToken);
  if (!pending) throw unauthorized(MFA_STEP_EXPIRED);
  await verifyMfaCode(pending.user, code);
  const completed = await completeMfaSession(pending.session.id);
  if (!completed) throw unauthorized(MFA_STEP_EXPIRED);
  await signedIn(pending.user, pending.session.id);
  return {
    user: pending.user,
    token: completed.token,
    remember: pending.session.remember,
    device: await trustDevice(pending.user.id, client),
  };
}

/** Whether a pending sign-in is waiting for its code (the /auth code step shows then). */
export async function hasPendingMfaSignIn(
  pendingToken: string | null,
): Promise<boolean> {
  return Boolean(pendingToken && (await getPendingMfaSession(pendingToken)));
}
