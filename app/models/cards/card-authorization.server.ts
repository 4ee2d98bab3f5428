import { and, desc, eq, ne, sql } from "drizzle-orm";
import {
  advanceRequests,
  cardAuthorizations,
  employees,
  virtualCards,
  type User,
  type VirtualCard,
} from "#db/schema";
import { publish, publishInTransaction } from "~/services/events.server";
import {
  GROCERY_CATEGORY,
  paymentProvider,
  type ProviderEvent,
} from "~/services/payments/index.server";
import { sandboxCardDetails } from "~/services/payments/sandbox.server";
import { listedSuperstore, superstoreCode } from "./superstores.server";
import {
  db,
  onceAcrossRetries,
  queryRows,
  readThenWrite,
  transaction,
  type Executor,
  type Tx,
} from "~/utils/db.server";
import { badRequest, conflict, notFound } from "~/utils/errors";
import { parseId } from "~/utils/ids";
import { formatCents, fromCents, toCents } from "~/utils/money";
import type { SimulatedPurchase } from "~/validation/card";
import type { z } from "zod";
import type { ownCardSchema } from "~/validation/api-responses";
import { toVirtualCardDto } from "./card.server";
import { recordAudit } from "~/models/audit/index.server";
import { listOwnCards } from "~/models/advances/index.server";
import { emitWebhook } from "~/models/integrations/index.server";
import {
  notifyCreditOwed,
  notifyPurchaseDeclined,
} from "~/models/notifications/index.server";
import { returnUnspent } from "~/models/repayments/index.server";
import {
  cardSpendEntry,
  entryCtes,
  syncCardSpend,
  cardFigures,
  cardFiguresOf,
  type CardFigures,
} from "~/models/ledger/index.server";

// The grocery card as the employee uses it (DESIGN §4 The card). One function decides every
// purchase on a card, authorizeCardPurchase, whoever asks: Stripe's real-time authorization
// webhook, the sandbox's POST /api/sandbox/card-authorizations and the card page's "Simulate a
// purchase" test tool. Every decision is stored in card_authorizations. The card row is locked
// while a purchase is decided, so concurrent purchases are decided one after another against
// the balance the previous one left: the card is never overspent (docs/decisions/0044).

/** Merchant categories a grocery card may buy in (Stripe's names; docs/decisions/0044). */
const GROCERY_CATEGORIES: readonly string[] = [GROCERY_CATEGORY];

const CARD_NOT_FOUND = "Card not found.";
export const DECLINE_NOT_GROCERY =
  "This card can only be used at grocery stores.";
/** At a superstore category (5300, 5310, 5311), a shop that is not on the superstore list. */
export const declineNotListedSuperstore = (code: string) =>
  `This shop is not on the card's list of superstores, and purchases in its category (${code}) are allowed only there.`;
export const DECLINE_FROZEN = "This card is frozen.";
const DECLINE_INACTIVE = "This card is not active.";
const DECLINE_EXPIRED = "This card has expired.";
const DECLINE_CURRENCY =
  "This card can only be used for purchases in US dollars.";
const DECLINE_ZERO = "The purchase amount must be more than $0.00.";
const declineOverBalance = (amountCents: number, remaining: number) =>
  `The purchase of ${formatCents(amountCents)} is more than the card's remaining balance of ${formatCents(remaining)}.`;
export const SANDBOX_ONLY =
  "Simulated purchases exist only in sandbox mode: with Stripe, purchases come from the card network.";

const FROZEN = "frozen";

export type Purchase = {
  amountCents: number;
  merchantName: string;
  merchantCategory: string;
  /** ISO currency; the card is in US dollars. */
  currency?: string;
  /** The card network's merchant id (Stripe's merchant_data.network_id), when given. */
  merchantId?: string | null;
  /** Stripe's authorization id (iauth_…), when Stripe asks. */
  providerAuthorizationId?: string;
};

export type Decision = {
  approved: boolean;
  /** Why it was declined; null when approved. */
  reason: string | null;
  authorizationId: number;
};

