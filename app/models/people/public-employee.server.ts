import { eq } from "drizzle-orm";
import { employees, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";

/** The columns of an employee as the API shows them (a select over users joined to employees). */
export const PUBLIC_EMPLOYEE_COLUMNS = {
  id: employees.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  department: users.department,
  availableBalance: employees.availableBalance,
};

/**
 * An employee as the API shows them (GET /api/employees's rows, employee.joined's payload), by
 * their user's id; null if the user has no employee record.
 */
export async function publicEmployee(tx: Executor, userId: number) {
  const [employee] = await tx
    .select(PUBLIC_EMPLOYEE_COLUMNS)
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.id, userId));
  return employee ?? null;
}
