// The `history` namespace in English (/history; docs/i18n-glossary.md).
const history = {
  heading: "Advance History",
  intro: "All your grocery advance requests, newest first.",
  caption: "Advance requests",
  columns: {
    requestDate: "Request Date",
    amount: "Amount",
    reason: "Reason",
    repaymentPeriods: "Repayment Periods",
    status: "Status",
    responseDate: "Response Date",
  },
  empty: "You haven't made any advance requests yet.",
  pages: "Advance history pages",
  credit: {
    title: "Owed back to you and paid back",
    owedPayroll:
      "We owe you {{amount}}: it comes back on {{date}}, added to your paycheck.",
    owedEmployer:
      "We owe you {{amount}}: your employer pays it back to you directly.",
    paidPayroll: "{{amount}} paid back on {{date}}, added to your paycheck.",
    paidEmployer: "{{amount}} paid back to you by your employer on {{date}}.",
    notPaid:
      "{{amount}} was not added to your paycheck of {{date}}; it comes with the next one.",
  },
};

export default history;
