import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { mfaRecoveryCodes, userMfa, type User } from "#db/schema";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { badRequest, conflict, forbidden, unauthorized } from "~/utils/errors";
import { checkCurrentPassword } from "./profile.server";
import { clearAttempts, reserveAttempt } from "./throttle.server";
import { recordOwnAccountAction } from "~/models/audit/index.server";
import { notifyMfaChanged } from "~/models/notifications/index.server";
import { accountRecipient } from "./recipients.server";

// TOTP two-factor sign-in for employers (DESIGN §5).
// RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30-second steps;
// a code is accepted one step either side of now, and each time-step only once.

const ISSUER = "Grocery Advance";
const PERIOD = 30;
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

export const MFA_CODE_REQUIRED =
  'A two-factor code is required: send the 6-digit code from your authenticator app (or a recovery code) as "code".';
export const INVALID_MFA_CODE = "Invalid or already used two-factor code.";
export const TOO_MANY_MFA_ATTEMPTS =
  "Too many two-factor attempts. Please wait a few minutes and try again.";
const MFA_ONLY_EMPLOYERS =
  "Two-factor sign-in is available to employer accounts.";

function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

const hashCode = (code: string) =>
  crypto.createHash("sha256").update(code).digest("hex");

/** "ab3de-fg7hk": lower case, no look-alike characters, ~50 bits each. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

const normalizeRecovery = (code: string) =>
  code.trim().toLowerCase().replace(/\s+/g, "");

export type MfaStatus =
  | { state: "off" }
  | { state: "enrolling"; manualKey: string; qrDataUrl: string; uri: string }
  | { state: "on"; since: Date; recoveryCodesLeft: number };

/** Whether the user signs in with a second factor (an enrolment that was confirmed). */
export async function isMfaEnabled(userId: number): Promise<boolean> {
  const [row] = await db()
    .select({ userId: userMfa.userId })
    .from(userMfa)
    .where(and(eq(userMfa.userId, userId), isNotNull(userMfa.confirmedAt)));
  return Boolean(row);
}

/**
 * What Settings › Security shows. The secret is shown (as a QR code and a manual key) only
 * while enrolment waits for its confirming code; once confirmed it never leaves the server.
 */