/** The card's rules, without the database: the decline reason, or null to approve. */
function declineReason(
  card: Pick<VirtualCard, "status" | "amount" | "expiryMonth" | "expiryYear">,
  spentCents: number,
  purchase: Purchase,
  now: Date = new Date(),
): string | null {
  if (card.status === FROZEN) return DECLINE_FROZEN;
  if (card.status !== "active") return DECLINE_INACTIVE;
  if (
    card.expiryYear * 12 + card.expiryMonth <
    now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
  )
    return DECLINE_EXPIRED;
  if (!GROCERY_CATEGORIES.includes(purchase.merchantCategory)) {
    // A superstore's category: only a listed superstore (decision 0114).
    const code = superstoreCode(purchase.merchantCategory);
    if (code === null) return DECLINE_NOT_GROCERY;
    if (
      listedSuperstore(
        { name: purchase.merchantName, merchantId: purchase.merchantId },
        code,
      ) === null
    )
      return declineNotListedSuperstore(code);
  }
  if (purchase.currency && purchase.currency.toLowerCase() !== "usd")
    return DECLINE_CURRENCY;
  if (purchase.amountCents <= 0) return DECLINE_ZERO;
  const remaining = toCents(card.amount) - spentCents;
  if (purchase.amountCents > remaining)
    return declineOverBalance(purchase.amountCents, Math.max(remaining, 0));
  return null;
}

/**
 * Approved, not reversed purchases less merchant refunds: what the card has spent (or holds),
 * in cents. The ledger's card balance follows it (syncCardSpend).
 */
export async function spentCents(
  executor: Executor,
  cardId: number,
): Promise<number> {
  const [row] = await executor
    .select({
      spent: sql<string>`coalesce(sum(case when ${cardAuthorizations.kind} = 'refund' then -${cardAuthorizations.amount} else ${cardAuthorizations.amount} end), 0)::numeric(12,2)::text`,
    })
    .from(cardAuthorizations)
    .where(
      and(
        eq(cardAuthorizations.cardId, cardId),
        eq(cardAuthorizations.approved, true),
        ne(cardAuthorizations.status, "reversed"),
      ),
    );
  return toCents(row?.spent ?? "0");
}

