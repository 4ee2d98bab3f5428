import { eq } from "drizzle-orm";
import { companySettings, type CompanySettings } from "../../db/schema";
import { db, type Executor } from "~/utils/db.server";

export const DEFAULT_MAX_ADVANCE = "500.00";
export const DEFAULT_APPROVAL_LIMIT = "200.00";
export const PROCESSING_FEE = "15.99";

/** The employer's settings row; created with the defaults when missing (older data). */
export async function getCompanySettings(
  employerId: number,
  executor: Executor = db(),
): Promise<CompanySettings> {
  const [row] = await executor
    .select()
    .from(companySettings)
    .where(eq(companySettings.employerId, employerId));
  if (row) return row;
  const [created] = await executor
    .insert(companySettings)
    .values({ employerId })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [again] = await executor
    .select()
    .from(companySettings)
    .where(eq(companySettings.employerId, employerId));
  return again;
}
