import type { User } from "../../db/schema";

// The employee dashboard's figures (SPEC §2 Employee dashboard), computed in SQL.
// Owned by the employee-experience issue.
export async function loadEmployeeDashboard(user: User) {
  return { firstName: user.firstName };
}
export type EmployeeDashboardData = Awaited<
  ReturnType<typeof loadEmployeeDashboard>
>;