async function lockCard(
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
async function cardParties(
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

async function announce(cardId: number) {
  const parties = await cardParties(db(), cardId);
  await publish("card.updated", [parties.userId], {
    requestId: parties.requestId,
  });
}

type AuthorizationContext = {
  card_id: number;
  status: string;
  amount: string;
  expiry_month: number;
  expiry_year: number;
  request_id: number;
  employee_id: number;
  company_id: number | null;
  user_id: number;
  spent: string;
  ledger: string;
  seen_id: number | null;
  seen_approved: boolean | null;
  seen_reason: string | null;
};

/** A card by our id, or by the provider's card id (Stripe's ic_…). */
type CardRef = number | { providerCardId: string };

/**
 * Decides a purchase and stores the decision, in one transaction of two round trips (decisions
 * 0082 and 0085): BEGIN and the card_authorization_context function, which locks the card and
 * then reads what the rules need (its spend by its authorizations and by the ledger, its
 * subject, a decision already taken on the same provider authorization id); then one statement
 * that writes the authorization and, when approved, the ledger entry that brings the card's
 * spend in line (syncCardSpend's rule), the card page's live update, and COMMIT.
 * Null when there is no such card.
 */
async function decidePurchase(
  ref: CardRef,
  purchase: Purchase,
  now: Date,
): Promise<(Decision & { userId: number; requestId: number }) | null> {
  // What the write step decided, for the answer once it has committed.
  const fresh: Pick<Decision, "approved" | "reason"> & { committed(): void } = {
    approved: false,
    reason: null,
    committed: () => {},
  };
  const { read, written } = await readThenWrite<
    AuthorizationContext,
    { id: number }
  >(
    sql`select * from card_authorization_context(${typeof ref === "number" ? ref : null}::int,
          ${typeof ref === "number" ? null : ref.providerCardId}::text,
          ${purchase.providerAuthorizationId ?? null}::text)`,
    ([context]) => {
      if (!context || context.seen_id !== null) return [];
      const spent = toCents(context.spent);
      const reason = declineReason(
        {
          status: context.status,
          amount: context.amount,
          expiryMonth: context.expiry_month,
          expiryYear: context.expiry_year,
        },
        spent,
        purchase,
        now,
      );
      const approved = reason === null;
      fresh.approved = approved;
      fresh.reason = reason;
      const amountCents = Math.max(purchase.amountCents, 0);
      const entry = approved
        ? cardSpendEntry(
            context.card_id,
            {
              requestId: context.request_id,
              employeeId: context.employee_id,
              companyId: context.company_id,
            },
            spent + amountCents,
            toCents(context.ledger),
            "card.purchase",
          )
        : null;
      const ledger = entry ? entryCtes(entry) : null;
      // Stripe holds an approved amount until it is captured; a sandbox purchase is done.
      const status =
        approved && purchase.providerAuthorizationId ? "pending" : "closed";
      const event = publishInTransaction("card.updated", [context.user_id], {
        requestId: context.request_id,
      });
      fresh.committed = event.committed;
      return [
        sql`with authorization_row as (
              insert into card_authorizations (card_id, amount, merchant_name, merchant_category,
                approved, reason, status, provider_authorization_id, created_at, updated_at)
              values (${context.card_id}::int, ${fromCents(amountCents)}::numeric,
                ${purchase.merchantName.slice(0, 200)}::text, ${purchase.merchantCategory.slice(0, 100)}::text,
                ${approved}::boolean, ${reason}::text, ${status}::text,
                ${purchase.providerAuthorizationId ?? null}::text,
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
              returning id)${ledger ? sql`, ${ledger}` : sql``}
            select id from authorization_row`,
        ...event.statements,
      ];
    },
  );
  const [context] = read;
  if (!context) return null;
  const parties = { userId: context.user_id, requestId: context.request_id };
  if (context.seen_id !== null)
    return {
      approved: context.seen_approved === true,
      reason: context.seen_reason,
      authorizationId: context.seen_id,
      ...parties,
    };
  fresh.committed();
  if (!fresh.approved)
    // Told after the decision is stored; a notice that fails never changes the decision.
    await notifyPurchaseDeclined(
      written[0].id,
      fresh.reason === DECLINE_NOT_GROCERY,
    ).catch((error: unknown) =>
      console.warn(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "warn",
          msg: "purchase-declined notice not enqueued",
          authorizationId: written[0].id,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    );
  return {
    approved: fresh.approved,
    reason: fresh.reason,
    authorizationId: written[0].id,
    ...parties,
  };
}

/**
 * Decides a purchase on card `cardId` (our id) and stores the decision. Approved only in a
 * grocery category, while the card is active, up to its remaining balance, in cents. A repeated
 * Stripe authorization id returns the decision already taken.
 */
export async function authorizeCardPurchase(
  cardId: number,
  purchase: Purchase,
  now: Date = new Date(),
): Promise<Decision> {
  const decision = await decidePurchase(cardId, purchase, now);
  if (!decision) throw notFound(CARD_NOT_FOUND);
  return {
    approved: decision.approved,
    reason: decision.reason,
    authorizationId: decision.authorizationId,
  };
}

/** The caller's own card (an employee's); anyone else's is a 404, so ids reveal nothing. */
async function ownCard(
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

/**
 * The sandbox's test tool: a purchase on the caller's own card, decided by the same function
 * Stripe's webhook uses. Only in sandbox mode (404 with Stripe, where the network decides).
 */
export async function simulateCardPurchase(
  actor: User,
  cardId: number,
  input: SimulatedPurchase,
): Promise<Decision> {
  if (paymentProvider().name !== "sandbox") throw notFound(SANDBOX_ONLY);
  const card = await ownCard(db(), actor, cardId);
  return authorizeCardPurchase(card.id, {
    amountCents: toCents(input.amount),
    merchantName: input.merchantName,
    merchantCategory: input.merchantCategory,
  });
}

export type CardStatusChange = { card: VirtualCard; changed: boolean };

/**
 * Freezes (every purchase declined) or unfreezes the caller's own card. With Stripe the card's
 * status at Stripe follows (inactive / active) inside the same transaction: if Stripe cannot be
 * told, nothing changes. Asking for the state the card is already in changes nothing.
 */
export async function setCardFrozen(
  actor: User,
  cardId: number,
  frozen: boolean,
): Promise<CardStatusChange> {
  const result = await transaction(async (tx) => {
    const card = await ownCard(tx, actor, cardId, true);
    const target = frozen ? FROZEN : "active";
    if (card.status === target) return { card, changed: false };
    if (card.status !== "active" && card.status !== FROZEN)
      throw conflict(DECLINE_INACTIVE);
    const [updated] = await tx
      .update(virtualCards)
      .set({ status: target })
      .where(eq(virtualCards.id, card.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId: card.companyId,
      subjectUserId: actor.id,
      action: frozen ? "card.frozen" : "card.unfrozen",
      requestId: card.requestId,
      details: { card: card.cardNumber },
    });
    // Told once, however many times PostgreSQL has the transaction run again.
    await onceAcrossRetries(
      `card-status:${card.providerCardId}:${frozen ? "inactive" : "active"}`,
      () =>
        paymentProvider().setCardStatus(
          card.providerCardId,
          frozen ? "inactive" : "active",
        ),
    );
    return { card: updated, changed: true };
  });
  if (result.changed) await announce(cardId);
  return result;
}

const CARD_ALREADY_CLOSED = "This card is already closed.";

/**
 * Closes a card for good, inside the caller's transaction: every later purchase is declined,
 * the provider cancels it, and its unspent balance is returned (the employee owes only what
 * they spent). By the employee, by offboarding, or at the end of its validity. Returns false
 * when it was already closed.
 */
export async function closeCardInTx(
  tx: Tx,
  cardId: number,
  actorId: number | null,
  why: "employee" | "offboarded" | "expired",
  now: Date = new Date(),
): Promise<boolean> {
  const card = await lockCard(tx, cardId);
  if (!card) throw notFound(CARD_NOT_FOUND);
  if (card.status === "closed") return false;
  await tx
    .update(virtualCards)
    .set({ status: "closed", deactivatedAt: now })
    .where(eq(virtualCards.id, card.id));
  const returned = await returnUnspent(tx, card.id, now);
  const parties = await cardParties(tx, card.id);
  // Owed back: told now, unless the employee is leaving (offboarding tells it once, at its end).
  if (returned.creditCents > 0 && why !== "offboarded")
    await notifyCreditOwed(tx, parties.employeeId, `card:${card.id}`);
  await recordAudit(tx, {
    actorId,
    companyId: parties.companyId,
    subjectUserId: parties.userId,
    action: "card.closed",
    requestId: card.requestId,
    amountCents: returned.returnedCents,
    details: {
      card: card.cardNumber,
      why,
      returned: fromCents(returned.returnedCents),
    },
  });
  await emitWebhook(tx, parties.companyId, "card.closed", {
    ...toVirtualCardDto({ ...card, status: "closed" }),
    employeeId: parties.employeeId,
    advanceRequestId: parties.requestId,
  });
  // Told once, however many times PostgreSQL has the caller's transaction run again.
  await onceAcrossRetries(`card-status:${card.providerCardId}:canceled`, () =>
    paymentProvider().setCardStatus(card.providerCardId, "canceled"),
  );
  return true;
}

/** The employee closes their own card (after a confirmation on the card page). */
export async function closeOwnCard(
  actor: User,
  cardId: number,
): Promise<VirtualCard> {
  const card = await transaction(async (tx) => {
    const own = await ownCard(tx, actor, cardId, true);
    if (own.status === "closed") throw conflict(CARD_ALREADY_CLOSED);
    await closeCardInTx(tx, own.id, actor.id, "employee");
    const [closed] = await tx
      .select()
      .from(virtualCards)
      .where(eq(virtualCards.id, own.id));
    return closed;
  });
  await announce(cardId);
  return card;
}

/** A card as GET /api/virtual-cards and the freeze endpoints answer it. */
export type OwnCardDto = z.output<typeof ownCardSchema>;

function toOwnCardDto(
  card: Parameters<typeof toVirtualCardDto>[0],
  figures: Pick<CardFigures, "spentCents" | "remainingCents">,
): OwnCardDto {
  return {
    ...toVirtualCardDto(card),
    // The ledger's figures (cardFigures): spend less reversals and refunds; a closed card gave
    // its unspent balance back, so nothing remains on it.
    spentAmount: fromCents(figures.spentCents),
    remainingBalance: fromCents(figures.remainingCents),
  };
}

/** GET /api/virtual-cards: the caller's cards, newest first, with the ledger's figures. */
export async function listOwnCardDtos(actor: User): Promise<OwnCardDto[]> {
  const cards = await listOwnCards(actor);
  const figures = await cardFigures(
    db(),
    cards.map((c) => c.id),
  );
  return cards.map((c) => toOwnCardDto(c, figures.get(c.id)!));
}

/** The freeze / unfreeze endpoints' answer: the card after the change. */
export async function setCardFrozenDto(
  actor: User,
  cardId: number,
  frozen: boolean,
): Promise<OwnCardDto> {
  const { card } = await setCardFrozen(actor, cardId, frozen);
  return toOwnCardDto(card, await cardFiguresOf(db(), card.id));
}

export const CARD_PAGE_AUTHORIZATIONS = 100;

/** What the card page shows: the card, its figures in cents, and its newest authorizations. */
export async function getOwnCard(actor: User, cardId: number) {
  const card = await ownCard(db(), actor, cardId);
  const [figures, authorizations] = await Promise.all([
    cardFiguresOf(db(), card.id),
    db()
      .select()
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.cardId, card.id))
      .orderBy(desc(cardAuthorizations.createdAt), desc(cardAuthorizations.id))
      .limit(CARD_PAGE_AUTHORIZATIONS),
  ]);
  // The ledger's figures, as every surface shows them (cardFigures). A closed card's return:
  // the part payroll had already collected is owed back (decision 0080).
  return {
    card,
    limitCents: toCents(card.amount),
    creditCents: figures.owedBackCents,
    spentCents: figures.spentCents,
    remainingCents: figures.remainingCents,
    returnedCents: figures.returnedCents,
    authorizations,
    sandbox: paymentProvider().name === "sandbox",
    /** Stripe.js's key, for Issuing Elements on the card page (null in sandbox mode). */
    publishableKey: paymentProvider().publishableKey,
  };
}

// ---- Stripe's issuing events -------------------------------------------------------------

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Obj)
    : {};
const str = (value: unknown): string | null =>
  typeof value === "string" && value ? value : null;
const int = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : null;

/** Our card behind a Stripe card id (the authorization's `card` is expanded or an id). */
async function cardByProviderId(
  card: unknown,
): Promise<VirtualCard | undefined> {
  const id = str(card) ?? str(obj(card).id);
  if (!id) return undefined;
  const [row] = await db()
    .select()
    .from(virtualCards)
    .where(eq(virtualCards.providerCardId, id));
  return row;
}

function merchantOf(authorization: Obj) {
  const merchant = obj(authorization.merchant_data);
  return {
    merchantName: str(merchant.name) ?? "Unknown merchant",
    merchantCategory: str(merchant.category) ?? "unknown",
    merchantId: str(merchant.network_id),
  };
}

type RealTimeAnswer = { approved: boolean; apiVersion: string };
type IssuingAck = {
  received: true;
  type: string;
  handled: boolean;
  message?: string;
};
export type CardWebhookOutcome =
  | { kind: "decision"; answer: RealTimeAnswer }
  | { kind: "ack"; ack: IssuingAck };

/**
 * Stripe's `issuing_authorization.request`: decided by authorizeCardPurchase on the amount
 * Stripe asks to hold (pending_request.amount, cents). A card we do not know is declined.
 */
async function answerAuthorizationRequest(
  event: ProviderEvent,
): Promise<RealTimeAnswer> {
  const authorization = event.object;
  const id = str(authorization.id);
  const providerCardId =
    str(authorization.card) ?? str(obj(authorization.card).id);
  const pending = obj(authorization.pending_request);
  const amountCents = int(pending.amount) ?? int(authorization.amount);
  if (!id || !providerCardId || amountCents === null)
    return { approved: false, apiVersion: event.apiVersion };
  // The card is found by Stripe's id in the statement that locks it (a card we do not know
  // is declined, and nothing is stored).
  const decision = await decidePurchase(
    { providerCardId },
    {
      amountCents,
      currency:
        str(pending.currency) ?? str(authorization.currency) ?? undefined,
      providerAuthorizationId: id,
      ...merchantOf(authorization),
    },
    new Date(),
  );
  return {
    approved: decision?.approved === true,
    apiVersion: event.apiVersion,
  };
}

const STATUSES = new Set(["pending", "closed", "reversed"]);

/**
 * `issuing_authorization.created` / `.updated`: Stripe's final word on an authorization (it
 * may decline one we approved, e.g. past its own controls or our answer's deadline) and its
 * later life (captured: closed; released: reversed, which gives the amount back). One we never
 * saw (Stripe decided alone) is recorded as it is.
 */
async function recordAuthorization(event: ProviderEvent): Promise<IssuingAck> {
  const authorization = event.object;
  const id = str(authorization.id);
  const card = await cardByProviderId(authorization.card);
  if (!id || !card)
    return {
      received: true,
      type: event.type,
      handled: false,
      message: CARD_NOT_FOUND,
    };
  const approved = authorization.approved === true;
  const status = STATUSES.has(String(authorization.status))
    ? String(authorization.status)
    : "closed";
  const history = Array.isArray(authorization.request_history)
    ? authorization.request_history.map(obj)
    : [];
  const stripeReason = str(history[history.length - 1]?.reason);
  const now = new Date();
  await transaction(async (tx) => {
    const locked = await lockCard(tx, card.id);
    const [seen] = await tx
      .select()
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.providerAuthorizationId, id));
    if (seen) {
      await tx
        .update(cardAuthorizations)
        .set({
          approved,
          status,
          reason: approved
            ? null
            : (seen.reason ??
              `Declined by Stripe (${stripeReason ?? "no reason given"}).`),
          updatedAt: now,
        })
        .where(eq(cardAuthorizations.id, seen.id));
      // A purchase released or declined after a merchant refunded it would give the same money
      // back twice: the card's spend never goes below zero.
      await voidRefundsBeyondPurchases(tx, card.id, now);
      await syncCardSpend(tx, card.id, "card.purchase_reversed");
      // On a closed card what the reversal gave back is returned at once (closeCard's rule).
      if (locked?.status === "closed") await returnUnspent(tx, card.id, now);
      return;
    }
    const amount =
      int(obj(authorization.pending_request).amount) ??
      int(authorization.amount) ??
      0;
    const { merchantName, merchantCategory } = merchantOf(authorization);
    await tx.insert(cardAuthorizations).values({
      cardId: card.id,
      amount: fromCents(Math.max(amount, 0)),
      merchantName,
      merchantCategory,
      approved,
      reason: approved
        ? null
        : `Declined by Stripe (${stripeReason ?? "no reason given"}).`,
      status,
      providerAuthorizationId: id,
      createdAt: now,
      updatedAt: now,
    });
    await syncCardSpend(tx, card.id, "card.purchase");
  });
  await announce(card.id);
  return { received: true, type: event.type, handled: true };
}

