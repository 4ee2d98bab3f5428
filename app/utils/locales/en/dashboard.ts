// The `dashboard` namespace in English (i18next's JSON format; docs/i18n-glossary.md).
const dashboard = {
  employee: {
    welcome: "Welcome, {{name}}",
    welcomeBack: "Welcome back, {{name}}",
    newRequest: "New Request",
    weOweYou: "We owe you {{amount}}",
    creditByPayroll:
      "Payroll collected more than your cards spent. It comes back on {{date}}, added to your paycheck.",
    creditByEmployer:
      "Payroll collected more than your cards spent. Your employer pays it back to you directly.",
    notLinkedTitle: "Your account is not linked to an employer yet.",
    notLinkedText:
      "You can request an advance once your employer adds you to their company in Grocery Advance. Please ask your employer or HR team to add you: ask them to invite <email>, then open the link in the invitation e-mail while signed in here.",
    invitation:
      "{{company}} invited {{email}} (the link works until {{date}}): open the invitation e-mail and press Join.",
    aCompany: "A company",
    notLinkedNext:
      "Until then: <howItWorks>, or keep your <profile> up to date.",
    howItWorks: "see how an advance works and what it costs",
    profile: "profile",
    leftTitle:
      "You can no longer request advances: your employer has offboarded you.",
    leftText:
      "What you still owe is deducted from your last paycheck; your cards, deductions and <link> stay here for you.",
    leftHistory: "history",
    choosePasswordTitle: "Choose your own password",
    choosePasswordText:
      "Your employer created your account and set its first password, so someone else knows it. Use the link we e-mailed you, or <link>.",
    choosePasswordLink: "change it on your profile",
    availableBalance: "Available Balance",
    payCycleEnds: "Pay cycle ends {{date}}",
    notSet: "Not set",
    availableToRequest:
      "Available to request: {{amount}} (your balance less pending requests)",
    nextDeduction: "Next Deduction",
    noUpcomingDeductions: "No upcoming deductions",
    yearToDate: "Year to Date",
    approvedAdvances_one: "{{count}} approved advance",
    approvedAdvances_other: "{{count}} approved advances",
    recentActivity: "Recent Activity",
    viewAllActivity: "View All Activity",
    noRecentActivity: "No recent activity found",
    groceryAdvanceRequest: "Grocery advance request",
    upcomingDeductions: "Upcoming Deductions",
    noUpcomingDeductionsFound: "No upcoming deductions found",
    virtualCards: "Virtual Cards ({{count}})",
    awaitingPayment:
      "Your {{amount}} advance is approved. Complete payment to get your grocery card.",
    awaitingPaymentFee:
      "Paying charges your card only the {{fee}} fee; the {{amount}} goes onto your grocery card.",
    payBy: "Pay by <date>, or the approval expires.",
    awaitingConfirmation:
      "Your {{amount}} advance is approved. Confirm it to get your grocery card.",
    companyPaysFee:
      "Your company pays the {{fee}} fee: nothing is charged to your card, and the {{amount}} goes onto your grocery card.",
    confirmBy: "Confirm by <date>, or the approval expires.",
    confirmAndGetCard: "Confirm and get my card",
    completePayment: "Complete payment",
    beingIssued:
      "Your {{amount}} advance is paid for: your grocery card is being issued. Nothing more to do.",
    noCardsFound: "No virtual cards found",
    noCardsYet: "No virtual cards yet",
    noCardsHint:
      "Cards will appear here after your advance requests are approved",
    cardAfterPaying:
      "Your {{amount}} grocery card appears here once you complete its payment (To do, above).",
    cardAfterConfirming:
      "Your {{amount}} grocery card appears here once you confirm the advance (To do, above).",
    restrictions: "Restrictions",
    issued: "Issued",
    remainingBalance: "Remaining on this card",
    viewCard: "View card and purchases",
  },
  formerMember: {
    hello: "Hello, {{name}}",
    text: "Your account no longer belongs to a company on Grocery Advance, so there is nothing to manage here. If that is a mistake, ask your company's owner to invite you to the team again.",
  },
  toDo: {
    title: "To do",
    nothing: "Nothing to do right now.",
    declinedPurchase:
      "A {{amount}} purchase at {{merchant}} was declined on {{date}}: {{reason}}",
    declinedPurchaseNoReason:
      "A {{amount}} purchase at {{merchant}} was declined on {{date}}.",
    seeCard: "See the card",
    credit:
      "We owe you {{amount}}: payroll collected more than your cards spent. It is paid back to you through payroll.",
    creditByEmployer:
      "We owe you {{amount}}: payroll collected more than your cards spent. Your employer pays it back to you directly.",
    seeHistory: "See your history",
  },
};

export default dashboard;
