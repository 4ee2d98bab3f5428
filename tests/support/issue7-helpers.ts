import type { User } from "#db/schema";
import { insertAdvance } from "./data";
import { createEmployee } from "./factories";

const DAY_MS = 86_400_000;

export const daysAgo = (days: number, now: Date = new Date()) =>
  new Date(now.getTime() - days * DAY_MS);

/**
 * Approved advances for crafted report data. Each approval draws on its employee's balance
 * (the company max, $500), so every advance gets a fresh employee in the given department.
 */
export async function approvedAdvances(
  employer: User,
  department: string,
  amounts: string[],
  requestDate: Date = new Date(),
) {
  for (const amount of amounts) {
    const employee = await createEmployee(employer, { department });
    await insertAdvance(employee, {
      amount,
      status: "APPROVED",
      requestDate,
      approverId: employer.id,
    });
  }
}