/** `issuing_transaction.created`: the capture of an authorization; it is now closed. */
async function recordTransaction(event: ProviderEvent): Promise<IssuingAck> {
  const transaction = event.object;
  const id = str(transaction.id);
  const authorizationId =
    str(transaction.authorization) ?? str(obj(transaction.authorization).id);
  if (id && transaction.type === "refund") return recordMerchantRefund(event);
  if (!id || !authorizationId)
    return { received: true, type: event.type, handled: false };
  const rows = await db()
    .update(cardAuthorizations)
    .set({ providerTransactionId: id, status: "closed", updatedAt: new Date() })
    .where(
      and(
        eq(cardAuthorizations.providerAuthorizationId, authorizationId),
        eq(cardAuthorizations.approved, true),
      ),
    )
    .returning({ cardId: cardAuthorizations.cardId });
  if (rows[0]) await announce(rows[0].cardId);
  return { received: true, type: event.type, handled: rows.length > 0 };
}

/**
 * The card's share of POST /api/stripe/webhook: the signature is checked on the raw body (400
 * when wrong); null for an event that is not about card purchases (the payment webhook takes
 * it). `issuing_authorization.request` is answered with the decision itself.
 */
export async function handleCardWebhook(
  rawBody: string,
  signature: string | null,
): Promise<CardWebhookOutcome | null> {
  const event = paymentProvider().parseWebhook(rawBody, signature);
  switch (event.type) {
    case "issuing_authorization.request":
      return {
        kind: "decision",
        answer: await answerAuthorizationRequest(event),
      };
    case "issuing_authorization.created":
    case "issuing_authorization.updated":
      return { kind: "ack", ack: await recordAuthorization(event) };
    case "issuing_transaction.created":
      return { kind: "ack", ack: await recordTransaction(event) };
    default:
      return null;
  }
}

