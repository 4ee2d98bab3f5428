import { and, asc, eq, sql } from "drizzle-orm";
import { auditEvents, companies, sessions, users, type User } from "#db/schema";
import { db, type Tx } from "~/utils/db.server";
import { conflict, notFound } from "~/utils/errors";
import { LAST_OWNER, type CompanyRole } from "~/utils/company-roles";
import { recordAudit } from "~/models/audit/index.server";
import {
  notifySessionsRevoked,
  revokeSessionsIn,
} from "~/models/people/index.server";
import { companyFor } from "~/utils/company-access.server";
import { revokeApiKeysCreatedBy } from "~/models/integrations/index.server";
import { revokeInvitationsSentBy } from "./invitation-changes.server";

// The company's team (/settings/team, owners only): the employer-side members with their role
// and last sign-in; a role changed; a member removed (their sessions end at once). A company
// always keeps at least one owner. Inviting a colleague is in invitations.server.ts.

const MEMBER_NOT_FOUND = "Member not found";

export type TeamMember = {
  id: number;
  name: string;
  email: string;
  username: string;
  role: CompanyRole;
  joinedAt: string;
  lastSignInAt: string | null;
};

export async function listTeam(actor: User): Promise<TeamMember[]> {
  const companyId = companyFor(actor, "team");
  const rows = await db()
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      username: users.username,
      role: users.companyRole,
      joinedAt: users.createdAt,
      // The last completed sign-in: the audit trail's `user.signed_in` (kept after sign-out,
      // when ended sessions are deleted), else the newest full session (not one still waiting
      // for its second step). The member's id is named with its table: drizzle writes a column
      // of the only table selected from without it, which the subqueries would read as their
      // own `id` (every member then showed "Never").
      lastSignInAt: sql<Date | string | null>`greatest(
        (select max(a.occurred_at) from ${auditEvents} a
          where a.subject_user_id = ${users}.id and a.action = 'user.signed_in'),
        (select max(s.created_at) from ${sessions} s
          where s.user_id = ${users}.id and not s.mfa_pending))`,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "EMPLOYER")))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    username: r.username,
    role: r.role ?? "APPROVER",
    joinedAt: r.joinedAt.toISOString(),
    lastSignInAt: r.lastSignInAt
      ? new Date(r.lastSignInAt).toISOString()
      : null,
  }));
}

/**
 * The member of the caller's company, with the company locked: role changes and removals of
 * one company run one at a time, so two owners demoting each other cannot leave none.
 */
async function lockedMember(tx: Tx, companyId: number, memberId: number) {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  const [member] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, memberId),
        eq(users.companyId, companyId),
        eq(users.role, "EMPLOYER"),
      ),
    );
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

async function otherOwners(tx: Tx, companyId: number, memberId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.companyRole, "OWNER"),
        sql`${users.id} <> ${memberId}`,
      ),
    );
  return Number(row.n);
}

/** An owner changes a member's role; the last owner cannot stop being one (409). */
export async function changeMemberRole(
  actor: User,
  memberId: number,
  role: CompanyRole,
): Promise<User> {
  const companyId = companyFor(actor, "team");
  return db().transaction(async (tx) => {
    const member = await lockedMember(tx, companyId, memberId);
    if (member.companyRole === role) return member;
    if (
      member.companyRole === "OWNER" &&
      (await otherOwners(tx, companyId, memberId)) === 0
    )
      throw conflict(LAST_OWNER);
    const [updated] = await tx
      .update(users)
      .set({ companyRole: role })
      .where(eq(users.id, member.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      subjectUserId: member.id,
      action: "member.role_changed",
      details: { from: member.companyRole, to: role },
    });
    return updated;
  });
}

/** A member removed, and what went with them. */
export type RemovedMember = {
  member: User;
  /** The invitations they had sent that were still pending: revoked. */
  revokedInvitations: Array<{ id: number; email: string }>;
  /** The API keys they had created that were live: revoked. */
  revokedApiKeys: Array<{ id: number; name: string }>;
};

/**
 * An owner removes a member: they leave the company (their account stays, with no company and
 * no role, so it can do nothing on the employer side), every session of theirs ends now, and
 * the invitations they sent that are still pending and the API keys they created are revoked
 * in the same transaction (decision 0097). The last owner cannot be removed (409).
 */
export async function removeMember(
  actor: User,
  memberId: number,
): Promise<RemovedMember> {
  const companyId = companyFor(actor, "team");
  const { removed, revoked } = await db().transaction(async (tx) => {
    const member = await lockedMember(tx, companyId, memberId);
    if (
      member.companyRole === "OWNER" &&
      (await otherOwners(tx, companyId, memberId)) === 0
    )
      throw conflict(LAST_OWNER);
    await tx
      .update(users)
      .set({ companyId: null, companyRole: null })
      .where(eq(users.id, member.id));
    const revoked = await revokeSessionsIn(tx, member.id);
    const revokedInvitations = await revokeInvitationsSentBy(
      tx,
      actor,
      companyId,
      member.id,
    );
    const revokedApiKeys = await revokeApiKeysCreatedBy(
      tx,
      actor.id,
      companyId,
      member.id,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      subjectUserId: member.id,
      action: "member.removed",
      details: {
        role: member.companyRole,
        sessionsEnded: revoked,
        invitationsRevoked: revokedInvitations.length,
        apiKeysRevoked: revokedApiKeys.length,
      },
    });
    return {
      removed: { member, revokedInvitations, revokedApiKeys },
      revoked,
    };
  });
  await notifySessionsRevoked(removed.member.id, revoked);
  return removed;
}
