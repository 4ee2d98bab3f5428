import type { User } from "#db/schema";
import { forbidden } from "~/utils/errors";
import { canDo, ROLE_FORBIDDEN, type Capability } from "~/utils/company-roles";

/**
 * The company a user belongs to (an employee's employer, an employer-side member's company),
 * or null for an employee nobody has linked yet.
 */
export function companyOf(user: Pick<User, "companyId">): number | null {
  return user.companyId;
}

/**
 * The company an employer-side user acts for, once their membership role holds the
 * capability: every employer action scopes its queries by this id, never by the user's.
 * Anyone else gets a 403.
 */
export function companyFor(
  user: Pick<User, "role" | "companyId" | "companyRole">,
  capability: Capability = "approve",
): number {
  if (user.role !== "EMPLOYER" || user.companyId === null)
    throw forbidden("You don't have permission to access this page.");
  if (!canDo(user.companyRole, capability))
    throw forbidden(ROLE_FORBIDDEN[capability]);
  return user.companyId;
}
