import { recordAudit } from "~/models/audit/index.server";
import { enqueueMail, mailOrigin } from "~/models/notifications/index.server";
import { hashToken } from "~/models/people/index.server";
import type { Language } from "~/utils/i18n";
import crypto from "node:crypto";
import { addDays } from "date-fns";
import { and, eq, inArray, sql } from "drizzle-orm";
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
import { conflict } from "~/utils/errors";
import type { CompanyRole } from "~/utils/company-roles";
import {
  INVITATION_ALREADY_EMPLOYEE,
  INVITATION_ALREADY_MEMBER,
  INVITATION_ALREADY_PENDING,
  INVITATION_DAYS,
} from "~/utils/invitation-rules";
import type {
  InviteEmployeeInput,
  InviteMemberInput,
} from "~/validation/company";
import { companyFor } from "~/utils/company-access.server";
import { reserveInvitationSends } from "./sending-limits.server";

// Invitations: an admin invites an employee, an owner a
// colleague. The mail holds a single-use link to /join/<token>; only the token's SHA-256 is
// stored; the link works for INVITATION_DAYS days. Whoever opens it either creates an account
// (signed in at once, linked to the company) or, signed in as an employee with no company,
// links their existing account.

export type InvitationStatus = Invitation["status"];

/** The status as people see it: a pending invitation past its date is EXPIRED. */
export function statusOf(
  row: Pick<Invitation, "status" | "expiresAt">,
  now = new Date(),
): InvitationStatus {
  return row.status === "PENDING" && row.expiresAt <= now
    ? "EXPIRED"
    : row.status;
}

export const newToken = () => crypto.randomBytes(32).toString("base64url");

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
 * row once delivered (decision 0097).
 */
export async function mailInvitation(
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
    /** The invitee's language; absent: the company's. */
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
