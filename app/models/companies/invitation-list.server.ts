import { and, desc, eq, sql } from "drizzle-orm";
import { invitations, type Invitation, type User } from "#db/schema";
import { db } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import type { CompanyRole } from "~/utils/company-roles";
import { INVITATION_NOT_FOUND } from "~/utils/invitation-rules";
import { companyFor } from "~/utils/company-access.server";
import {
  readPage,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import { statusOf, type InvitationStatus } from "./invitations.server";

// The company's invitations as its pages and the API list them.

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
