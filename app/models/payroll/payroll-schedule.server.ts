import { sql } from "drizzle-orm";
import { publish } from "~/services/events.server";
import { db, queryRows } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { isoDay } from "~/utils/pay-schedule";
import { scheduleOf } from "~/models/companies/index.server";
import { notifyPayrollFile } from "~/models/notifications/index.server";
import { companyMembers } from "~/models/people/index.server";
import { createRunInTx } from "./payroll-runs.server";
import { type RunRow, runView } from "./payroll-run-reads.server";

/**
 * The unattended daily job: for every company whose next pay date has come, the run of that
 * pay date (and of any pay date missed since). It never records a collection. Runs left
 * unreconciled for 3 days get a reminder mail, once.
 */
export async function runScheduledPayroll(
  now: Date = new Date(),
): Promise<{ runs: number; deductions: number; reminders: number }> {
  const today = isoDay(now);
  const due = await queryRows<{ id: number }>(
    db(),
    sql`select id from companies where next_pay_date <= ${today}::date order by id`,
  );
  let runs = 0;
  let deductions = 0;
  for (const { id } of due) {
    // At most a few missed pay dates are caught up per day; each run moves the next one on.
    for (let i = 0; i < 8; i += 1) {
      const schedule = await scheduleOf(db(), id);
      if (schedule.nextPayDate > today) break;
      const result = await db().transaction((tx) =>
        createRunInTx(tx, id, schedule.nextPayDate, null),
      );
      runs += 1;
      deductions += result.added;
      if (result.added > 0)
        await publish("deduction.submitted", result.userIds, { company: id });
    }
  }
  const reminders = await remindUnreconciled(now);
  return { runs, deductions, reminders };
}

/**
 * Runs still SUBMITTED 3 days after they were made: their owners and admins are reminded once.
 * A run the payroll connection wrote waits a week past its pay date for its pay statements.
 */
async function remindUnreconciled(now: Date): Promise<number> {
  const stale = await queryRows<RunRow>(
    db(),
    sql`update payroll_runs set reminded_at = ${now.toISOString()}::timestamptz
        where status = 'SUBMITTED' and reminded_at is null
          and created_at < ${now.toISOString()}::timestamptz - interval '3 days'
          -- A run the payroll connection wrote has its results read from the pay statements:
          -- a person is reminded only when its write failed at the provider, or when the
          -- statements have not come a week after the pay date (Finch refreshes an assisted
          -- provider's data every 7 days).
          and (pay_date < ${isoDay(now)}::date - 7
               or not exists (select 1 from payroll_run_writes w
                              where w.run_id = payroll_runs.id and w.job_status <> 'FAILED'))
        returning id, company_id, pay_date::text as pay_date, status, created_at`,
  );
  for (const run of stale) {
    const view = await runView(db(), run.company_id, run.id);
    const open = view.deductions.filter((d) => d.status === "SUBMITTED");
    await notifyPayrollFile(
      db(),
      await companyMembers(db(), run.company_id, ["OWNER", "ADMIN"]),
      {
        id: run.id,
        payDate: run.pay_date,
        deductions: open.length,
        total: fromCents(open.reduce((s, d) => s + toCents(d.amount), 0)),
        employees: new Set(open.map((d) => d.employeeId)).size,
      },
      true,
    );
  }
  return stale.length;
}
