// The `reports` namespace in English: /reports and its charts (i18next's JSON format;
// docs/i18n-glossary.md).
const reports = {
  heading: "Employee Financial Wellness Analytics",
  intro:
    "How your employees use grocery advances, from your company's own requests.",
  totalAdvances: "Total Advances",
  breakdown:
    "{{approved}} approved, {{declined}} declined, {{pending}} pending",
  breakdownCancelled:
    "{{approved}} approved, {{declined}} declined, {{pending}} pending, {{cancelled}} cancelled",
  totalAmount: "Total Amount",
  average: "Average {{amount}} per request",
  approvalRate: "Approval Rate",
  decided: "{{approved}} of {{decided}} decided requests",
  monthlyTrend: "Monthly Trend",
  trend_one:
    "{{count}} request in the last 30 days vs {{prior}} in the 30 before",
  trend_other:
    "{{count}} requests in the last 30 days vs {{prior}} in the 30 before",
  repayment: "Repayment",
  collected: "Collected by payroll",
  writtenOff: "Written off (losses)",
  writtenOffHint: "What leavers' last paychecks could not cover",
  owed: "Still owed",
  owedBack: "Owed back to employees",
  owedBackHint:
    "Payroll collected more than their cards spent: it goes on the next payroll run, or you pay a leaver directly",
  paidBack: "Paid back to employees",
  paidBackHint:
    "Credits paid back with paychecks or to leavers, last 12 months",
  companyFees: "Fees paid by the company",
  companyFeesHint:
    "Processing fees of advances your company pays for its employees (Settings), billed to the company",
  monthlyVolume: "Monthly Advance Volume",
  volumeTitle: "Amount requested per month, last 12 months",
  volumeEmptySummary: "Dollars requested per month over the last 12 months.",
  volumeSummary_one:
    "Dollars requested per month: {{total}} in {{count}} request over 12 months; the largest month was {{month}} with {{amount}}.",
  volumeSummary_other:
    "Dollars requested per month: {{total}} in {{count}} requests over 12 months; the largest month was {{month}} with {{amount}}.",
  amountRequested: "Amount requested",
  requests: "Requests",
  approved: "Approved",
  volumeEmpty:
    "No advance requests in the last 12 months. The chart fills in as your employees request advances.",
  noDataYet: "No data yet",
  month: "Month",
  topDepartments: "Top Departments",
  noApproved: "No data yet: no approved advances in the last 12 months.",
  departmentsTitle: "Approved advance amount by department",
  departmentsSummary:
    "{{department}} leads with {{percent}} of the approved amount.",
  department: "Department",
  approvedAmount: "Approved amount",
  share: "Share",
  advances: "Advances",
  noDepartment: "No department",
  ranked:
    "Ranked by approved amount; shares are of all approved advances ({{amount}}).",
  riskDistribution: "Risk Distribution",
  riskTitle: "Approved advances by risk band",
  noApprovedYet: "No approved advances yet.",
  advance_one: "advance",
  advance_other: "advances",
  riskBand: "Risk band",
  approvedAdvances: "Approved advances",
  risk: {
    low: "Low (up to $150)",
    moderate: "Moderate ($151 to $350)",
    high: "High (above $350)",
  },
  impact: "Estimated Impact",
  estimates: "Estimates",
  impactText:
    "Industry estimates for programs like this one, not measured from your data.",
  impactNoData:
    " Your own figures appear above once your employees request advances.",
  retention: "Employee Retention (estimate)",
  retentionText: "Estimated improvement for employees who use advances.",
  savings: "Estimated Savings (estimate)",
  savingsText:
    "From lower turnover, at an estimated {{amount}} to replace an employee.",
  satisfaction: "Employee Satisfaction (estimate)",
  satisfactionText: "Estimated program satisfaction score.",
  period:
    "<strong> the last 12 months ({{start}} to {{end}}). Figures cover requests made by your employees in that period; department and risk figures count approved advances only. The monthly trend compares the last 30 days with the 30 days before.",
  periodLabel: "Reporting period:",
};

export default reports;
