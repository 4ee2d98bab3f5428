import { eq, inArray } from "drizzle-orm";
import { users, type User } from "#db/schema";
import type { PersonName } from "~/models/audit/index.server";
import { companyFor } from "~/utils/company-access.server";
import { db } from "~/utils/db.server";

// People's names as the audit trail's lists show them (who acted, on whom, the filter's
// people): users are people's, so the lists get them from here.

const NAME_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** The names of the users with these ids; an id that is not there is left out. */
export async function userNames(
  ids: number[],
): Promise<Map<number, PersonName>> {
  const rows = await db()
    .select(NAME_COLUMNS)
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((r) => [r.id, { firstName: r.firstName, lastName: r.lastName }]),
  );
}

/** The employer's employees for the /activity filter: id and name. */
export async function listActivityPeople(
  employer: User,
): Promise<Array<{ id: number; name: string }>> {
  const rows = await db()
    .select(NAME_COLUMNS)
    .from(users)
    .where(eq(users.companyId, companyFor(employer, "activity")))
    .orderBy(users.firstName, users.lastName, users.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
}
