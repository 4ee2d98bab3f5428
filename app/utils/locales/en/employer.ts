// The `employer` namespace in English: the employer dashboard (i18next's JSON format;
// docs/i18n-glossary.md).
const employer = {
  welcome: "Welcome, {{name}}",
  overviewOf: "Here's an overview of the grocery advances at {{company}}.",
  welcomeBack: "Welcome back, {{name}}",
  overview: "Here's an overview of your employees' grocery advances.",
  export: "Export",
  runPayroll: "Run Payroll",
  addEmployee: "Add Employee",
  activeEmployees: "Active Employees",
  fromLastMonth: "{{change}} from last month",
  noLastMonth: "— (no last month to compare)",
  pendingRequests: "Pending Requests",
  viewAll: "View all",
  monthlyAdvances: "Monthly Advances",
  pendingDeductions: "Pending Deductions",
  nextPayroll: "Next payroll: {{date}}",
  dueThen:
    "{{amount}} due then; the total is every deduction scheduled and not yet collected.",
  owedBack: "Owed back to employees: {{amount}}",
  pendingApprovals: "Pending Approvals",
  viewAllApprovals: "View All",
  pendingApprovalsCaption: "Pending approvals",
  noPending: "No pending approval requests",
  employees: "Employees",
  searchEmployees: "Search employees",
  searchPlaceholder: "Search employees...",
  filter: "Filter",
  noEmployees: "No employees yet. Add your first employee to get started.",
  showing: "Showing {{from}} to {{to}} of {{total}}",
  employeesPages: "Employees pages",
  employeesPage: "Employees page {{page}}",
  next: "Next",
  toDo: {
    title: "To do",
    nothing: "Nothing to do right now.",
    approvals_one: "{{count}} request is waiting for your decision.",
    approvals_other: "{{count}} requests are waiting for your decision.",
    review: "Review requests",
    runs_one: "The payroll run for {{date}} is waiting for its results.",
    runs_other: "{{count}} payroll runs are waiting for their results.",
    recordResults: "Record results",
    invitations_one: "{{count}} invitation has not been accepted yet.",
    invitations_other: "{{count}} invitations have not been accepted yet.",
    seeInvitations: "See invitations",
    unpaid:
      "{{name}} was approved for {{amount}} and has not paid the fee yet; the approval expires after {{date}}.",
    unpaidConfirm:
      "{{name}} was approved for {{amount}} and has not confirmed it yet; the approval expires after {{date}}.",
    viewEmployee: "View employee",
    leaverOwed:
      "{{name}} has left and is owed {{amount}} back: pay it to them and record the payment.",
    recordPayment: "Record payment",
  },
};

export default employer;
