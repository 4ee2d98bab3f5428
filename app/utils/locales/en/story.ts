// The `story` namespace in English: the money of a request in plain words (app/utils/money-story.ts).
const story = {
  checkoutNoFee:
    "The processing fee of this advance is $0.00 (your state's monthly limit on fees is used up): nothing is charged to your card. Pressing Get my card confirms the advance and issues your grocery card.",
  noFee:
    "The processing fee of this advance was $0.00: nothing was charged to your card.",
  noFeeCardBeingIssued:
    "Card being issued: the processing fee of this advance is $0.00, and nothing is charged to your card.",
  deduction: "{{amount}} on {{date}}",
  deductionCollected: "{{amount}} on {{date}} (collected)",
  deductionCarried: "{{amount}} on {{date}} (carried over from {{from}})",
  resultPartial: "{{collected}} of {{amount}} collected on {{date}}",
  resultMissed: "{{amount}} not collected on {{date}}",
  restMoved: "{{shortfall}} moved to {{date}}",
  restWrittenOff: "{{shortfall}} written off (nothing more is deducted)",
  checkoutCompanyFee:
    "Pressing Get my card confirms the advance and issues your grocery card: nothing is charged to your card.",
  checkoutFee:
    "Pressing Pay charges your card only the {{fee}} processing fee: it is authorized now and captured when your grocery card is issued. If the card cannot be issued, the authorization is released and nothing is charged.",
  pending: "Nothing is held or charged while your employer reviews it.",
  nothingHeld: "Nothing was held or charged.",
  feeRefunded:
    "Fee refunded: the {{fee}} processing fee was charged and then refunded to your card, because the grocery card could not be issued. Nothing is owed.",
  holdReleased: "The hold of {{amount}} was released; nothing was charged.",
  companyCardBeingIssued:
    "Card being issued: your company pays the {{fee}} processing fee, and nothing is charged to your card.",
  companyPaid:
    "Your company paid the {{fee}} processing fee: nothing was charged to your card.",
  cardClosed:
    "Your grocery card is closed: {{spent}} spent, {{returned}} given back. Payroll deducts {{deductions}}.",
  cardHolds:
    "Your grocery card holds {{amount}}. Payroll deducts {{deductions}}.",
  cardBeingIssued:
    "Card being issued: the {{fee}} processing fee is authorized on your card. If the card cannot be issued within the hour, the fee comes back to your card and nothing is owed.",
  approvedNotPaid:
    "Approved, not paid for yet: nothing is held or charged, and payroll deducts nothing until your card is issued. Unpaid approvals expire after {{days}} days.",
  heldChargedReleased:
    "Held on your card: {{held}}. Charged: {{charged}} (the processing fee). Released: {{released}}.",
  charged:
    "Charged to your card: {{charged}} (the processing fee). The advance was not charged to your card.",
};

export default story;
