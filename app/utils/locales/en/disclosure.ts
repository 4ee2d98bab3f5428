// The `disclosure` namespace in English: the cost of an advance before the employee commits
// (/request and /checkout; docs/i18n-glossary.md).
const disclosure = {
  title: "What this advance costs",
  cardAmount: "Put on your grocery card",
  feeCompany: "Processing fee (your company pays it)",
  feeCheckout: "Processing fee (paid at checkout)",
  total: "Total you pay (the fee and the deductions)",
  totalCompanyPays: "Total you pay (the deductions)",
  apr: "Annual percentage rate (APR)",
  aprExplained:
    "The fee expressed as a yearly rate over your repayment dates, for comparison with other credit.",
  deductions: "Payroll deductions",
  onlyCost:
    "The {{fee}} processing fee is the only cost: there is no interest, and you repay only by payroll deduction.",
  companyPays:
    "Your company pays the {{fee}} processing fee: this advance costs you nothing, there is no interest, and you repay only the advance, by payroll deduction.",
  terms:
    "Dates assume your card is issued today. Terms version {{version}}: <link>.",
  readTerms: "read the terms",
  feeCapped:
    "{{state}} caps this fee: {{fee}} is the most that may be charged for it, so that is the fee.",
};

export default disclosure;
