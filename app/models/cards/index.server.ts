// Cards: checkout, the virtual card, its grocery-only authorizations, its lifecycle (freeze,
// close, expiry), merchant refunds, the provider's issuing webhooks, the card's reads, recovery.
// The domain's public face: code outside app/models/cards/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  CARD_DELAYED,
  CardCreationError,
  issueGroceryCard,
} from "./card.server";
export {
  authorizeCardPurchase,
  DECLINE_FROZEN,
  DECLINE_NOT_GROCERY,
  declineNotListedSuperstore,
  simulateCardPurchase,
  spentCents,
} from "./card-authorization.server";
export { parseCardId, requireOwnCard } from "./card-access.server";
export {
  closeCardInTx,
  closeExpiredCards,
  closeOwnCard,
  closeOwnCardDto,
  setCardFrozen,
  setCardFrozenDto,
} from "./card-lifecycle.server";
export {
  CARD_PAGE_AUTHORIZATIONS,
  cardDisplayKey,
  DETAILS_SHOWN_BY_SANDBOX,
  getOwnCard,
  listOwnCardDtos,
  revealCardDetails,
} from "./card-reads.server";
export {
  listAwaitingPayment,
  listOwnCards,
  type OwnCard,
} from "./own-cards.server";
export {
  isCancellable,
  requestMoneyOf,
  statusNote,
} from "./request-money.server";
export { simulateMerchantRefund } from "./card-refunds.server";
export { handleCardWebhook } from "./card-webhooks.server";
export { recoverPaidRequests } from "./card-recovery.server";
export {
  completeSandboxCheckout,
  getCheckout,
  handlePaymentWebhook,
  issueCardAfterPayment,
  issueCardForPaymentIntent,
  latestCardStory,
  paySandboxCheckout,
} from "./checkout.server";
export {
  listedSuperstore,
  superstoreList,
  superstoreNames,
} from "./superstores.server";
export { cardFiguresOf } from "./card-figures.server";
