import { and, eq, ne, sql } from "drizzle-orm";
import { cardAuthorizations, type User, type VirtualCard } from "#db/schema";
import { publishInTransaction } from "~/services/events.server";
import {
  GROCERY_CATEGORY,
  paymentProvider,
} from "~/services/payments/index.server";
import { listedSuperstore, superstoreCode } from "./superstores.server";
import { db, readThenWrite, type Executor } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import { formatCents, fromCents, toCents } from "~/utils/money";
import type { SimulatedPurchase } from "~/validation/card";
import { CARD_NOT_FOUND, ownCard, SANDBOX_ONLY } from "./card-access.server";
import { notifyPurchaseDeclined } from "~/models/notifications/index.server";
import { entryCtes } from "~/models/ledger/index.server";
import { cardSpendEntry } from "./card-spend.server";
import { declinedPurchaseOf } from "./notice-facts.server";
// The grocery card as the employee uses it (DESIGN §4 The card). One function decides every
// purchase on a card, authorizeCardPurchase, whoever asks: Stripe's real-time authorization
// webhook, the sandbox's POST /api/sandbox/card-authorizations and the card page's "Simulate a
// purchase" test tool. Every decision is stored in card_authorizations. The card row is locked
// while a purchase is decided, so concurrent purchases are decided one after another against
// the balance the previous one left: the card is never overspent.

/** Merchant categories a grocery card may buy in (Stripe's names). */
const GROCERY_CATEGORIES: readonly string[] = [GROCERY_CATEGORY];

export const DECLINE_NOT_GROCERY =
  "This card can only be used at grocery stores.";
/** At a superstore category (5300, 5310, 5311), a shop that is not on the superstore list. */
export const declineNotListedSuperstore = (code: string) =>
  `This shop is not on the card's list of superstores, and purchases in its category (${code}) are allowed only there.`;
export const DECLINE_FROZEN = "This card is frozen.";
export const DECLINE_INACTIVE = "This card is not active.";
const DECLINE_EXPIRED = "This card has expired.";
const DECLINE_CURRENCY =
  "This card can only be used for purchases in US dollars.";
const DECLINE_ZERO = "The purchase amount must be more than $0.00.";
const declineOverBalance = (amountCents: number, remaining: number) =>
  `The purchase of ${formatCents(amountCents)} is more than the card's remaining balance of ${formatCents(remaining)}.`;

export const FROZEN = "frozen";

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
    // A superstore's category: only a listed superstore.
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
export async function decidePurchase(
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
    await db()
      .transaction(async (tx) =>
        notifyPurchaseDeclined(
          tx,
          await declinedPurchaseOf(tx, written[0].id),
          fresh.reason === DECLINE_NOT_GROCERY,
        ),
      )
      .catch((error: unknown) =>
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
