// The employee's JSON API messages, keyed by their English text (natural-language keys, joined
// to the `messages` namespace; field names, statuses and codes never change).
const api = {
  "Employee record not found": "Employee record not found",
  "You don't have permission to access this resource.":
    "You don't have permission to access this resource.",
  "Amount must be a positive dollar amount, like 300.00":
    "Amount must be a positive dollar amount, like 300.00",
  "advanceRequestId is required": "advanceRequestId is required",
  "advanceRequestId must be a request id":
    "advanceRequestId must be a request id",
  "cardId must be a card id from GET /api/virtual-cards":
    "cardId must be a card id from GET /api/virtual-cards",
  "A nonce from Stripe.js is required.": "A nonce from Stripe.js is required.",
  "Card details are entered in Stripe's payment form on this server.":
    "Card details are entered in Stripe's payment form on this server.",
  "Unknown action": "Unknown action",
};

export default api;
