import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema";
import { publish } from "~/services/events.server";
import { db } from "~/utils/db.server";
import { badRequest, notFound } from "~/utils/errors";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import type { ProfileInput } from "~/validation/profile";

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";

/**
 * A user saves their own account settings (SPEC §2 My Profile): names, e-mail and department,
 * and, when a new password is given, the password, which needs the current one. A wrong
 * current password changes nothing at all.
 */
export async function updateProfile(
  actor: User,
  input: ProfileInput,
): Promise<{ user: User; passwordChanged: boolean }> {
  let passwordHash: string | undefined;
  if (input.newPassword) {
    // The hash in the database, not the one loaded with the session's user, decides.
    const [row] = await db()
      .select({ password: users.password })
      .from(users)
      .where(eq(users.id, actor.id));
    if (!row) throw notFound("User not found");
    const ok = await verifyPassword(input.currentPassword ?? "", row.password);
    if (!ok) {
      throw badRequest(WRONG_CURRENT_PASSWORD, {
        currentPassword: [WRONG_CURRENT_PASSWORD],
      });
    }
    passwordHash = await hashPassword(input.newPassword);
  }
  const user = await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        department: input.department ?? null,
        ...(passwordHash ? { password: passwordHash } : {}),
      })
      .where(eq(users.id, actor.id))
      .returning();
    if (!updated) throw notFound("User not found");
    return updated;
  });
  await publish("employee.updated", [actor.id, actor.employerId]);
  return { user, passwordChanged: Boolean(passwordHash) };
}
