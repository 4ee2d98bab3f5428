// The `request` namespace in English (/request; docs/i18n-glossary.md).
const request = {
  title: "Request Grocery Advance",
  intro: "Get an advance of {{min}} to {{max}} on your paycheck for groceries.",
  notLinked: {
    title: "Your account is not linked to an employer yet.",
    text: "You can request an advance once your employer adds you to their company. Please ask your employer or HR team to add you.",
    next: "Until then: <howItWorks> or go back to your <dashboard>.",
    howItWorks: "see how an advance works and what it costs",
    dashboard: "dashboard",
  },
  left: {
    title:
      "You can no longer request advances: your employer has offboarded you.",
    text: "What you still owe is deducted from your last paycheck; your <link> stays here for you.",
    history: "history",
  },
  belowMinimum: {
    title:
      "You have {{available}} available to request, less than the {{minimum}} minimum.",
    text: "What you can request comes back as payroll repays your advances (see your upcoming deductions on the <link>), or when a pending request is declined or cancelled.",
    dashboard: "dashboard",
  },
  form: {
    amount: "Amount",
    amountHint:
      "Between {{min}} and {{max}}. Available to request: {{available}} (your balance less pending requests)",
    reason: "Reason (optional)",
    reasonPlaceholder: "What will the advance help with?",
    payment: "Payment Information",
    existingAccount: "Use existing direct deposit account",
    differentAccount: "Use a different account",
    accountType: "Account type",
    checking: "Checking",
    savings: "Savings",
    routingNumber: "Routing number",
    routingPlaceholder: "9 digit routing number",
    accountNumber: "Account number",
    schedule: "Repayment Schedule",
    periods_one: "{{count}} pay period",
    periods_other: "{{count}} pay periods",
    recommended: "{{option}} (recommended)",
    scheduleHint: "The advance will be deducted from your upcoming paychecks.",
    review:
      "Nothing has been requested yet. Check the cost below for the amount and periods you chose, then press Submit Request again to confirm.",
    costPending:
      "Enter an amount between {{min}} and {{max}} to see what it costs.",
    terms:
      "I agree to the terms and conditions and authorize repayment by payroll deduction",
    failed: "Request failed",
    cancel: "Cancel",
    submitting: "Submitting...",
    submit: "Submit Request",
  },
  authorization: {
    title: "Sign the wage-deduction authorization first",
    sign: "Sign the authorization",
    profile: "Read it on your Profile",
  },
  paycheck: {
    left: "Your usual net pay is {{net}}. After this advance's first deduction of {{deduction}}, {{left}} is left of your next paycheck.",
    leftWithOthers:
      "Your usual net pay is {{net}}. After this advance's first deduction of {{deduction}} and {{others}} already due, {{left}} is left of your next paycheck.",
    enough: "Your employer asks that at least {{percent}} % ({{min}}) is left.",
    tooLittle:
      "That is less than the {{percent}} % ({{min}}) your employer asks to be left: choose a smaller amount or more pay periods.",
  },
  refused: {
    title: "You cannot request an advance right now",
  },
  limits: {
    title: "Limits on your advances",
    workState: "You work in {{state}}: its rules apply to your advances.",
    workStateUnknown:
      "Your employer has not recorded the state you work in: the general rules apply.",
    coolingOff_one:
      "A pause of {{count}} day after each advance is repaid before the next one.",
    coolingOff_other:
      "A pause of {{count}} days after each advance is repaid before the next one.",
    coolingOffUntil: "Your pause ends on {{date}}.",
    yearly_one:
      "At most {{count}} advance in 12 months: you have had {{used}}.",
    yearly_other:
      "At most {{count}} advances in 12 months: you have had {{used}}.",
    yearlyUntil: "You can request again on {{date}}.",
    state:
      "{{state}} allows at most {{max}} advances in {{days}} days: you have had {{used}}.",
    periods_one: "{{state}}: repaid on your next pay date only.",
    periods_other: "{{state}}: repaid over at most {{count}} pay periods.",
  },
};

export default request;
