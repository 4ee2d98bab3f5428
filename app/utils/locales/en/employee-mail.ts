// The `employeeMail` namespace in English: the rest of an employee's e-mails (declined,
// cancelled or expired, card not issued, password changed; app/services/mail/templates.tsx).
const employeeMail = {
  seeRequests: "See your requests",
  labels: {
    declinedOn: "Declined on",
    reason: "Reason",
    cancelledOn: "Cancelled on",
    expiredOn: "Expired on",
    feeRefunded: "Fee refunded",
    charged: "Charged",
  },
  declined: {
    subject: "Your {{amount}} advance request was declined",
    heading: "Your advance request was declined",
    text: "Your employer declined your grocery advance request of {{amount}} on {{date}}.",
    noReason: "Declined by employer",
  },
  cancelled: {
    subject: "Your {{amount}} advance request cancelled",
    heading: "Your advance request cancelled",
    text: "Your grocery advance request of {{amount}} was cancelled on {{date}}.",
  },
  expired: {
    subject: "Your {{amount}} advance request expired",
    heading: "Your advance request expired",
    text: "Your approved grocery advance of {{amount}} expired on {{date}}: it was not paid for at checkout within 7 days of its approval.",
  },
  nothingCharged:
    "Nothing was charged and nothing will be deducted from your pay for it; any amount your employer reserved is back in your available balance.",
  feeRefunded:
    "The {{fee}} processing fee charged to your card is refunded to it (your bank may take 5 to 10 days to show it). Nothing will be deducted from your pay for this request; any amount your employer reserved is back in your available balance.",
  feeReturned:
    "The {{fee}} processing fee you paid at checkout comes back to your card: a hold is released, a charge is refunded (your bank may take 5 to 10 days to show it). Nothing will be deducted from your pay for this request; any amount your employer reserved is back in your available balance.",
  cardNotIssued: {
    subject: "Your {{amount}} grocery card could not be issued",
    heading: "Your grocery card could not be issued",
    text: "We could not issue the grocery card for your {{amount}} advance, so we cancelled the request on {{date}}.",
    refunded:
      "The {{fee}} processing fee was refunded to your card. Your bank may take 5 to 10 days to show it.",
    released:
      "Nothing was charged: the {{fee}} authorization on your card was released.",
    nothingDeducted:
      "Nothing will be deducted from your pay for this advance, and the amount is back in your available balance. You can request a new advance.",
  },
  passwordChanged: {
    subject: "Your {{product}} password was changed",
    heading: "Your password was changed",
    reset:
      "Your password was reset with an e-mail link on {{date}}, and every session was signed out.",
    changed:
      "Your password was changed on {{date}}, and your other sessions were signed out.",
    notYou:
      "If this was not you, reset your password now and tell your employer.",
    action: "Reset your password",
  },
  credit: {
    subject: "We owe you {{amount}}",
    heading: "Money is coming back to you",
    text: "Payroll collected more than your grocery cards spent, so we owe you {{amount}}.",
    byPayroll:
      "It comes back on {{date}}, added to your paycheck. You do not need to do anything.",
    byEmployer:
      "You have no paycheck to come, so your employer pays it back to you directly and records the payment. Ask them if it has not reached you.",
    how: "How it comes back",
    howPayroll: "Added to your paycheck",
    howEmployer: "Paid by your employer",
    when: "When",
    action: "See your history",
  },
  creditPaid: {
    subject: "{{amount}} paid back to you",
    heading: "We paid you back",
    byPayroll:
      "The {{amount}} we owed you was added to your paycheck of {{date}}.",
    byEmployer:
      "Your employer recorded paying you the {{amount}} we owed you on {{date}}.",
    nothingOwed: "Nothing more is owed back to you.",
    stillOwed: "We still owe you {{amount}}; it comes back the same way.",
  },
};

export default employeeMail;
