import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { recordAudit } from "~/models/audit/index.server";
import { netCredit } from "./credits.server";
import {
  cardLeftCents,
  postEntry,
  refreshAvailable,
  type Posting,
} from "~/models/ledger/index.server";

// A closed card gives back what it did not spend (DESIGN §4 the money model (3), §12): the
// employee owes only what they spent. The unspent balance leaves the card in the ledger and goes,
// in this order, to:
//
// 1. the advance's SCHEDULED deductions, the latest first, to the cent (one reduced to nothing
//    is removed);
// 2. its SUBMITTED deductions, the latest first: these are in a payroll run whose file the
//    company's payroll may already be using, so they are never deleted or reduced. The return
//    is held against the deduction (an entry naming it) and settled after its result
//    (results.server.ts): what payroll then collects beyond what was still owed is a credit;
// 3. what was written off on the advance (a refund after the last paycheck first reduces the
//    loss);
// 4. a credit owed back to the employee (the `credit` account), never a negative debt.

export type Returned = {
  returnedCents: number;
  deductionsReduced: number;
  /** What of it is owed back to the employee (a credit), in cents. */
  creditCents: number;
};

const owedAccount = (arrearsOfId: number | null) =>
  arrearsOfId === null ? "receivable" : "arrears";

/**
 * What a card's returns already hold against each of some SUBMITTED deductions (cents): the
 * part of the deduction the employee no longer owes, to be settled after its result.
 */
export async function heldReturns(
  executor: Executor,
  deductionIds: number[],
): Promise<Map<number, number>> {
  if (deductionIds.length === 0) return new Map();
  const rows = await queryRows<{ deduction_id: number; held: string }>(
    executor,
    sql`select j.deduction_id, (-sum(p.amount))::text as held
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.event = 'card.unspent_returned'
          and j.deduction_id = any(${`{${deductionIds.map(Number).join(",")}}`}::int[])
          and p.account in ('receivable', 'arrears')
        group by j.deduction_id`,
  );
  return new Map(rows.map((r) => [r.deduction_id, toCents(r.held)]));
}

export type Settled = {
  /** The postings (credits) of what was settled, but for the holds. */
  postings: Posting[];
  /** What is held against SUBMITTED deductions, one posting each (with `hold`). */
  holds: { deductionId: number; posting: Posting }[];
  reduced: number;
  lossCut: number;
  creditCents: number;
};

/**
 * Money that comes to an advance beyond what a deduction needed (a card's unspent balance, or
 * what payroll collected beyond what was still owed on a deduction), settled inside the
 * caller's transaction: its SCHEDULED deductions cut, the latest first (one reduced to nothing
 * is removed); with `hold`, then its SUBMITTED ones held (never changed); then what was written
 * off on it; the rest a credit owed back to the employee. Returns the postings; the caller posts
 * them with the other side.
 */
export async function settleOnAdvance(
  tx: Tx,
  requestId: number,
  cents: number,
  hold: boolean,
): Promise<Settled> {
  const open = await queryRows<{
    id: number;
    amount: string;
    status: "SCHEDULED" | "SUBMITTED";
    arrears_of_id: number | null;
  }>(
    tx,
    sql`select id, amount::text as amount, status, arrears_of_id from payroll_deductions
        where request_id = ${requestId}
          and status in ('SCHEDULED', ${hold ? "SUBMITTED" : "SCHEDULED"})
        order by (status = 'SCHEDULED') desc, deduction_date desc, id desc for update`,
  );
  const held = await heldReturns(
    tx,
    open.filter((d) => d.status === "SUBMITTED").map((d) => d.id),
  );
  let rest = cents;
  let reduced = 0;
  const postings: Posting[] = [];
  const holds: Settled["holds"] = [];
  for (const d of open) {
    if (rest === 0) break;
    const amount = toCents(d.amount);
    const room =
      d.status === "SCHEDULED" ? amount : amount - (held.get(d.id) ?? 0);
    const cut = Math.min(room, rest);
    if (cut <= 0) continue;
    rest -= cut;
    reduced += 1;
    const posting: Posting = {
      account: owedAccount(d.arrears_of_id),
      cents: -cut,
    };
    if (d.status === "SUBMITTED") {
      holds.push({ deductionId: d.id, posting });
      continue;
    }
    postings.push(posting);
    if (cut === amount)
      await tx.execute(sql`delete from payroll_deductions where id = ${d.id}`);
    else
      await tx.execute(
        sql`update payroll_deductions set amount = ${fromCents(amount - cut)} where id = ${d.id}`,
      );
  }
  // A loss already written off on this advance comes back first.
  const [lost] = await queryRows<{ lost: string }>(
    tx,
    sql`select coalesce(sum(p.amount), 0)::text as lost
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.request_id = ${requestId} and p.account = 'losses'`,
  );
  const lossCut = Math.min(rest, Math.max(toCents(lost?.lost ?? "0"), 0));
  rest -= lossCut;
  postings.push({ account: "losses", cents: -lossCut });
  // What payroll already collected beyond what was spent is owed back: a credit.
  postings.push({ account: "credit", cents: -rest });
  return { postings, holds, reduced, lossCut, creditCents: rest };
}

/** What the program owes back to the employee on one advance (its credit), in cents. */
export async function advanceCreditCents(
  executor: Executor,
  requestId: number,
): Promise<number> {
  const [row] = await queryRows<{ credit: string }>(
    executor,
    sql`select coalesce(-sum(p.amount), 0)::text as credit
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.request_id = ${requestId} and p.account = 'credit'`,
  );
  return toCents(row?.credit ?? "0");
}

/** A card and the request, employee and company its entries are posted for (the cards read it). */
export type CardSubject = {
  cardId: number;
  requestId: number;
  employeeId: number;
  companyId: number | null;
};

/**
 * Returns a closed card's unspent balance, inside the caller's transaction (the card's row is
 * locked by the caller). Returns nothing when the card has nothing left.
 */
export async function returnUnspent(
  tx: Tx,
  card: CardSubject,
  now: Date = new Date(),
): Promise<Returned> {
  const { cardId, requestId, employeeId, companyId } = card;
  const subject = { requestId, employeeId, companyId };
  const left = await cardLeftCents(tx, cardId);
  if (left <= 0)
    return { returnedCents: 0, deductionsReduced: 0, creditCents: 0 };
  const settled = await settleOnAdvance(tx, subject.requestId, left, true);
  const { holds, reduced, lossCut, creditCents: rest } = settled;
  const heldCents = holds.reduce((s, h) => s - h.posting.cents, 0);
  const entry = {
    ...subject,
    cardId,
    event: "card.unspent_returned" as const,
    at: now,
  };
  // The card's side of what is held against submitted deductions is posted with each of them.
  await postEntry(tx, {
    ...entry,
    postings: [
      { account: "card", cents: left - heldCents },
      ...settled.postings,
    ],
  });
  for (const h of holds)
    await postEntry(tx, {
      ...entry,
      deductionId: h.deductionId,
      postings: [{ account: "card", cents: -h.posting.cents }, h.posting],
    });
  // A credit is netted first against what the employee owes on their other advances.
  if (rest > 0) await netCredit(tx, subject.employeeId, now);
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
      ...(heldCents > 0 ? { heldForPayrollResults: fromCents(heldCents) } : {}),
      ...(lossCut > 0 ? { lossReduced: fromCents(lossCut) } : {}),
      ...(rest > 0 ? { owedBackToEmployee: fromCents(rest) } : {}),
    },
  });
  return { returnedCents: left, deductionsReduced: reduced, creditCents: rest };
}