/** Refuses a cardId that is not a positive integer (route params). */
export function parseCardId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw notFound(CARD_NOT_FOUND);
  return id;
}

const DETAILS_NOT_AVAILABLE =
  "The full card details are shown by the card provider's secure display, which needs JavaScript. Please enable it to see them.";
const DETAILS_OF_CLOSED_CARD =
  "This card is closed: its details are no longer shown.";
export const DETAILS_SHOWN_BY_SANDBOX =
  "Card details come from the built-in sandbox here: press Show card details on the card's page.";

/**
 * The full number, expiry and CVC of the caller's own card, for the page to show after the
 * employee presses "Show card details": in sandbox mode a test number unique to the card,
 * derived on demand (services/payments/sandbox sandboxCardDetails) and never stored or logged.
 * With Stripe they come from Stripe's Issuing Elements in the browser (cardDisplayKey), never
 * through us: this form post answers 409.
 */
export async function revealCardDetails(actor: User, cardId: number) {
  const card = await ownCard(db(), actor, cardId);
  if (card.status === "closed") throw conflict(DETAILS_OF_CLOSED_CARD);
  if (paymentProvider().name !== "sandbox")
    throw conflict(DETAILS_NOT_AVAILABLE);
  const { number, cvc } = sandboxCardDetails(
    card.providerCardId,
    card.cardNumber.slice(-4),
  );
  return {
    number,
    cvc,
    expiry: `${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`,
  };
}

