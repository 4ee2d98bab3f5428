// The tables of the cards domain (app/models/cards): the virtual cards and their authorizations.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { advanceRequests } from "./advances";
import { money, tstz } from "./columns";

// Only the masked number (last 4) and the expiry are kept: never a full card number or a CVC
// (PCI DSS 3.2.2). The spec's `cvc` field is deliberately absent; see docs/decisions.
export const virtualCards = pgTable(
  "virtual_cards",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => advanceRequests.id),
    providerCardId: text("provider_card_id").notNull(),
    cardNumber: text("card_number").notNull(),
    expiryMonth: integer("expiry_month").notNull(),
    expiryYear: integer("expiry_year").notNull(),
    amount: money("amount").notNull(),
    status: text("status").notNull().default("active"),
    spendingLimits: text("spending_limits").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    deactivatedAt: tstz("deactivated_at"),
  },
  (t) => [
    uniqueIndex("virtual_cards_request_id_idx").on(t.requestId),
    uniqueIndex("virtual_cards_provider_card_id_idx").on(t.providerCardId),
  ],
);

// Every purchase attempt on a grocery card and the decision on it (authorizeCardPurchase in
// app/models/cards/card-authorization.server.ts): from the sandbox's test tool or Stripe's real-time
// authorization webhook (then with Stripe's authorization id). A card's spend is the sum of its
// approved, not reversed authorizations, and never exceeds the card's amount.
export const cardAuthorizations = pgTable(
  "card_authorizations",
  {
    id: serial("id").primaryKey(),
    cardId: integer("card_id")
      .notNull()
      .references(() => virtualCards.id),
    amount: money("amount").notNull(),
    merchantName: text("merchant_name").notNull(),
    merchantCategory: text("merchant_category").notNull(),
    approved: boolean("approved").notNull(),
    /** A purchase, or a merchant's refund (which gives the card its amount back). */
    kind: text("kind", { enum: ["purchase", "refund"] })
      .notNull()
      .default("purchase"),
    /** Why it was declined (null when approved). */
    reason: text("reason"),
    /** pending (held), closed (captured or declined), reversed (released): Stripe's words. */
    status: text("status").notNull().default("closed"),
    providerAuthorizationId: text("provider_authorization_id"),
    providerTransactionId: text("provider_transaction_id"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("card_authorizations_card_idx").on(t.cardId, t.createdAt, t.id),
    uniqueIndex("card_authorizations_provider_id_idx").on(
      t.providerAuthorizationId,
    ),
    check("card_authorizations_amount_check", sql`${t.amount} >= 0`),
    check(
      "card_authorizations_kind_check",
      sql`${t.kind} in ('purchase', 'refund')`,
    ),
    check(
      "card_authorizations_status_check",
      sql`${t.status} in ('pending', 'closed', 'reversed')`,
    ),
  ],
);
export type VirtualCard = typeof virtualCards.$inferSelect;
export type CardAuthorization = typeof cardAuthorizations.$inferSelect;
