import { format, subMonths } from "date-fns";
import { sql } from "drizzle-orm";
import {
  runDailyPayroll,
  runPayrollConnections,
  syncConnectedRosters,
} from "~/models/payroll/index.server";
import { closeExpiredCards } from "~/models/cards/index.server";
import {
  deleteEndedSessions,
  deleteSpentResetTokens,
} from "~/models/people/index.server";
import { purgeIdempotencyKeys } from "~/models/integrations/index.server";
import { sendDeductionReminders } from "~/models/repayments/index.server";
import { sendMonthlyReports } from "~/models/reports/index.server";
import { sendComplaintReminders } from "~/models/complaints/index.server";
import { eraseExpiredPersonalData } from "~/models/records/index.server";
import { db, queryRows } from "~/utils/db.server";

// The scheduled jobs. Each claims its period in
// scheduled_runs first, so a period runs once however many workers fire it; a run that fails
// gives its claim back, so the queue's retry can run it again. Times are UTC.

export type Schedule = {
  task: string;
  /** graphile-worker crontab pattern (UTC). */
  cron: string;
  /** The period a firing at `at` belongs to. */
  period: (at: Date) => string;
  run: (at: Date) => Promise<unknown>;
};

const day = (at: Date) => at.toISOString().slice(0, 10);
/** The UTC calendar day of `at` as a local Date at midnight (what runPayroll takes). */
const dateOf = (at: Date) =>
  new Date(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

export const SCHEDULES: Schedule[] = [
  {
    // Each company's payroll run on its pay dates: submits what is due and mails the admins
    // that the file is ready (and a reminder for runs unreconciled for 3 days). It never
    // records a collection.
    task: "scheduled-payroll",
    cron: "5 0 * * *",
    period: day,
    run: (at) => runDailyPayroll(at),
  },
  {
    task: "deduction-reminders",
    cron: "0 14 * * *",
    period: day,
    run: async (at) => ({
      reminders: await sendDeductionReminders(dateOf(at), 2),
    }),
  },
  {
    task: "monthly-report",
    cron: "0 13 1 * *",
    period: (at) => at.toISOString().slice(0, 7),
    run: async (at) => ({
      reports: await sendMonthlyReports(subMonths(dateOf(at), 1)),
      month: format(subMonths(dateOf(at), 1), "yyyy-MM"),
    }),
  },
  {
    // Connected companies' rosters read from their payroll systems through Finch (decision
    // 0111): it invites and proposes; it never offboards anyone.
    task: "payroll-roster-sync",
    cron: "0 6 * * *",
    period: day,
    run: (at) => syncConnectedRosters(at),
  },
  {
    // Connected payrolls: write jobs checked, pay statements read after
    // a pay date, and the next pay date's deductions written before its cut-off.
    task: "payroll-connection",
    cron: "30 6 * * *",
    period: day,
    run: (at) => runPayrollConnections(at),
  },
  {
    // Complaints past their acknowledge-by or resolve-by date remind the company's owners and
    // admins, once a day each.
    task: "complaint-reminders",
    cron: "0 13 * * *",
    period: day,
    run: async (at) => ({ complaints: await sendComplaintReminders(at) }),
  },
  {
    // Leavers past their company's records retention, with no open money, have their personal
    // data removed; the ledger and the regulators' figures stay whole.
    task: "records-retention",
    cron: "0 4 * * *",
    period: day,
    run: async (at) => ({ erased: await eraseExpiredPersonalData(at) }),
  },
  {
    task: "cleanup",
    cron: "30 3 * * *",
    period: day,
    run: async (at) => ({
      // Cards past their validity close, giving back what they did not spend.
      expiredCards: await closeExpiredCards(at),
      sessions: await deleteEndedSessions(30),
      resetTokens: await deleteSpentResetTokens(),
      idempotencyKeys: await purgeIdempotencyKeys(),
    }),
  },
];

export function scheduleByTask(task: string): Schedule | undefined {
  return SCHEDULES.find((s) => s.task === task);
}

/**
 * Runs a schedule's work for the period of `at`, once: returns false when another worker
 * already claimed (or finished) this period.
 */
export async function runScheduledOnce(
  schedule: Schedule,
  at: Date,
): Promise<boolean> {
  const period = schedule.period(at);
  const claimed = await queryRows<{ task: string }>(
    db(),
    sql`insert into scheduled_runs (task, period) values (${schedule.task}, ${period})
        on conflict (task, period) do nothing returning task`,
  );
  if (claimed.length === 0) return false;
  try {
    const result = await schedule.run(at);
    await db().execute(
      sql`update scheduled_runs set finished_at = now(), result = ${JSON.stringify(result ?? null)}::jsonb
          where task = ${schedule.task} and period = ${period}`,
    );
    return true;
  } catch (error) {
    await db().execute(
      sql`delete from scheduled_runs where task = ${schedule.task} and period = ${period} and finished_at is null`,
    );
    throw error;
  }
}
