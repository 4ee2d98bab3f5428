import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { emailConfirmations, users, type User } from "#db/schema";
import { companyOf, recordAudit } from "~/models/audit/index.server";
import { enqueueMail, mailOrigin } from "~/models/notifications/index.server";
import * as templates from "~/services/mail/templates";
import { db, type Executor } from "~/utils/db.server";
import { badRequest, conflict } from "~/utils/errors";
import { hashToken } from "./sessions.server";
import { reserveAttempt } from "./throttle.server";

// Confirming an e-mail address: a self-registered company's owner is
// mailed a single-use link at registration; opening it and pressing "Confirm" marks the address
// confirmed. Until then the company sends few invitations (app/models/companies
// sending-limits). Only the token's SHA-256 is kept; a link confirms the address it was mailed
// to, so a link mailed before the address changed confirms nothing.

export const CONFIRMATION_LINK_DAYS = 7;
/** Links an account may ask for again per LOGIN_WINDOW_MINUTES (from the Settings page). */
const CONFIRMATION_MAX_PER_ACCOUNT = 3;

const CONFIRMATION_LINK_INVALID =
  "This confirmation link has expired, has already been used or was sent to another address. Ask for a new one on the Settings page.";
const CONFIRMATION_TOO_MANY =
  "Too many confirmation e-mails. Please wait a few minutes and try again.";
const ALREADY_CONFIRMED = "Your e-mail address is already confirmed.";

/** Whether the user's current address is the one they confirmed. */
export function isEmailConfirmed(
  user: Pick<User, "email" | "confirmedEmail">,
): boolean {
  return (
    user.confirmedEmail !== null &&
    user.confirmedEmail.toLowerCase() === user.email.toLowerCase()
  );
}

/** Writes a confirmation link for the user's current address and mails it, in `tx`. */
export async function mailEmailConfirmation(
  tx: Executor,
  user: User,
): Promise<void> {
  const token = crypto.randomBytes(32).toString("base64url");
  const origin = mailOrigin();
  const [row] = await tx
    .insert(emailConfirmations)
    .values({
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${CONFIRMATION_LINK_DAYS})`,
    })
    .returning({ id: emailConfirmations.id });
  await enqueueMail(tx, {
    userId: user.id,
    to: user.email,
    kind: "email.confirmation",
    dedupeKey: `email.confirmation:${row.id}`,
    mail: templates.emailConfirmationMail({
      origin,
      to: user,
      email: user.email,
      link: new URL(
        `/confirm-email?token=${encodeURIComponent(token)}`,
        origin,
      ).toString(),
      days: CONFIRMATION_LINK_DAYS,
      language: user.language ?? "en",
    }),
  });
}

/** "Send the link again" on the Settings page: throttled per account; 409 once confirmed. */
export async function resendEmailConfirmation(user: User): Promise<void> {
  if (isEmailConfirmed(user)) throw conflict(ALREADY_CONFIRMED);
  await reserveAttempt(
    [
      {
        key: `email-confirmation:${user.id}`,
        max: CONFIRMATION_MAX_PER_ACCOUNT,
      },
    ],
    CONFIRMATION_TOO_MANY,
  );
  await db().transaction((tx) => mailEmailConfirmation(tx, user));
}

type LiveLink = { id: number; userId: number; email: string };

async function liveLink(
  tx: Executor,
  token: string,
  lock = false,
): Promise<LiveLink | null> {
  if (!token) return null;
  const query = tx
    .select({
      id: emailConfirmations.id,
      userId: emailConfirmations.userId,
      email: emailConfirmations.email,
    })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(token)),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, sql`now()`),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The address a link would confirm, or null when it is unknown, used or expired. */
export async function emailOfConfirmationLink(
  token: string,
): Promise<string | null> {
  return (await liveLink(db(), token))?.email ?? null;
}

/**
 * Confirms the address a link was mailed to: the link is spent, and the address becomes the
 * account's confirmed one if it is still the account's address. A used, expired or unknown
 * link, or one mailed to an address the account no longer has, is a 400.
 */
export async function confirmEmail(token: string): Promise<User> {
  return db().transaction(async (tx) => {
    const link = await liveLink(tx, token, true);
    if (!link) throw badRequest(CONFIRMATION_LINK_INVALID);
    await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(eq(emailConfirmations.id, link.id));
    const [user] = await tx
      .update(users)
      .set({ confirmedEmail: link.email })
      .where(
        and(
          eq(users.id, link.userId),
          sql`lower(${users.email}) = lower(${link.email})`,
        ),
      )
      .returning();
    if (!user) throw badRequest(CONFIRMATION_LINK_INVALID);
    await recordAudit(tx, {
      actorId: user.id,
      companyId: companyOf(user),
      subjectUserId: user.id,
      action: "email.confirmed",
      details: { email: link.email },
    });
    return user;
  });
}
