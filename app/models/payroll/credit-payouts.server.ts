import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { publish } from "~/services/events.server";
import { queryRows, transaction } from "~/utils/db.server";
import { conflict, notFound } from "~/utils/errors";
import { fromCents } from "~/utils/money";
import { recordPayout } from "~/models/repayments/index.server";
import { notifyCreditPaidBack } from "~/models/notifications/index.server";
import { companyFor } from "~/utils/company-access.server";

// A leaver's credit (decision 0107): an employee who has left and has no paycheck to come is
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
    await notifyCreditPaidBack(tx, employee.id, {
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
