import { desc, eq } from "drizzle-orm";
import { cardAuthorizations, type User } from "#db/schema";
import { paymentProvider } from "~/services/payments/index.server";
import { sandboxCardDetails } from "~/services/payments/sandbox.server";
import { db } from "~/utils/db.server";
import { conflict } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import type { z } from "zod";
import type { ownCardSchema } from "~/validation/api-responses";
import { toVirtualCardDto } from "./card.server";
import { ownCard } from "./card-access.server";
import { listOwnCards } from "./own-cards.server";

import {
  cardFigures,
  cardFiguresOf,
  type CardFigures,
} from "./card-figures.server";
// The card as its holder reads it: the card page, the API's card list, and the card's full
// details (the sandbox's test number, or the key for Stripe's secure display).

/** A card as GET /api/virtual-cards and the freeze endpoints answer it. */
export type OwnCardDto = z.output<typeof ownCardSchema>;

export function toOwnCardDto(
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
