import { and, eq, isNull } from "drizzle-orm";
import { deductionAuthorizations, employees, type User } from "#db/schema";
import { db } from "~/utils/db.server";
import { badRequest, forbidden } from "~/utils/errors";
import { DEDUCTION_AUTHORIZATION_VERSION } from "~/utils/state-rules";

// The employee's wage-deduction authorisation: the version of the text they
// signed and when, stored with each advance filed under it; withdrawn, it covers no later advance.

const NOT_AN_EMPLOYEE = "Only employees sign a wage-deduction authorization.";

async function employeeIdOf(user: User): Promise<number> {
  if (user.role !== "EMPLOYEE") throw forbidden(NOT_AN_EMPLOYEE);
  const [row] = await db()
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, user.id));
  if (!row) throw badRequest(NOT_AN_EMPLOYEE);
  return row.id;
}

/** Signs the current text; one already in force is kept as it is. */
export async function signDeductionAuthorization(user: User, now = new Date()) {
  const employeeId = await employeeIdOf(user);
  await db()
    .insert(deductionAuthorizations)
    .values({
      employeeId,
      version: DEDUCTION_AUTHORIZATION_VERSION,
      signedAt: now,
    })
    .onConflictDoNothing();
}

/** Withdraws the authorisation in force for future advances (advances already filed keep it). */
export async function withdrawDeductionAuthorization(
  user: User,
  now = new Date(),
) {
  const employeeId = await employeeIdOf(user);
  await db()
    .update(deductionAuthorizations)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(deductionAuthorizations.employeeId, employeeId),
        isNull(deductionAuthorizations.withdrawnAt),
      ),
    );
}

/** The employee's authorisations, newest first: what Profile shows. */
export async function listDeductionAuthorizations(user: User) {
  const employeeId = await employeeIdOf(user);
  return db()
    .select()
    .from(deductionAuthorizations)
    .where(eq(deductionAuthorizations.employeeId, employeeId))
    .orderBy(deductionAuthorizations.signedAt);
}
