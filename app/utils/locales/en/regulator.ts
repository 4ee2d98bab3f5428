// The `regulator` namespace in English: /reports/regulator, the figures the state laws ask of
// an earned-wage access provider.
const regulator = {
  heading: "Regulators' report",
  intro:
    "The figures the state laws on earned-wage access ask for, for the period you choose: advances (cards funded), unique users, amounts, fees charged and waived, complaints, frequent users and write-offs.",
  link: "Regulators' report",
  form: {
    from: "From",
    to: "To (not included)",
    state: "State (optional)",
    stateHint: "A two-letter code, such as NV.",
    submit: "Show",
    csv: "Download CSV",
  },
  period: "From {{from}} up to {{to}}",
  stateApplied:
    "Only {{state}}: advances and their write-offs count under the state each advance was filed in, complaints under the work state of the employee who filed them.",
  caption: "Figures for the period",
  figure: "Figure",
  value: "Value",
  figures: {
    advances: "Advances (cards funded)",
    uniqueUsers: "Unique users",
    amount: "Amount advanced",
    feesCharged_one: "Fees charged ({{count}} advance)",
    feesCharged_other: "Fees charged ({{count}} advances)",
    feesWaived_one: "Fees waived: paid by the company ({{count}} advance)",
    feesWaived_other: "Fees waived: paid by the company ({{count}} advances)",
    averageFee: "Average fee per advance",
    frequentUsers: "Users with {{count}} or more advances",
    writeOffs: "Write-offs ({{count}})",
  },
  complaints: {
    caption: "Complaints by category",
    category: "About",
    received: "Received",
    resolved: "Resolved",
  },
};

export default regulator;
