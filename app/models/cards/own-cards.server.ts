import { cardRemainingSql } from "~/models/ledger/index.server";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  virtualCards,
  type User,
} from "#db/schema";
import { db } from "~/utils/db.server";

export type OwnCard = {
  id: number;
  requestId: number;
  cardNumber: string;
  status: string;
  expiryMonth: number;
  expiryYear: number;
  amount: string;
  spendingLimits: string;
  createdAt: Date;
  /** What is left to spend on it, "0.00" once closed: the ledger's (cardRemainingSql). */
  remaining: string;
};

/**
 * The employee's virtual cards, newest first (masked numbers only), each with
 * what is left on it, from the ledger (cardFigures has the rest).
 */
export async function listOwnCards(user: User): Promise<OwnCard[]> {
  return db()
    .select({
      id: virtualCards.id,
      requestId: virtualCards.requestId,
      cardNumber: virtualCards.cardNumber,
      status: virtualCards.status,
      expiryMonth: virtualCards.expiryMonth,
      expiryYear: virtualCards.expiryYear,
      amount: virtualCards.amount,
      spendingLimits: virtualCards.spendingLimits,
      createdAt: virtualCards.createdAt,
      remaining: sql<string>`(${cardRemainingSql(virtualCards.id, virtualCards.status)})::numeric(12,2)::text`,
    })
    .from(virtualCards)
    .innerJoin(advanceRequests, eq(advanceRequests.id, virtualCards.requestId))
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(employees.userId, user.id))
    .orderBy(desc(virtualCards.createdAt), desc(virtualCards.id));
}

/**
 * Approved requests that have no card yet: unpaid, the employee still has to complete payment;
 * paid, the card is being issued.
 */
export async function listAwaitingPayment(user: User): Promise<
  Array<{
    id: number;
    amount: string;
    approvalDate: Date | null;
    /** Set once the fee is paid (or confirmed): the card is then being issued. */
    paidAt: Date | null;
    /** The fee as its state allowed it when filed (null: the flat fee, capped at the amount). */
    feeAmount: string | null;
  }>
> {
  return db()
    .select({
      id: advanceRequests.id,
      amount: advanceRequests.amount,
      feeAmount: advanceRequests.feeAmount,
      approvalDate: advanceRequests.approvalDate,
      paidAt: advanceRequests.paidAt,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .leftJoin(virtualCards, eq(virtualCards.requestId, advanceRequests.id))
    .where(
      and(
        eq(employees.userId, user.id),
        eq(advanceRequests.status, "APPROVED"),
        isNull(virtualCards.id),
      ),
    )
    .orderBy(desc(advanceRequests.approvalDate), desc(advanceRequests.id));
}
