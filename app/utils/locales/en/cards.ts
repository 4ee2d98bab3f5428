// The `cards` namespace in English (/cards/:id, the employee's grocery card; docs/i18n-glossary.md).
const cards = {
  title: "Grocery card",
  backToDashboard: "Back to dashboard",
  heading: "Grocery card {{last4}}",
  restrictions:
    "{{restrictions}}: it works at grocery stores and supermarkets, and at the superstores on our list: {{superstores}}.",
  deadlineActive:
    "Active: use it by <date>. After that it closes, and what is left on it comes off your payroll deductions.",
  deadlineFrozen:
    "Frozen: use it by <date>. After that it closes, and what is left on it comes off your payroll deductions.",
  closed:
    "This card is closed: every purchase is declined. Its unspent {{returned}} came off your deductions, so you repay only what you spent.",
  owedBack:
    "Payroll had already collected {{amount}} of it: that is owed back to you, first against what you owe on other advances, then with a paycheck (your dashboard says when).",
  needsJavaScript:
    "The full card details are shown by the card provider's secure display, which needs JavaScript.",
  details: {
    label: "Card details",
    number: "Card number",
    expiry: "Expiry",
    cvc: "CVC",
    show: "Show card details",
    copyNumber: "Copy number",
    copyExpiry: "Copy expiry",
    copyCvc: "Copy CVC",
    copied: "Copied",
    showHint:
      "The full number, expiry and CVC, to use in a shop; shown only here, never stored.",
    loading: "Loading...",
    providerHint:
      "The full number, expiry and CVC, to use in a shop; shown by our card provider, never stored here.",
    providerDown:
      "The card details could not be shown: the card payment provider is not available. Please try again later.",
  },
  stats: {
    limit: "Spending limit",
    spent: "Spent",
    remaining: "Remaining on this card",
    frozen: "Frozen: purchases are declined",
  },
  purchases: {
    title: "Purchases ({{number}})",
    caption: "Purchases on this card, newest first",
    columns: {
      date: "Date",
      merchant: "Merchant",
      category: "Category",
      amount: "Amount",
      outcome: "Outcome",
    },
    empty: "No purchases on this card yet.",
    released: "Released",
    approved: "Approved",
    refunded: "Refund: back on the card",
    declined: "Declined",
    newest: "Showing the newest {{number}} purchases.",
  },
  simulated: {
    approved: "Approved: {{amount}} at {{merchant}}.",
    declined: "Declined: {{amount}} at {{merchant}}.",
  },
  categories: {
    grocery_stores_supermarkets: "Grocery store or supermarket",
    eating_places_restaurants: "Restaurant",
    fast_food_restaurants: "Fast food restaurant",
    drinking_places: "Bar or tavern",
    package_stores_beer_wine_and_liquor: "Liquor store",
    miscellaneous_food_stores: "Convenience or specialty food store",
    service_stations: "Gas station",
    wholesale_clubs: "Wholesale club (5300)",
    discount_stores: "Discount store (5310)",
    department_stores: "Department store (5311)",
  },
  freeze: {
    frozen: "This card is frozen: every purchase is declined.",
    active:
      "Lost track of your card? Freeze it and every purchase is declined until you unfreeze it.",
    unfreeze: "Unfreeze card",
    freeze: "Freeze card",
  },
  simulate: {
    title: "Simulate a purchase",
    badge: "Sandbox test tool",
    intro:
      "Payments run in the sandbox, so no store can charge this card. Send a pretend purchase to it, as a shop's card terminal would, to see what the card allows. No real money moves.",
    amount: "Amount",
    merchantName: "Merchant name",
    merchantCategory: "Merchant category",
    failed: "The purchase could not be simulated",
    simulating: "Simulating...",
    submit: "Simulate purchase",
  },
  close: {
    title: "Close this card",
    intro:
      "Done shopping? Close the card: it stops working for good, and its remaining {{remaining}} comes off your upcoming deductions, so you repay only what you spent.",
    confirm: "I want to close this card for good.",
    failed: "Card not closed",
    closing: "Closing...",
    submit: "Close card",
  },
  refund: {
    title: "Simulate a merchant refund",
    intro:
      "A shop gives money back to the card, as when you return an item. The card's remaining balance goes up by the refund.",
    amount: "Refund",
    merchantName: "Refunding shop",
    refunding: "Refunding...",
    submit: "Send refund",
    failed: "Refund not made",
  },
};

export default cards;
