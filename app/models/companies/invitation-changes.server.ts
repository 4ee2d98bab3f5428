import { recordAudit } from "~/models/audit/index.server";
import { hashToken } from "~/models/people/index.server";
import { addDays } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import { invitations, type Invitation, type User } from "#db/schema";
import { db, type Tx } from "~/utils/db.server";
import { conflict, notFound } from "~/utils/errors";
import {
  INVITATION_ALREADY_PENDING,
  INVITATION_DAYS,
  INVITATION_NOT_FOUND,
  INVITATION_NOT_PENDING,
} from "~/utils/invitation-rules";
import { companyFor } from "~/utils/company-access.server";
import { reserveInvitationSends } from "./sending-limits.server";
import { mailInvitation, newToken, statusOf } from "./invitations.server";

// An invitation sent again with a new link, or revoked: by the company, or when the one who
// sent it leaves.

/** The caller's company's invitation by id (404 for another company's, as for any record). */
async function ownInvitation(
  tx: Tx,
  actor: User,
  id: number,
): Promise<Invitation> {
  if (!Number.isSafeInteger(id) || id <= 0)
    throw notFound(INVITATION_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.id, id))
    .for("update");
  if (!row || actor.role !== "EMPLOYER" || row.companyId !== actor.companyId)
    throw notFound(INVITATION_NOT_FOUND);
  companyFor(actor, row.kind === "EMPLOYEE" ? "manageEmployees" : "team");
  return row;
}

/**
 * Sends a pending or expired invitation again with a new link (the old one stops working) and
 * a new 7-day deadline. An accepted or revoked invitation cannot be resent (409).
 */
export async function resendInvitation(
  actor: User,
  id: number,
  now = new Date(),
): Promise<Invitation> {
  return db().transaction(async (tx) => {
    const row = await ownInvitation(tx, actor, id);
    if (row.status !== "PENDING" && row.status !== "EXPIRED")
      throw conflict(INVITATION_NOT_PENDING);
    await reserveInvitationSends(tx, row.companyId);
    const token = newToken();
    let updated: Invitation | undefined;
    try {
      [updated] = await tx
        .update(invitations)
        .set({
          tokenHash: hashToken(token),
          status: "PENDING",
          sentAt: now,
          expiresAt: addDays(now, INVITATION_DAYS),
        })
        .where(eq(invitations.id, row.id))
        .returning();
    } catch (error) {
      // An expired invitation whose address has a newer pending one.
      if (String((error as { code?: string }).code) === "23505")
        throw conflict(INVITATION_ALREADY_PENDING);
      throw error;
    }
    await recordAudit(tx, {
      actorId: actor.id,
      companyId: row.companyId,
      action: "invitation.resent",
      details: { email: row.email },
    });
    const [{ sends }] = await tx
      .select({ sends: sql<number>`count(*)::int` })
      .from(sql`audit_events`)
      .where(
        sql`action = 'invitation.resent' and employer_id = ${row.companyId} and details->>'email' = ${row.email}`,
      );
    await mailInvitation(tx, updated!, token, actor, 1 + Number(sends));
    return updated!;
  });
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  actor: User,
  id: number,
  now = new Date(),
): Promise<Invitation> {
  return db().transaction(async (tx) => {
    const row = await ownInvitation(tx, actor, id);
    if (statusOf(row, now) !== "PENDING")
      throw conflict(INVITATION_NOT_PENDING);
    const [updated] = await tx
      .update(invitations)
      .set({ status: "REVOKED", revokedAt: now })
      .where(eq(invitations.id, row.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId: row.companyId,
      action: "invitation.revoked",
      details: { email: row.email },
    });
    return updated;
  });
}

/**
 * A member leaves the company: the invitations they sent that are still pending are revoked in
 * the caller's transaction, so no link they could still have seen works (a removed owner's
 * OWNER invitation least of all). Returns what was revoked, for the owner who removed them.
 */
export async function revokeInvitationsSentBy(
  tx: Tx,
  actor: User,
  companyId: number,
  memberId: number,
  now = new Date(),
): Promise<Array<{ id: number; email: string }>> {
  const revoked = await tx
    .update(invitations)
    .set({ status: "REVOKED", revokedAt: now })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.invitedById, memberId),
        eq(invitations.status, "PENDING"),
      ),
    )
    .returning({ id: invitations.id, email: invitations.email });
  for (const row of revoked)
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "invitation.revoked",
      details: { email: row.email, reason: "inviter removed" },
    });
  return revoked.sort((a, b) => a.id - b.id);
}