/**
 * POST /api/virtual-cards/{id}/ephemeral-key: the ephemeral key with which Stripe's Issuing
 * Elements show the caller's own card in Stripe's iframes (the browser made `nonce` with
 * Stripe.js). The key is answered once, never stored or logged; the card's number and CVC
 * never reach this server. Sandbox mode has no such display (409: the page shows its test
 * numbers itself).
 */
export async function cardDisplayKey(
  actor: User,
  cardId: number,
  nonce: string,
): Promise<{
  issuingCard: string;
  ephemeralKeySecret: string;
  expiresAt: string;
}> {
  const card = await ownCard(db(), actor, cardId);
  if (card.status === "closed") throw conflict(DETAILS_OF_CLOSED_CARD);
  const key = await paymentProvider().createCardDisplayKey(
    card.providerCardId,
    nonce,
  );
  if (!key) throw conflict(DETAILS_SHOWN_BY_SANDBOX);
  return {
    issuingCard: card.providerCardId,
    ephemeralKeySecret: key.secret,
    expiresAt: key.expiresAt.toISOString(),
  };
}

const REFUND_NOTHING_SPENT = "A refund cannot be more than the card has spent.";
/** The reason stored on a provider's refund that was more than the card had spent. */
const REFUND_OVER_SPEND =
  "Not applied: the refund is more than the card has spent.";

