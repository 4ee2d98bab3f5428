import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { recordAudit } from "~/models/audit/index.server";
import {
  cardLeftCents,
  cardSubject,
  postEntry,
  refreshAvailable,
} from "~/models/ledger/index.server";

// A closed card gives back what it did not spend (DESIGN §4 the money model (3); decision 0080):
// the employee owes only what they spent. The unspent balance leaves the card in the ledger and
// the upcoming deductions are reduced by it, the latest first, to the cent; a deduction reduced
// to nothing is removed. When payroll already collected more than was spent, the difference is
// a credit owed back to the employee (the `credit` account), never a negative debt.

export type Returned = { returnedCents: number; deductionsReduced: number };

/**
 * Returns a closed card's unspent balance, inside the caller's transaction (the card's row is
 * locked by the caller). Returns nothing when the card has nothing left.
 */
export async function returnUnspent(
  tx: Tx,
  cardId: number,
  now: Date = new Date(),
): Promise<Returned> {
  const left = await cardLeftCents(tx, cardId);
  if (left <= 0) return { returnedCents: 0, deductionsReduced: 0 };
  const subject = await cardSubject(tx, cardId);
  // The latest first; scheduled ones before those already in a payroll run (whose file then
  // shows the lower amount).
  const open = await queryRows<{
    id: number;
    amount: string;
    arrears_of_id: number | null;
  }>(
    tx,
    sql`select id, amount::text as amount, arrears_of_id from payroll_deductions
        where request_id = ${subject.requestId} and status in ('SCHEDULED', 'SUBMITTED')
        order by (status = 'SCHEDULED') desc, deduction_date desc, id desc for update`,
  );
  let rest = left;
  let reduced = 0;
  let fromReceivable = 0;
  let fromArrears = 0;
  for (const d of open) {
    if (rest === 0) break;
    const cents = toCents(d.amount);
    const cut = Math.min(cents, rest);
    rest -= cut;
    reduced += 1;
    if (d.arrears_of_id === null) fromReceivable += cut;
    else fromArrears += cut;
    if (cut === cents)
      await tx.execute(sql`delete from payroll_deductions where id = ${d.id}`);
    else
      await tx.execute(
        sql`update payroll_deductions set amount = ${fromCents(cents - cut)} where id = ${d.id}`,
      );
  }
  // What payroll already collected beyond what was spent (deductions taken before the card
  // closed) is owed back to the employee: a credit, not a negative debt.
  await postEntry(tx, {
    ...subject,
    cardId,
    event: "card.unspent_returned",
    at: now,
    postings: [
      { account: "card", cents: left },
      { account: "receivable", cents: -fromReceivable },
      { account: "arrears", cents: -fromArrears },
      { account: "credit", cents: -rest },
    ],
  });
  await refreshAvailable(tx, { employeeIds: [subject.employeeId] });
  await recordAudit(tx, {
    actorId: null,
    companyId: subject.companyId,
    action: "card.unspent_returned",
    requestId: subject.requestId,
    amountCents: left,
    details: {
      returned: fromCents(left),
      deductionsReduced: reduced,
      ...(rest > 0 ? { owedBackToEmployee: fromCents(rest) } : {}),
    },
  });
  return { returnedCents: left, deductionsReduced: reduced };
}
