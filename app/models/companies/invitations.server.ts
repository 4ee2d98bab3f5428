import { emitEmployeeJoined } from "~/models/integrations/index.server";
import { recordAudit } from "~/models/audit/index.server";
import { enqueueMail, mailOrigin } from "~/models/notifications/index.server";
import { hashToken, insertUser } from "~/models/people/index.server";
import type { Language } from "~/utils/i18n";
import crypto from "node:crypto";
import { addDays } from "date-fns";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  companies,
  employees,
  invitations,
  users,
  type Invitation,
  type User,
} from "#db/schema";
import * as templates from "~/services/mail/templates";
import { publish } from "~/services/events.server";
import { db, type Executor, type Tx } from "~/utils/db.server";
import { dayStart } from "~/utils/pay-schedule";
import { badRequest, conflict, forbidden, notFound } from "~/utils/errors";
import type { CompanyRole } from "~/utils/company-roles";
import {
  INVITATION_ALREADY_EMPLOYEE,
  INVITATION_ALREADY_MEMBER,
  INVITATION_ALREADY_PENDING,
  INVITATION_DAYS,
  INVITATION_NOT_FOUND,
  INVITATION_NOT_PENDING,
} from "~/utils/invitation-rules";
import type {
  AcceptInvitationInput,
  InviteEmployeeInput,
  InviteMemberInput,
} from "~/validation/company";
import { companyFor } from "~/utils/company-access.server";
import { reserveInvitationSends } from "./sending-limits.server";
import {
  readPage,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";

// Invitations (docs/decisions/0077-companies.md): an admin invites an employee, an owner a
// colleague. The mail holds a single-use link to /join/<token>; only the token's SHA-256 is
// stored; the link works for INVITATION_DAYS days. Whoever opens it either creates an account
// (signed in at once, linked to the company) or, signed in as an employee with no company,
// links their existing account.

type InvitationStatus = Invitation["status"];

/** The status as people see it: a pending invitation past its date is EXPIRED. */
function statusOf(
  row: Pick<Invitation, "status" | "expiresAt">,
  now = new Date(),
): InvitationStatus {
  return row.status === "PENDING" && row.expiresAt <= now
    ? "EXPIRED"
    : row.status;
}

export type PublicInvitation = {
  id: number;
  kind: Invitation["kind"];
  email: string;
  firstName: string;
  lastName: string;
  department: string | null;
  role: CompanyRole | null;
  status: InvitationStatus;
  createdAt: string;
  sentAt: string;
  expiresAt: string;
};

export function toPublicInvitation(row: Invitation): PublicInvitation {
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    department: row.department,
    role: row.companyRole,
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const newToken = () => crypto.randomBytes(32).toString("base64url");

export async function companyName(
  tx: Executor,
  companyId: number,
): Promise<string> {
  const [row] = await tx
    .select({ name: companies.companyName })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.name ?? "";
}

/**
 * The invitation's mail. It is listed in the inviter's outbox (the invitee has no account yet)
 * to say that it went and to whom; its link is shown to nobody there, and is dropped from the
 * row once delivered (docs/decisions/0097).
 */
async function mailInvitation(
  tx: Executor,
  row: Invitation,
  token: string,
  inviter: User,
  sendNumber: number,
  knownName?: string,
) {
  const origin = mailOrigin();
  const name = knownName ?? (await companyName(tx, row.companyId));
  await enqueueMail(tx, {
    userId: inviter.id,
    to: row.email,
    kind: row.kind === "EMPLOYEE" ? "invitation.employee" : "invitation.member",
    dedupeKey: `invitation:${row.id}:${sendNumber}`,
    mail: templates.invitationMail({
      origin,
      firstName: row.firstName,
      company: name,
      inviter: `${inviter.firstName} ${inviter.lastName}`,
      role: row.companyRole,
      link: new URL(`/join/${token}`, origin).toString(),
      days: INVITATION_DAYS,
      // The language chosen for the invitee when inviting (the company's by default).
      language: row.language,
    }),
  });
}

/**
 * Pending invitations past their date become EXPIRED, so new ones may be sent: one address,
 * or (a roster batch) several at once.
 */
export async function expireStale(
  tx: Tx,
  companyId: number,
  email: string | string[],
) {
  const emails = (Array.isArray(email) ? email : [email]).map((e) =>
    e.toLowerCase(),
  );
  await tx
    .update(invitations)
    .set({ status: "EXPIRED" })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.status, "PENDING"),
        inArray(sql`lower(${invitations.email})`, emails),
        sql`${invitations.expiresAt} <= now()`,
      ),
    );
}

