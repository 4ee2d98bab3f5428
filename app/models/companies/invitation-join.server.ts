import { emitEmployeeJoined } from "~/models/integrations/index.server";
import { recordAudit } from "~/models/audit/index.server";
import { hashToken, publicEmployee } from "~/models/people/index.server";
import type { Language } from "~/utils/i18n";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import {
  companies,
  employees,
  invitations,
  users,
  type Invitation,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { db, type Executor, type Tx } from "~/utils/db.server";
import { dayStart } from "~/utils/pay-schedule";
import { badRequest, conflict, forbidden } from "~/utils/errors";
import type { CompanyRole } from "~/utils/company-roles";
import type { AcceptInvitationInput } from "~/validation/company";
import { companyName, statusOf } from "./invitations.server";
import { insertUser } from "./registration.server";

// The invitee's side: /join/<token>. A new account made from the invitation, or a signed-in
// employee with no company linking theirs; and a self-registered employee's pending invitations.

export type JoinView =
  | { state: "unknown" }
  | {
      state: "used" | "revoked" | "expired" | "pending";
      kind: Invitation["kind"];
      company: string;
      email: string;
      firstName: string;
      lastName: string;
      role: CompanyRole | null;
    };

async function byToken(executor: Executor, token: string, lock = false) {
  if (!token || token.length > 200) return null;
  const query = executor
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** What /join/<token> shows: which company invites, or why the link no longer works. */
export async function viewInvitation(token: string): Promise<JoinView> {
  const row = await byToken(db(), token);
  if (!row) return { state: "unknown" };
  const status = statusOf(row);
  return {
    state:
      status === "PENDING"
        ? "pending"
        : status === "ACCEPTED"
          ? "used"
          : status === "REVOKED"
            ? "revoked"
            : "expired",
    kind: row.kind,
    company: await companyName(db(), row.companyId),
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.companyRole,
  };
}

/** The live invitation for a token, locked: of two uses of one link, one wins. */
async function liveInvitation(tx: Tx, token: string): Promise<Invitation> {
  const row = await byToken(tx, token, true);
  if (!row || statusOf(row) !== "PENDING")
    throw badRequest(INVITATION_LINK_INVALID);
  return row;
}

export const INVITATION_LINK_INVALID =
  "This invitation link is no longer valid. Ask for a new invitation.";

async function markAccepted(
  tx: Tx,
  row: Invitation,
  userId: number,
  now: Date,
) {
  const [done] = await tx
    .update(invitations)
    .set({ status: "ACCEPTED", acceptedUserId: userId, acceptedAt: now })
    .where(
      and(
        eq(invitations.id, row.id),
        eq(invitations.status, "PENDING"),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  if (!done) throw badRequest(INVITATION_LINK_INVALID);
  if (row.kind === "EMPLOYEE")
    await emitEmployeeJoined(
      tx,
      row.companyId,
      await publicEmployee(tx, userId),
    );
  await recordAudit(tx, {
    actorId: userId,
    companyId: row.companyId,
    subjectUserId: userId,
    action: "invitation.accepted",
    details: {
      email: row.email,
      ...(row.companyRole ? { role: row.companyRole } : {}),
    },
  });
}

/**
 * What a new employee of the company starts with: its max advance to borrow, and a pay cycle
 * ending on its next pay date.
 */
async function newEmployeeTerms(
  tx: Executor,
  companyId: number,
): Promise<{ availableBalance: string; payCycleEndDate: Date }> {
  const [row] = await tx
    .select({ max: companies.maxAdvance, next: companies.nextPayDate })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    availableBalance: row?.max ?? "0.00",
    payCycleEndDate: row ? dayStart(row.next) : new Date(),
  };
}

/**
 * Someone without an account accepts: a new account with the username and password they
 * chose (the product's password rule), linked to the company (an employee with the company's
 * max advance available and a pay cycle starting now; a colleague with the invited role).
 * `language`: the language the invitee accepted in (the join page's: their switch, else their
 * browser's), saved as the account's, so their mails follow it; null leaves none chosen.
 * The caller signs them in.
 */
export async function acceptInvitation(
  token: string,
  input: AcceptInvitationInput,
  now = new Date(),
  language: Language | null = null,
): Promise<User> {
  const user = await db().transaction(async (tx) => {
    const row = await liveInvitation(tx, token);
    const added = await insertUser(
      tx,
      {
        username: input.username,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        email: row.email,
        role: row.kind === "EMPLOYEE" ? "EMPLOYEE" : "EMPLOYER",
        department: row.kind === "EMPLOYEE" ? row.department : null,
        companyId: row.companyId,
        companyRole: row.companyRole ?? undefined,
      },
      row.kind === "EMPLOYEE"
        ? await newEmployeeTerms(tx, row.companyId)
        : undefined,
    );
    await markAccepted(tx, row, added.id, now);
    // The work state the invitation carried.
    if (row.kind === "EMPLOYEE" && row.workState)
      await tx
        .update(employees)
        .set({ workState: row.workState })
        .where(eq(employees.userId, added.id));
    if (!language) return added;
    await tx.update(users).set({ language }).where(eq(users.id, added.id));
    return { ...added, language };
  });
  await publish("employee.added", [user.id], { company: user.companyId });
  return user;
}

/**
 * A signed-in employee with no company links their existing account with one press. An
 * employee of another company (or of this one) is told so and nothing changes; the employer
 * side cannot take an employee's invitation, nor anyone a colleague's with an existing account.
 */
export async function joinWithAccount(
  actor: User,
  token: string,
  now = new Date(),
): Promise<User> {
  const user = await db().transaction(async (tx) => {
    const row = await liveInvitation(tx, token);
    if (row.kind !== "EMPLOYEE" || actor.role !== "EMPLOYEE")
      throw forbidden(JOIN_NEEDS_NEW_ACCOUNT);
    const [employee] = await tx
      .select()
      .from(employees)
      .where(eq(employees.userId, actor.id))
      .for("update");
    if (!employee) throw forbidden(JOIN_NEEDS_NEW_ACCOUNT);
    if (employee.companyId !== null) {
      const name = await companyName(tx, employee.companyId);
      throw conflict(alreadyInCompany(name));
    }
    await tx
      .update(employees)
      .set({
        companyId: row.companyId,
        ...(await newEmployeeTerms(tx, row.companyId)),
        workState: row.workState ?? employee.workState,
      })
      .where(eq(employees.id, employee.id));
    const [linked] = await tx
      .update(users)
      .set({
        companyId: row.companyId,
        department: actor.department ?? row.department,
      })
      .where(eq(users.id, actor.id))
      .returning();
    await markAccepted(tx, row, actor.id, now);
    return linked;
  });
  await publish("employee.added", [user.id], { company: user.companyId });
  return user;
}

const JOIN_NEEDS_NEW_ACCOUNT =
  "This invitation is for a new account: sign out, then open the link again.";

function alreadyInCompany(company: string): string {
  return `Your account already belongs to ${company || "another company"}. Nothing was changed.`;
}

/** A self-registered employee's pending invitations (by their e-mail), for the dashboard. */
export async function pendingInvitationsFor(
  user: Pick<User, "email" | "role" | "companyId">,
): Promise<Array<{ company: string; expiresAt: string }>> {
  if (user.role !== "EMPLOYEE" || user.companyId !== null) return [];
  const rows = await db()
    .select({
      company: companies.companyName,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(
      and(
        eq(invitations.kind, "EMPLOYEE"),
        eq(invitations.status, "PENDING"),
        gt(invitations.expiresAt, sql`now()`),
        sql`lower(${invitations.email}) = lower(${user.email})`,
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(5);
  return rows.map((r) => ({
    company: r.company,
    expiresAt: r.expiresAt.toISOString(),
  }));
}