export async function getMfaStatus(user: User): Promise<MfaStatus> {
  const [row] = await db()
    .select()
    .from(userMfa)
    .where(eq(userMfa.userId, user.id));
  if (!row) return { state: "off" };
  if (row.confirmedAt) {
    const [left] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(mfaRecoveryCodes)
      .where(
        and(
          eq(mfaRecoveryCodes.userId, user.id),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      );
    return {
      state: "on",
      since: row.confirmedAt,
      recoveryCodesLeft: Number(left?.count ?? 0),
    };
  }
  const uri = totpFor(row.secret, user.username).toString();
  return {
    state: "enrolling",
    manualKey: row.secret.replace(/(.{4})/g, "$1 ").trim(),
    uri,
    // Rendered here, on the server: an SVG as a data: URL (the CSP allows img-src data:).
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(
      await QRCode.toString(uri, { type: "svg", margin: 1, width: 200 }),
    ).toString("base64")}`,
  };
}

function requireEmployer(user: User) {
  if (user.role !== "EMPLOYER") throw forbidden(MFA_ONLY_EMPLOYERS);
}

/** Starts (or restarts) enrolment with a new secret. Refused when two-factor is already on. */
export async function startMfaEnrolment(user: User): Promise<void> {
  requireEmployer(user);
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await db()
    .insert(userMfa)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { secret, createdAt: sql`now()`, lastStep: null },
      setWhere: isNull(userMfa.confirmedAt),
    })
    .returning({ userId: userMfa.userId });
  if (!row) throw conflict("Two-factor sign-in is already on.");
}

/** Abandons an enrolment that was not confirmed. */
export async function cancelMfaEnrolment(user: User): Promise<void> {
  await db()
    .delete(userMfa)
    .where(and(eq(userMfa.userId, user.id), isNull(userMfa.confirmedAt)));
}

function mfaKeys(userId: number) {
  return [{ key: `mfa:user:${userId}`, max: env().LOGIN_MAX_FAILURES }];
}

/**
 * Accepts a TOTP code for a time-step after the last one accepted (atomically, so a code
 * cannot be used twice even by two requests at once). Returns whether it was accepted.
 */
async function acceptTotp(
  userId: number,
  secret: string,
  label: string,
  code: string,
  confirmed: "confirmed" | "unconfirmed",
): Promise<boolean> {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return false;
  const now = Date.now();
  const delta = totpFor(secret, label).validate({
    token: digits,
    timestamp: now,
    window: WINDOW,
  });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  const [row] = await db()
    .update(userMfa)
    .set({
      lastStep: step,
      ...(confirmed === "unconfirmed" ? { confirmedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(userMfa.userId, userId),
        eq(userMfa.secret, secret),
        confirmed === "confirmed"
          ? isNotNull(userMfa.confirmedAt)
          : isNull(userMfa.confirmedAt),
        or(isNull(userMfa.lastStep), lt(userMfa.lastStep, step)),
      ),
    )
    .returning({ userId: userMfa.userId });
  return Boolean(row);
}

async function acceptRecoveryCode(
  userId: number,
  code: string,
): Promise<boolean> {
  const [row] = await db()
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashCode(normalizeRecovery(code))),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return Boolean(row);
}

/**
 * The second sign-in step: a TOTP code or an unused recovery code, throttled per user like the
 * password (reserved before the code is checked). A wrong or reused code is a 401.
 */
export async function verifyMfaCode(
  user: Pick<User, "id" | "username">,
  code: string,
): Promise<"totp" | "recovery"> {
  const keys = mfaKeys(user.id);
  await reserveAttempt(keys, TOO_MANY_MFA_ATTEMPTS);
  const [row] = await db()
    .select()
    .from(userMfa)
    .where(and(eq(userMfa.userId, user.id), isNotNull(userMfa.confirmedAt)));
  if (!row) throw unauthorized(INVALID_MFA_CODE);
  let kind: "totp" | "recovery" | null = null;
  if (await acceptTotp(user.id, row.secret, user.username, code, "confirmed"))
    kind = "totp";
  else if (await acceptRecoveryCode(user.id, code)) kind = "recovery";
  if (!kind) throw unauthorized(INVALID_MFA_CODE);
  await clearAttempts(keys[0].key);
  return kind;
}

/**
 * Confirms enrolment with a first code and creates the recovery codes, which are returned
 * ONCE (only their hashes are kept).
 */
export async function confirmMfaEnrolment(
  user: User,
  code: string,
): Promise<string[]> {
  requireEmployer(user);
  const keys = mfaKeys(user.id);
  await reserveAttempt(keys, TOO_MANY_MFA_ATTEMPTS);
  const [row] = await db()
    .select()
    .from(userMfa)
    .where(and(eq(userMfa.userId, user.id), isNull(userMfa.confirmedAt)));
  if (!row) throw conflict("Start the set-up again: it is not in progress.");
  const accepted = await acceptTotp(
    user.id,
    row.secret,
    user.username,
    code,
    "unconfirmed",
  );
  if (!accepted)
    throw badRequest(INVALID_MFA_CODE, { code: [INVALID_MFA_CODE] });
  await clearAttempts(keys[0].key);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db().transaction(async (tx) => {
    await tx
      .delete(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.id));
    await tx
      .insert(mfaRecoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashCode(c) })));
    await recordOwnAccountAction(user, "mfa.enabled", null, tx);
    await notifyMfaChanged(tx, await accountRecipient(tx, user.id), true);
  });
  return codes;
}

/** Turns two-factor off: needs the password and a current code (or a recovery code). */
export async function disableMfa(
  user: User,
  input: { password: string; code: string },
  address: string | null | undefined,
): Promise<void> {
  requireEmployer(user);
  if (!(await isMfaEnabled(user.id)))
    throw conflict("Two-factor sign-in is not on.");
  await checkCurrentPassword(
    user.id,
    input.password,
    address,
    "password",
    "Password is incorrect",
  );
  try {
    await verifyMfaCode(user, input.code);
  } catch (error) {
    if ((error as { status?: number }).status === 401)
      throw badRequest(INVALID_MFA_CODE, { code: [INVALID_MFA_CODE] });
    throw error;
  }
  await db().transaction(async (tx) => {
    await tx
      .delete(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.id));
    await tx.delete(userMfa).where(eq(userMfa.userId, user.id));
    await recordOwnAccountAction(user, "mfa.disabled", null, tx);
    await notifyMfaChanged(tx, await accountRecipient(tx, user.id), false);
  });
}
