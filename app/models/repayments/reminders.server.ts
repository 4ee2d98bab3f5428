import { addDays, format, startOfDay } from "date-fns";
import { sql } from "drizzle-orm";
import { db, queryRows } from "~/utils/db.server";
import {
  type DeductionsDue,
  remindOfDeductions,
} from "~/models/notifications/index.server";

/**
 * Scheduled: to each employee with deductions dated `daysAhead` days after `today`, one
 * reminder for that pay date (however many advances it repays), with the total and the date
 * (the notices' remindOfDeductions: by push or mail, once a pay date). Returns how many people
 * were reminded.
 */
export async function sendDeductionReminders(
  today: Date = new Date(),
  daysAhead = 2,
): Promise<number> {
  const from = addDays(startOfDay(today), daysAhead);
  const to = addDays(from, 1);
  const rows = await queryRows<DeductionsDue>(
    db(),
    sql`select sum(d.amount)::text as amount, min(d.deduction_date) as deduction_date,
               u.id as user_id, u.email, u.first_name, u.language,
               bool_and(coalesce(p.deductions, true)) as wants
        from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        left join notification_preferences p on p.user_id = u.id
        where d.status in ('SCHEDULED', 'SUBMITTED')
          and d.deduction_date >= ${from.toISOString()}::timestamptz
          and d.deduction_date < ${to.toISOString()}::timestamptz
        group by u.id, u.email, u.first_name, u.language
        order by u.id`,
  );
  return remindOfDeductions(rows, format(from, "yyyy-MM-dd"));
}
