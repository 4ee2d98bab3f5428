import type { User } from "../../db/schema";

// The employer dashboard's figures (SPEC §2 Employer dashboard), as SQL aggregates.
// Owned by the employer-experience issue.
export async function loadEmployerDashboard(user: User) {
  return { greetingName: user.companyName || user.firstName };
}
export type EmployerDashboardData = Awaited<
  ReturnType<typeof loadEmployerDashboard>
>;
