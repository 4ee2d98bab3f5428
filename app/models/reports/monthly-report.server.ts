import { sql } from "drizzle-orm";
import { db, queryRows } from "~/utils/db.server";
import {
  mailMonthlyReports,
  type MonthlyFigures,
} from "~/models/notifications/index.server";

/**
 * Scheduled on the 1st: each employer (preference "monthly reports") gets last month's
 * figures. `month` is any day of the month reported. Returns how many were enqueued.
 */
export async function sendMonthlyReports(month: Date): Promise<number> {
  const start = new Date(month.getFullYear(), month.getMonth(), 1);
  const end = new Date(month.getFullYear(), month.getMonth() + 1, 1);
  const rows = await queryRows<MonthlyFigures>(
    db(),
    sql`select u.id, u.email, u.first_name, u.language,
          (select count(*)::int from advance_requests r join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and r.request_date >= ${start.toISOString()}::timestamptz
              and r.request_date < ${end.toISOString()}::timestamptz) as requests,
          (select count(*)::int from advance_requests r join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and r.status = 'APPROVED'
              and r.approval_date >= ${start.toISOString()}::timestamptz
              and r.approval_date < ${end.toISOString()}::timestamptz) as approved,
          (select coalesce(sum(r.amount), 0)::text from advance_requests r join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and r.status = 'APPROVED'
              and r.approval_date >= ${start.toISOString()}::timestamptz
              and r.approval_date < ${end.toISOString()}::timestamptz) as approved_total,
          (select coalesce(sum(d.amount), 0)::text from payroll_deductions d
             join advance_requests r on r.id = d.request_id join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and d.is_paid
              and d.payment_date >= ${start.toISOString()}::timestamptz
              and d.payment_date < ${end.toISOString()}::timestamptz) as collected
        from users u join companies s on s.id = u.employer_id
        where u.role = 'EMPLOYER' and s.notify_monthly_reports
        order by u.id`,
  );
  return mailMonthlyReports(rows, start);
}
