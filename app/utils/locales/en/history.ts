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
};

export default history;