export async function insertInvitation(
  tx: Tx,
  actor: User,
  companyId: number,
  values: {
    kind: Invitation["kind"];
    email: string;
    firstName?: string;
    lastName?: string;
    department?: string | null;
    employeeNumber?: string | null;
    workState?: string | null;
    companyRole?: CompanyRole | null;
    /** The invitee's language; absent: the company's (docs/decisions/0123). */
    language?: Language | null;
  },
  now: Date,
  /** A roster import's batch passes what it read once for all its rows. */
  batch?: { companyName: string; staleExpired: boolean },
): Promise<Invitation> {
  // A roster import's rows were reserved when it was confirmed.
  if (!batch) await reserveInvitationSends(tx, companyId);
  if (!batch?.staleExpired) await expireStale(tx, companyId, values.email);
  const token = newToken();
  const [row] = await tx
    .insert(invitations)
    .values({
      companyId,
      kind: values.kind,
      email: values.email,
      firstName: values.firstName ?? "",
      lastName: values.lastName ?? "",
      department: values.department ?? null,
      employeeNumber: values.employeeNumber ?? null,
      workState: values.workState ?? null,
      companyRole: values.companyRole ?? null,
      language:
        values.language ??
        sql`(select ${companies.language} from ${companies} where ${companies.id} = ${companyId})`,
      tokenHash: hashToken(token),
      invitedById: actor.id,
      sentAt: now,
      expiresAt: addDays(now, INVITATION_DAYS),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(INVITATION_ALREADY_PENDING);
  await recordAudit(tx, {
    actorId: actor.id,
    companyId,
    action: "invitation.sent",
    details: {
      email: row.email,
      ...(row.companyRole ? { role: row.companyRole } : {}),
    },
  });
  await mailInvitation(tx, row, token, actor, 1, batch?.companyName);
  return row;
}

/** Whether the address already belongs to one of the company's employees. */
async function isEmployeeAddress(
  tx: Executor,
  companyId: number,
  email: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(
      and(
        eq(employees.companyId, companyId),
        sql`lower(${users.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * An admin invites an employee by e-mail. 409 when the address already belongs to one of the
 * company's employees or has a pending invitation.
 */
export async function inviteEmployee(
  actor: User,
  input: Omit<InviteEmployeeInput, "department" | "workState"> & {
    department?: string | null;
    employeeNumber?: string | null;
    workState?: string | null;
  },
  now = new Date(),
): Promise<Invitation> {
  const companyId = companyFor(actor, "manageEmployees");
  const row = await db().transaction(async (tx) => {
    if (await isEmployeeAddress(tx, companyId, input.email))
      throw conflict(INVITATION_ALREADY_EMPLOYEE, {
        email: [INVITATION_ALREADY_EMPLOYEE],
      });
    return insertInvitation(
      tx,
      actor,
      companyId,
      {
        kind: "EMPLOYEE",
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        department: input.department || null,
        employeeNumber: input.employeeNumber ?? null,
        workState: input.workState ?? null,
        language: input.language ?? null,
      },
      now,
    );
  });
  await publish("employee.added", [actor.id], { company: companyId });
  return row;
}

/** An owner invites a colleague with a role. 409 for a current member or a pending invitation. */
export async function inviteMember(
  actor: User,
  input: InviteMemberInput,
  now = new Date(),
): Promise<Invitation> {
  const companyId = companyFor(actor, "team");
  return db().transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.role, "EMPLOYER"),
          sql`lower(${users.email}) = lower(${input.email})`,
        ),
      )
      .limit(1);
    if (member)
      throw conflict(INVITATION_ALREADY_MEMBER, {
        email: [INVITATION_ALREADY_MEMBER],
      });
    return insertInvitation(
      tx,
      actor,
      companyId,
      {
        kind: "MEMBER",
        email: input.email,
        companyRole: input.role,
        language: input.language ?? null,
      },
      now,
    );
  });
}

/** The company's language: the one its invitations are in unless the inviter picks another. */
export async function companyLanguage(
  actor: User,
  kind: Invitation["kind"],
): Promise<Language> {
  const companyId = companyFor(
    actor,
    kind === "EMPLOYEE" ? "manageEmployees" : "team",
  );
  const [row] = await db()
    .select({ language: companies.language })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.language ?? "en";
}

/** The company's invitations of one kind, newest first. */
export async function listInvitations(
  actor: User,
  kind: Invitation["kind"],
  limit = 200,
): Promise<PublicInvitation[]> {
  const companyId = companyFor(
    actor,
    kind === "EMPLOYEE" ? "manageEmployees" : "team",
  );
  const rows = await db()
    .select()
    .from(invitations)
    .where(
      and(eq(invitations.companyId, companyId), eq(invitations.kind, kind)),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit);
  return rows.map(toPublicInvitation);
}

/** GET /api/invitations: a page of the company's employee invitations, newest first. */
export async function pageEmployeeInvitations(
  actor: User,
  page: PageRequest,
): Promise<Paged<PublicInvitation>> {
  const companyId = companyFor(actor, "manageEmployees");
  const ofCompany = and(
    eq(invitations.companyId, companyId),
    eq(invitations.kind, "EMPLOYEE"),
  );
  return readPage(
    page,
    async () => {
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(invitations)
        .where(ofCompany);
      return row.n;
    },
    async (limit, offset) =>
      (
        await db()
          .select()
          .from(invitations)
          .where(ofCompany)
          .orderBy(desc(invitations.createdAt), desc(invitations.id))
          .limit(limit)
          .offset(offset)
      ).map(toPublicInvitation),
  );
}

/** GET /api/invitations/{id}: one of the company's employee invitations (404 for any other). */
export async function getEmployeeInvitation(
  actor: User,
  id: number,
): Promise<PublicInvitation> {
  const companyId = companyFor(actor, "manageEmployees");
  const [row] = await db()
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.companyId, companyId),
        eq(invitations.kind, "EMPLOYEE"),
      ),
    );
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  return toPublicInvitation(row);
}

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

// ---------------------------------------------------------------------------------------------
// The invitee's side: /join/<token>.

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
    await emitEmployeeJoined(tx, row.companyId, userId);
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
    // The work state the invitation carried (decision 0112).
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
