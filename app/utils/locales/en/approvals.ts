// The `approvals` namespace in English: /approvals and the Approve and Decline forms (i18next's
// JSON format; docs/i18n-glossary.md).
const approvals = {
  heading: "Approve Requests",
  intro: "Review your employees' grocery advance requests.",
  pendingRequests: "Pending Requests",
  caption: "Pending advance requests",
  pages: "Pending requests pages",
  columns: {
    employee: "Employee",
    requestDate: "Request Date",
    amount: "Amount",
    reason: "Reason",
    currentBalance: "Current Balance",
    repaymentPeriods: "Repayment Periods",
    actions: "Actions",
  },
  empty: "No pending approval requests at this time.",
  payPeriods_one: "{{count}} pay period",
  payPeriods_other: "{{count}} pay periods",
  waiting_one: "{{number}} request waiting, the longest-waiting first.",
  waiting_other: "{{number}} requests waiting, the longest-waiting first.",
  approve: "Approve",
  approving: "Approving...",
  approveFor: "Approve {{name}}'s request",
  decline: "Decline",
  declining: "Declining...",
  declineFor: "Decline {{name}}'s request",
  dialog: {
    title: "Decline Advance Request",
    description: "You are declining {{name}}'s request for {{amount}}.",
    reason: "Reason for declining (optional)",
    hint: "This reason will be shared with the employee.",
    placeholder: "Let the employee know why the request was declined",
    failed: "Decline failed",
    cancel: "Cancel",
    submit: "Decline Request",
  },
};

export default approvals;
