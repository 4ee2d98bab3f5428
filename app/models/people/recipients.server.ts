import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { employees, users, type CompanyRole } from "#db/schema";
import { queryRows, type Executor } from "~/utils/db.server";
import type {
  AccountRecipient,
  EmployeeRecipient,
  NewSignIn,
  Recipient,
} from "~/models/notifications/index.server";

// The people the notices go to, read here (users and employees are people's) in the caller's
// transaction and handed to the notifications domain, which names no table above its own.

const recipientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
};

/** A user as the notices about their own account address them; null if there is none. */
export async function accountRecipient(
  tx: Executor,
  userId: number,
): Promise<AccountRecipient | null> {
  const [u] = await tx
    .select({ ...recipientColumns, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

/** The person an employee record belongs to; null if there is none. */
export async function employeeRecipient(
  tx: Executor,
  employeeId: number,
): Promise<EmployeeRecipient | null> {
  const [u] = await tx
    .select({ ...recipientColumns, employeeId: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, employeeId));
  return u ?? null;
}

/** A company's employer-side members in the given company roles, by id. */
export function companyMembers(
  tx: Executor,
  companyId: number,
  roles: readonly CompanyRole[],
): Promise<Recipient[]> {
  return tx
    .select(recipientColumns)
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, "EMPLOYER"),
        inArray(users.companyRole, [...roles]),
      ),
    )
    .orderBy(asc(users.id));
}

/** A company's owners (the webhook and payroll connection notices' lookup). */
export function companyOwners(
  tx: Executor,
  companyId: number,
): Promise<Recipient[]> {
  return companyMembers(tx, companyId, ["OWNER"]);
}

/**
 * A new session as the new-device notice needs it: whether the account had signed in before,
 * and from this user agent. Null for a session (or user) that is not there.
 */
export async function newSignInOf(
  tx: Executor,
  sessionId: number,
): Promise<NewSignIn | null> {
  const [s] = await queryRows<{
    user_id: number;
    user_agent: string | null;
    ip: string | null;
    created_at: Date | string;
    seen_before: boolean;
    any_before: boolean;
  }>(
    tx,
    sql`select s.user_id, s.user_agent, s.ip, s.created_at,
               exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id
                       and o.mfa_pending = false and o.user_agent is not distinct from s.user_agent) as seen_before,
               exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id
                       and o.mfa_pending = false) as any_before
        from sessions s where s.id = ${sessionId}`,
  );
  if (!s || s.seen_before || !s.any_before) return null;
  const to = await accountRecipient(tx, s.user_id);
  if (!to) return null;
  return {
    to,
    sessionId,
    userAgent: s.user_agent,
    ip: s.ip,
    createdAt: s.created_at,
    seenBefore: s.seen_before,
    anyBefore: s.any_before,
  };
}
