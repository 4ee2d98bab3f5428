import { sql } from "drizzle-orm";
import { applyPayrollSchedule } from "~/models/companies/index.server";
import type { ConnectedCompany } from "~/models/integrations/index.server";
import { readPaySchedule } from "~/services/payroll/finch.server";
import { db, queryRows } from "~/utils/db.server";
import { addDaysIso, isoDay, payDateAfter } from "~/utils/pay-schedule";

// A connected company's pay schedule follows its payroll system (DESIGN §13): the pay groups'
// frequency and the pay dates Finch's payments show.

/** How far back the payments are read for the last pay date. */
const PAY_HISTORY_DAYS = 120;

/**
 * The company's pay schedule from its payroll system (at each roster sync): the pay groups'
 * frequency, and the next pay date after the last one paid that has no run of ours yet.
 * Returns whether it changed; nothing when payroll gives no frequency or no pay date.
 */
export async function syncPayScheduleFromPayroll(
  company: ConnectedCompany,
  actorId: number | null,
  now: Date,
): Promise<boolean> {
  const today = isoDay(now);
  const read = await readPaySchedule(
    company.settings,
    company.accessToken,
    addDaysIso(today, -PAY_HISTORY_DAYS),
    today,
  );
  if (!read.frequency || !read.lastPayDate) return false;
  const [latest] = await queryRows<{ day: string | null }>(
    db(),
    sql`select max(pay_date)::text as day from payroll_runs where company_id = ${company.companyId}`,
  );
  const schedule = {
    frequency: read.frequency,
    nextPayDate: read.lastPayDate,
  };
  let next = payDateAfter(schedule, read.lastPayDate);
  while (next < today || (latest?.day && next <= latest.day))
    next = payDateAfter(schedule, next);
  return applyPayrollSchedule(
    company.companyId,
    { frequency: read.frequency, nextPayDate: next },
    actorId,
  );
}
