// Cards: checkout, the virtual card, its grocery-only authorizations, closing and recovery.
// The domain's public face: code outside app/models/cards/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  CARD_DELAYED,
  CardCreationError,
  issueGroceryCard,
} from "./card.server";
export {
  authorizeCardPurchase,
  CARD_PAGE_AUTHORIZATIONS,
  cardDisplayKey,
  closeCardInTx,
  closeExpiredCards,
  closeOwnCard,
  closeOwnCardDto,
  DECLINE_FROZEN,
  DECLINE_NOT_GROCERY,
  declineNotListedSuperstore,
  DETAILS_SHOWN_BY_SANDBOX,
  getOwnCard,
  handleCardWebhook,
  parseCardId,
  requireOwnCard,
  revealCardDetails,
  setCardFrozen,
  setCardFrozenDto,
  simulateCardPurchase,
  simulateMerchantRefund,
  spentCents,
  listOwnCardDtos,
} from "./card-authorization.server";
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
