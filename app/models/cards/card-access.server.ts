import { and, eq } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  virtualCards,
  type User,
  type VirtualCard,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { db, type Executor } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import { parseId } from "~/utils/ids";

// What the card's files share: the caller's own card (a 404 for anyone else's), the card's row
// lock, the people its events go to, and the live update of its open pages.

export const CARD_NOT_FOUND = "Card not found.";

export const SANDBOX_ONLY =
  "Simulated purchases exist only in sandbox mode: with Stripe, purchases come from the card network.";

export async function lockCard(
  tx: Executor,
  cardId: number,
): Promise<VirtualCard | undefined> {
  const [card] = await tx
    .select()
    .from(virtualCards)
    .where(eq(virtualCards.id, cardId))
    .for("update");
  return card;
}

/** The employee and employer a card's events go to. */
export async function cardParties(
  executor: Executor,
  cardId: number,
): Promise<{
  userId: number;
  companyId: number | null;
  requestId: number;
  employeeId: number;
}> {
  const [row] = await executor
    .select({
      userId: employees.userId,
      employeeId: employees.id,
      companyId: employees.companyId,
      requestId: advanceRequests.id,
    })
    .from(virtualCards)
    .innerJoin(advanceRequests, eq(advanceRequests.id, virtualCards.requestId))
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(virtualCards.id, cardId));
  if (!row) throw notFound(CARD_NOT_FOUND);
  return row;
}

export async function announce(cardId: number) {
  const parties = await cardParties(db(), cardId);
  await publish("card.updated", [parties.userId], {
    requestId: parties.requestId,
  });
}

/** The caller's own card (an employee's); anyone else's is a 404, so ids reveal nothing. */
export async function ownCard(
  executor: Executor,
  actor: User,
  cardId: number,
  lock = false,
): Promise<VirtualCard & { companyId: number | null }> {
  if (actor.role !== "EMPLOYEE") throw notFound(CARD_NOT_FOUND);
  const query = executor
    .select({ card: virtualCards, companyId: employees.companyId })
    .from(virtualCards)
    .innerJoin(advanceRequests, eq(advanceRequests.id, virtualCards.requestId))
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(and(eq(virtualCards.id, cardId), eq(employees.userId, actor.id)));
  const [row] = lock
    ? await query.for("update", { of: virtualCards })
    : await query;
  if (!row) throw notFound(CARD_NOT_FOUND);
  return { ...row.card, companyId: row.companyId };
}

/** Refuses (404) a card that is not the caller's own, before a form is even read. */
export async function requireOwnCard(
  actor: User,
  cardId: number,
): Promise<VirtualCard> {
  return ownCard(db(), actor, cardId);
}

/** Refuses a cardId that is not a positive integer (route params). */
export function parseCardId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw notFound(CARD_NOT_FOUND);
  return id;
}
