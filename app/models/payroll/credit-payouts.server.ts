import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { publish } from "~/services/events.server";
import { queryRows, transaction, type Executor } from "~/utils/db.server";
import { conflict, notFound } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import { recordPayout } from "~/models/repayments/index.server";
import { notifyCreditPaidBack } from "~/models/notifications/index.server";
import { employeeRecipient } from "~/models/people/index.server";
import { companyFor } from "~/utils/company-access.server";

// A leaver's credit: an employee who has left and has no paycheck to come is
// paid what the program owes them back by their employer directly; an owner or admin records
// the payment here (audit trail, ledger entry), which brings the credit to 0. Everyone else is
// paid on the next payroll run's reimbursement line.

const PAYOUT_EMPLOYEE_NOT_FOUND = "Employee not found.";
const PAYOUT_NOT_A_LEAVER =
  "Only a leaver's credit is paid by the employer directly; an employee still paid gets it on the next payroll run.";
const NOTHING_OWED_BACK = "Nothing is owed back to this employee.";

export type CreditPayout = {
  payoutId: number;
  employeeId: number;
  amount: string;
  method: "RECORDED";
  reference: string | null;
  paidAt: string;
};

/** Records that the company paid a leaver their whole credit (owner or admin). */
export async function recordLeaverPayout(
  actor: User,
  employeeId: number,
  input: { reference?: string | null },
  now: Date = new Date(),
): Promise<CreditPayout> {
  const companyId = companyFor(actor, "manageEmployees");
  const reference = input.reference?.trim() ? input.reference.trim() : null;
  const done = await transaction(async (tx) => {
    const [employee] = await queryRows<{
      id: number;
      user_id: number;
      offboarded_at: Date | null;
    }>(
      tx,
      sql`select id, user_id, offboarded_at from employees
          where id = ${employeeId} and employer_id = ${companyId} for update`,
    );
    if (!employee) throw notFound(PAYOUT_EMPLOYEE_NOT_FOUND);
    if (!employee.offboarded_at) throw conflict(PAYOUT_NOT_A_LEAVER);
    const paid = await recordPayout(
      tx,
      { companyId, employeeId: employee.id, actorId: actor.id, reference },
      now,
    );
    if (!paid) throw conflict(NOTHING_OWED_BACK);
    await notifyCreditPaidBack(tx, await employeeRecipient(tx, employee.id), {
      ...paid,
      by: "EMPLOYER",
      on: now,
    });
    return { ...paid, userId: employee.user_id };
  });
  await publish("deduction.paid", [actor.id, done.userId], {
    company: companyId,
  });
  return {
    payoutId: done.payoutId,
    employeeId,
    amount: fromCents(done.cents),
    method: "RECORDED",
    reference,
    paidAt: now.toISOString(),
  };
}

export type Payout = {
  id: number;
  cents: number;
  /** PAYROLL: a run's reimbursement line; RECORDED: paid by the employer to a leaver. */
  method: "PAYROLL" | "RECORDED";
  status: "SUBMITTED" | "PAID" | "NOT_PAID";
  /** The run's pay date ("yyyy-MM-dd") for a reimbursement line. */
  payDate: string | null;
  paidAt: Date | null;
};

/**
 * An employee's payouts of their credit that are settled (paid, or not paid by payroll), newest
 * first, each with the pay date of the run that carried it (the runs are payroll's).
 */
export async function settledPayoutsOf(
  executor: Executor,
  who: { userId: number },
  limit = 20,
): Promise<Payout[]> {
  const rows = await queryRows<{
    id: number;
    amount: string;
    method: "PAYROLL" | "RECORDED";
    status: "SUBMITTED" | "PAID" | "NOT_PAID";
    pay_date: string | null;
    paid_at: Date | string | null;
  }>(
    executor,
    sql`select o.id, o.amount::text as amount, o.method, o.status,
               r.pay_date::text as pay_date, o.paid_at
        from credit_payouts o
        join employees e on e.id = o.employee_id
        left join payroll_runs r on r.id = o.run_id
        where e.user_id = ${who.userId} and o.status <> 'SUBMITTED'
        order by coalesce(r.pay_date::timestamptz, o.paid_at) desc, o.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    cents: toCents(r.amount),
    method: r.method,
    status: r.status,
    payDate: r.pay_date,
    paidAt: r.paid_at ? new Date(r.paid_at) : null,
  }));
}