/** The reason stored on a refund whose purchase was reversed afterwards. */
const REFUND_PURCHASE_REVERSED =
  "Not applied: the purchase it refunded was reversed.";

/**
 * Under the card's lock, after a purchase is reversed or declined: while the card's applied
 * refunds are more than its purchases still standing, the latest applied refund is set to not
 * applied (the reversal gave that money back already), so spend = purchases − reversals −
 * refunds is never negative. Returns how many refunds were set aside.
 */
async function voidRefundsBeyondPurchases(
  tx: Tx,
  cardId: number,
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: number; kind: string; amount: string }>(
    tx,
    sql`select id, kind, amount::text as amount from card_authorizations
        where card_id = ${cardId} and approved and status <> 'reversed'
        order by id desc`,
  );
  const cents = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .reduce((s, r) => s + toCents(r.amount), 0);
  let over = cents("refund") - cents("purchase");
  let voided = 0;
  for (const r of rows) {
    if (over <= 0) break;
    if (r.kind !== "refund") continue;
    await tx
      .update(cardAuthorizations)
      .set({
        approved: false,
        reason: REFUND_PURCHASE_REVERSED,
        updatedAt: now,
      })
      .where(eq(cardAuthorizations.id, r.id));
    over -= toCents(r.amount);
    voided += 1;
  }
  return voided;
}

/** What the ledger says a card has spent (purchases − reversals − refunds), in cents. */
async function ledgerSpentCents(tx: Executor, cardId: number): Promise<number> {
  const [row] = await queryRows<{ spent: string }>(
    tx,
    sql`select coalesce(-sum(amount), 0)::text as spent from ledger_postings
        where card_id = ${cardId} and account = 'merchants'`,
  );
  return toCents(row?.spent ?? "0");
}

/**
 * A merchant gives money back to the card: stored as an approved `refund` row, which lowers the
 * card's spend and raises what it has left; the ledger posts a merchant refund. Once per
 * provider transaction id. Decided under the card's row lock against the ledger's spend, so
 * concurrent refunds take turns and together never exceed what the card spent (spend never goes
 * below zero). One that would is refused (`over: "refuse"`, the sandbox's tool: 400, nothing
 * stored) or stored as not applied with its reason (`over: "record"`, Stripe's word that the
 * merchant paid: kept for the operator, the card's figures untouched). A refund on a closed card
 * is then returned with the card's unspent balance at once (closeCard's rule), so the employee
 * owes less.
 */
