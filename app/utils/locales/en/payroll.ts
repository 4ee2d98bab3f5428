// The `payroll` namespace in English: /payroll and a payroll run's page (i18next's JSON format;
// docs/i18n-glossary.md).
const payroll = {
  heading: "Payroll",
  export: "Export next payroll (CSV)",
  intro:
    "Next payroll: <date>. Running payroll today submits every deduction dated on or before {{today}} to a payroll run. They count as collected only when you record what each paycheck covered.",
  status: {
    SUBMITTED: "Submitted",
    RECONCILED: "Reconciled",
    COLLECTED: "Collected",
    MISSED: "Not collected",
    WRITTEN_OFF: "Written off",
  },
  run: {
    title: "Payroll run of {{date}}",
    total: "Total {{amount}}",
    download: "Download the run's file (CSV)",
    columns: {
      employee: "Employee",
      amount: "Amount",
      status: "Status",
      collected: "Collected",
      record: "Record",
    },
    caption: "Deductions in this payroll run",
    empty: "This run has no deductions.",
    collectedFrom: "Collected from {{name}}",
    record: "Record",
    recorded: "Recorded",
    allCollected: "All collected in full",
    resultFile: "Payroll result file (CSV: deductionId, collectedAmount)",
    upload: "Upload results",
    reimbursements: {
      title: "Reimbursements to add to paychecks: {{amount}}",
      text: "Payroll collected more than these employees' cards spent. Add each amount to their paycheck; recording the run's results marks them paid.",
      caption: "Reimbursements in this payroll run",
      amount: "Add to paycheck",
      toPay: "To pay",
      paid: "Paid",
      notPaid: "Not paid",
      markNotPaid: "Mark not paid",
      notPaidFor: "Payroll did not pay {{name}}'s reimbursement",
      movesOn: "Goes on the next run",
    },
  },
  due: {
    title: "Due now ({{count}})",
    columns: {
      employee: "Employee",
      department: "Department",
      deductionDate: "Deduction Date",
      amount: "Amount",
      request: "Request",
    },
    caption: "Deductions due now",
    empty: "No deductions are due.",
    total: "Total due: {{amount}}",
  },
  form: {
    nothingDue:
      "Nothing is due now, so there is no payroll to run. The next payroll is on {{date}}.",
    confirm:
      "I confirm that these deductions go to this payroll: its file is what our payroll deducts.",
    failed: "Payroll failed",
    running: "Running payroll...",
    submit: "Run payroll",
  },
  runs: {
    title: "Payroll runs",
    columns: {
      payDate: "Pay date",
      status: "Status",
      deductions: "Deductions",
      total: "Total",
      collected: "Collected",
    },
    empty: "No payroll runs yet.",
    toRecord: "{{deductions}} ({{open}} to record)",
    open: "Open",
  },
};

export default payroll;
