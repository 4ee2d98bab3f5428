import { eq, sql } from "drizzle-orm";
import {
  companies,
  employees,
  payrollDeductions,
  type AdvanceRequest,
} from "#db/schema";
import { queryRows, type Tx } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { deductionSchedule, type ScheduledDeduction } from "~/utils/schedule";

// The repayment schedule (payroll_deductions) is written here and nowhere else (DESIGN §12;
// tests/unit/repayments-owner.test.ts): scheduled at card issue, submitted into payroll runs,
// re-dated for leavers; cut by a card's unspent balance (returns.server.ts) and settled by
// payroll's results (results.server.ts).

/**
 * The repayment schedule of a carded advance (DESIGN §4 the money model (3)): the amount over
 * the repayment periods in cents, remainder on the earliest, on the company's pay dates: the
 * first on or after the day of issue, one per pay date after that. Inside the card's
 * transaction.
 */
export async function scheduleRepayment(
  tx: Tx,
  request: AdvanceRequest,
  now: Date,
): Promise<ScheduledDeduction[]> {
  const [employee] = await tx
    .select({
      frequency: companies.payFrequency,
      nextPayDate: companies.nextPayDate,
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, request.employeeId));
  const schedule = deductionSchedule(
    toCents(request.amount),
    request.repaymentPeriods,
    employee ?? null,
    now,
  );
  await tx.insert(payrollDeductions).values(
    schedule.map((d) => ({
      requestId: request.id,
      amount: fromCents(d.amountCents),
      deductionDate: d.date,
    })),
  );
  return schedule;
}

/**
 * Every SCHEDULED deduction of the company dated before `cutoff` ("yyyy-MM-dd", exclusive)
 * becomes SUBMITTED in run `runId`: from now on it is never deleted or reduced (a card's return
 * that reaches it is settled after its result). Returns what was submitted.
 */
export async function submitDueDeductions(
  tx: Tx,
  companyId: number,
  runId: number,
  cutoff: string,
): Promise<{ amount: string; user_id: number }[]> {
  return queryRows<{ amount: string; user_id: number }>(
    tx,
    sql`update payroll_deductions d set status = 'SUBMITTED', run_id = ${runId}
        from advance_requests r join employees e on e.id = r.employee_id
        where d.request_id = r.id and d.employer_id = ${companyId}
          and d.status = 'SCHEDULED' and d.deduction_date < ${cutoff}::date::timestamptz
        returning d.amount::text as amount, e.user_id`,
  );
}

/**
 * A leaver's last pay date (set or corrected): everything of theirs still SCHEDULED falls on it.
 * Submitted deductions stay where their run has them. Returns how many moved.
 */
export async function moveOwedTo(
  tx: Tx,
  employeeId: number,
  lastPayDate: string,
): Promise<number> {
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update payroll_deductions d set deduction_date = ${lastPayDate}::date::timestamptz
        from advance_requests r
        where d.request_id = r.id and r.employee_id = ${employeeId}
          and d.status = 'SCHEDULED'
        returning d.id`,
  );
  return moved.length;
}