async function refundToCard(
  cardId: number,
  refund: {
    amountCents: number;
    merchantName: string;
    providerTransactionId?: string;
  },
  now: Date = new Date(),
  over: "refuse" | "record" = "refuse",
): Promise<{ created: boolean; applied: boolean }> {
  const outcome = await transaction(async (tx) => {
    const card = await lockCard(tx, cardId);
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (refund.providerTransactionId) {
      const [seen] = await tx
        .select({ id: cardAuthorizations.id })
        .from(cardAuthorizations)
        .where(
          eq(
            cardAuthorizations.providerTransactionId,
            refund.providerTransactionId,
          ),
        );
      if (seen) return { created: false, applied: false };
    }
    const applied = refund.amountCents <= (await ledgerSpentCents(tx, card.id));
    if (!applied && over === "refuse")
      throw badRequest(REFUND_NOTHING_SPENT, {
        amount: [REFUND_NOTHING_SPENT],
      });
    await tx.insert(cardAuthorizations).values({
      cardId: card.id,
      kind: "refund",
      amount: fromCents(refund.amountCents),
      merchantName: refund.merchantName.slice(0, 200),
      merchantCategory: GROCERY_CATEGORY,
      approved: applied,
      reason: applied ? null : REFUND_OVER_SPEND,
      status: "closed",
      providerTransactionId: refund.providerTransactionId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (!applied) return { created: true, applied: false };
    await syncCardSpend(tx, card.id, "card.merchant_refund");
    if (card.status === "closed") await returnUnspent(tx, card.id, now);
    return { created: true, applied: true };
  });
  if (outcome.created) await announce(cardId);
  return outcome;
}

/** `issuing_transaction.created` of type refund: money back from a merchant (Stripe). */
async function recordMerchantRefund(event: ProviderEvent): Promise<IssuingAck> {
  const transaction = event.object;
  const card = await cardByProviderId(transaction.card);
  const id = str(transaction.id);
  // Stripe gives a refund's amount as a negative number of cents (money towards the card).
  const amount = Math.abs(int(transaction.amount) ?? 0);
  if (!card || !id || amount === 0)
    return { received: true, type: event.type, handled: false };
  // Acknowledged either way (Stripe would redeliver a refusal for days); one more than the
  // card spent is stored, not applied.
  const { applied } = await refundToCard(
    card.id,
    {
      amountCents: amount,
      merchantName: merchantOf(transaction).merchantName,
      providerTransactionId: id,
    },
    new Date(),
    "record",
  );
  return {
    received: true,
    type: event.type,
    handled: true,
    ...(applied ? {} : { message: REFUND_OVER_SPEND }),
  };
}

/**
 * The sandbox's refund test tool: a merchant refund of `amount` on the caller's own card, never
 * more than the card has spent (checked under the card's lock, 400). Only in sandbox mode (with
 * Stripe, refunds come from the network).
 */
export async function simulateMerchantRefund(
  actor: User,
  cardId: number,
  input: { amount: string; merchantName: string },
): Promise<void> {
  if (paymentProvider().name !== "sandbox") throw notFound(SANDBOX_ONLY);
  const card = await ownCard(db(), actor, cardId);
  await refundToCard(card.id, {
    amountCents: toCents(input.amount),
    merchantName: input.merchantName,
  });
}

/** POST /api/virtual-cards/{id}/close: the card as the API answers it, after closing. */
export async function closeOwnCardDto(actor: User, cardId: number) {
  const card = await closeOwnCard(actor, cardId);
  return toOwnCardDto(card, await cardFiguresOf(db(), card.id));
}

/**
 * Cards past the end of their validity (the last day of their expiry month) are closed, their
 * unspent balance returned (the daily clean-up job). One transaction per card; returns how many.
 */
export async function closeExpiredCards(
  now: Date = new Date(),
): Promise<number> {
  const expired = await db()
    .select({ id: virtualCards.id })
    .from(virtualCards)
    .where(
      and(
        ne(virtualCards.status, "closed"),
        sql`${virtualCards.expiryYear} * 12 + ${virtualCards.expiryMonth} < ${
          now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
        }`,
      ),
    );
  let closed = 0;
  for (const card of expired) {
    const done = await transaction((tx) =>
      closeCardInTx(tx, card.id, null, "expired", now),
    );
    if (done) {
      closed += 1;
      await announce(card.id);
    }
  }
  return closed;
}
