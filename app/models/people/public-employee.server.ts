import { eq } from "drizzle-orm";
import { employees, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";

/**
 * An employee as the API shows them (GET /api/employees's rows, employee.joined's payload), by
 * their user's id; null if the user has no employee record.
 */
export async function publicEmployee(tx: Executor, userId: number) {
  const [employee] = await tx
    .select({
      id: employees.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      department: users.department,
      availableBalance: employees.availableBalance,
    })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.id, userId));
  return employee ?? null;
}
