import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import type { PaySchedule } from "~/utils/pay-schedule";

// A company's pay schedule as stored: how often it pays and its next pay date, which every
// employee's pay cycle end follows. Settings change it; payroll runs read it.

/** The pay schedule of a company, as stored. */
export async function scheduleOf(
  executor: Executor,
  companyId: number,
): Promise<PaySchedule> {
  const [row] = await queryRows<{
    frequency: PaySchedule["frequency"];
    next: string;
  }>(
    executor,
    sql`select pay_frequency as frequency, next_pay_date::text as next
        from companies where id = ${companyId}`,
  );
  if (!row) throw notFound("Company not found.");
  return { frequency: row.frequency, nextPayDate: row.next };
}

/** Moves the company's next pay date (and every employee's pay cycle end) to `next`. */
export async function setNextPayDate(
  tx: Executor,
  companyId: number,
  next: string,
): Promise<void> {
  await tx.execute(
    sql`update companies set next_pay_date = ${next}::date where id = ${companyId}`,
  );
  await tx.execute(
    sql`update employees set pay_cycle_end_date = ${next}::date::timestamptz
        where employer_id = ${companyId}`,
  );
}
