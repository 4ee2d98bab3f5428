// The `checkout` namespace in English (/checkout and /payment-success; docs/i18n-glossary.md).
const checkout = {
  title: "Checkout",
  requesting: "You're requesting a grocery advance of {{amount}}",
  approvedOn: "Your employer approved it on <date>.",
  approved: "Your employer approved your grocery advance of {{amount}}.",
  acceptByCard:
    "By getting your card you accept the <link>; we record the version on this advance.",
  acceptByPaying:
    "By paying you accept the <link>; we record the version on this advance.",
  termsLink: "terms (version {{version}})",
  payBy: "Pay by <date>, or this approval expires.",
  confirmBy: "Confirm by <date>, or this approval expires.",
  paymentDetails: "Payment details",
  needsJavaScript:
    "The card payment form needs JavaScript. Please enable it to pay.",
  loading: "Loading…",
  form: {
    cardNumber: "Card number",
    expiry: "Expiry (MM / YY)",
    cvc: "CVC",
    sandboxNote:
      "Sandbox payments: no real card is charged. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.",
    failed: "Payment failed",
    processing: "Processing...",
    pay: "Pay {{amount}}",
    cancel: "Cancel",
  },
  issue: {
    creating: "Creating card...",
    goToDashboard: "Go to Dashboard",
    confirmed: "Advance confirmed",
    received: "Payment received",
    noFeeNotCreated:
      "The processing fee of this advance is $0.00, and nothing is charged to your card, but your grocery card of {{amount}} has not been created yet.",
    companyPaysNotCreated:
      "Your company pays the processing fee, and nothing is charged to your card, but your grocery card of {{amount}} has not been created yet.",
    feeAuthorizedNotCreated:
      "The processing fee is authorized on your card, but your grocery card of {{amount}} has not been created yet. The fee is charged when it is; if it cannot be, the authorization is released.",
    createCard: "Create My Grocery Card",
  },
  noCost: {
    title: "Confirm your advance",
    getCard: "Get my card",
    noFeeText:
      "The processing fee of this advance is $0.00, so there is nothing to pay. Get your grocery card of {{amount}} now; payroll repays the advance on the dates above.",
  },
  error: {
    title: "Error",
    goBack: "Go Back",
  },
  success: {
    ready: "Your virtual grocery card is ready to use at grocery stores.",
    deducted:
      "The advance amount will be deducted from your paycheck according to your repayment schedule.",
    yourMoney: "Your money",
    anyTime: "You can check your payment history at any time.",
    viewCard: "View my card",
    viewHistory: "View History",
  },
};

export default checkout;
