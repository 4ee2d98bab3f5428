import { sql } from "drizzle-orm";
import type { Tx } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { recordAudit } from "~/models/audit/index.server";
import { postEntry, transfer } from "~/models/ledger/index.server";
import {
  advanceCreditCents,
  heldReturns,
  settleOnAdvance,
} from "./returns.server";
import { freeCreditCents, netCredit } from "./credits.server";

// Payroll's result for one submitted deduction (DESIGN §4 Payroll runs, §12): what was collected
// is COLLECTED (the ledger: payroll collected it); the rest is arrears on the next pay date (or
// on the employee's last pay date if that comes first), or written off when this was the
// employee's last paycheck. A card's return held against the deduction (returns.server.ts) is
// settled here: it first covers what payroll did not take, and what payroll took beyond what
// was still owed is a credit owed back to the employee.

export type SubmittedDeduction = {
  id: number;
  request_id: number;
  amount: string;
  arrears_of_id: number | null;
  employee_id: number;
  last_pay_date: string | null;
};

export async function recordResult(
  tx: Tx,
  d: SubmittedDeduction,
  collectedCents: number,
  at: {
    companyId: number;
    payDate: string;
    nextPay: string;
    /** Who recorded it; null for the payroll connection's job. */
    actorId: number | null;
    now: Date;
  },
): Promise<{ creditCents: number }> {
  const dueCents = toCents(d.amount);
  const heldCents = (await heldReturns(tx, [d.id])).get(d.id) ?? 0;
  // What the employee still owed on it once the card's return was taken off.
  const owedCents = dueCents - heldCents;
  const appliedCents = Math.min(collectedCents, owedCents);
  const excessCents = collectedCents - appliedCents;
  // What payroll did not take comes first out of a credit the advance already has.
  const fromCreditCents = Math.min(
    owedCents - appliedCents,
    excessCents > 0
      ? 0
      : Math.min(
          await advanceCreditCents(tx, d.request_id),
          // Not what was netted elsewhere or is already promised on a run.
          await freeCreditCents(tx, d.employee_id),
        ),
  );
  const shortCents = owedCents - appliedCents - fromCreditCents;
  // An arrears deduction is owed on the arrears account; an original one on the receivable.
  const owedOn = d.arrears_of_id === null ? "receivable" : "arrears";
  const subject = {
    companyId: at.companyId,
    employeeId: d.employee_id,
    requestId: d.request_id,
    deductionId: d.id,
    at: at.now,
  };
  await tx.execute(
    sql`update payroll_deductions set
          status = ${collectedCents > 0 ? "COLLECTED" : "MISSED"},
          is_paid = ${collectedCents > 0},
          collected_amount = ${fromCents(collectedCents)},
          payment_date = ${collectedCents > 0 ? at.now.toISOString() : null}::timestamptz,
          payment_reference = ${collectedCents > 0 ? `PAY-${at.payDate.replaceAll("-", "")}-${d.id}` : null}
        where id = ${d.id}`,
  );
  // Collected beyond what was still owed on it (the card gave it back meanwhile): it pays the
  // advance's later deductions, then a loss on it, and the rest is owed back.
  const excess =
    excessCents > 0
      ? await settleOnAdvance(tx, d.request_id, excessCents, false)
      : null;
  if (collectedCents > 0 || fromCreditCents > 0)
    await postEntry(tx, {
      ...subject,
      event: "deduction.collected",
      postings: [
        { account: "payroll", cents: collectedCents },
        { account: "credit", cents: fromCreditCents },
        { account: owedOn, cents: -(appliedCents + fromCreditCents) },
        ...(excess?.postings ?? []),
      ],
    });
  // A credit is netted first against what the employee owes on their other advances.
  const creditCents = excess?.creditCents ?? 0;
  if (creditCents > 0) await netCredit(tx, d.employee_id, at.now);
  if (shortCents === 0) return { creditCents };
  const lastPaycheck =
    d.last_pay_date !== null && d.last_pay_date <= at.payDate;
  if (lastPaycheck) {
    // No recourse beyond payroll: after the last paycheck, what is left is a loss.
    await postEntry(tx, {
      ...subject,
      event: "deduction.written_off",
      postings: transfer("losses", owedOn, shortCents),
    });
    await recordAudit(tx, {
      actorId: at.actorId,
      companyId: at.companyId,
      action: "deduction.written_off",
      requestId: d.request_id,
      amountCents: shortCents,
      details: { deductionId: d.id, payDate: at.payDate },
    });
    return { creditCents };
  }
  const due =
    d.last_pay_date !== null && d.last_pay_date < at.nextPay
      ? d.last_pay_date
      : at.nextPay;
  await tx.execute(
    sql`insert into payroll_deductions (request_id, amount, deduction_date, arrears_of_id)
        values (${d.request_id}, ${fromCents(shortCents)}, ${due}::date::timestamptz, ${d.id})`,
  );
  if (owedOn === "receivable")
    await postEntry(tx, {
      ...subject,
      event: "deduction.shortfall",
      postings: transfer("arrears", "receivable", shortCents),
    });
  return { creditCents };
}
