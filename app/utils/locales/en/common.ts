// The `common` namespace in English (i18next's JSON format; docs/i18n-glossary.md).
const common = {
  card: {
    active: "Active",
    frozen: "Frozen",
    closed: "Closed",
    expired: "Expired",
    number: "Card number",
    expires: "Expires",
    amount: "Amount",
  },
  deductionResult: {
    collected: "Collected {{collected}}",
    partial: "Collected {{collected}} of {{amount}}",
    missed: "Nothing collected of {{amount}}",
    moved: "{{shortfall}} moved to {{date}}",
    writtenOff: "{{shortfall}} written off",
    partialBadge: "Collected in part",
  },
  pager: {
    previous: "Previous",
    next: "Next",
    pageOf: "Page {{page}} of {{count}}",
  },
  columns: {
    date: "Date",
    description: "Description",
    amount: "Amount",
    status: "Status",
    deductionDate: "Deduction Date",
    payPeriod: "Pay Period",
    remaining: "Remaining",
    requestDate: "Request Date",
    repayment: "Repayment",
    fee: "Fee",
  },
  table: "Table",
  status: {
    approved: "Approved",
    declined: "Declined",
    pending: "Pending",
    cancelled: "Cancelled",
    unknown: "Unknown",
  },
  cancelRequest: {
    open: "Cancel request",
    openFor: "Cancel request for {{amount}}",
    confirm:
      "Cancel this {{amount}} request? Nothing has been charged; an approved amount goes back to what you can request.",
    submit: "Yes, cancel it",
    pending: "Cancelling...",
  },
  reason: "Reason: {{reason}}",
  // The installed app (web app manifest) and its offline pages.
  app: {
    name: "Grocery Advance",
    shortName: "Groceries",
  },
  offline: {
    title: "Offline",
    heading: "You are offline",
    body: "This page needs a connection. Your dashboard and your card's page can still be read as you last saw them.",
    retry: "Try again",
    savedCopy:
      "You are offline: this is the copy saved on <date>. It may be out of date.",
  },
  // Each page's meta description (what a search engine shows under its title).
  descriptions: {
    default:
      "Grocery Advance: part of your pay early, on a grocery-only card your employer approves, repaid from your paycheck.",
    auth: "Sign in to Grocery Advance to request a grocery advance, use your grocery card and follow its repayment.",
    howItWorks:
      "How Grocery Advance works: request an advance, your employer approves it, shop with a grocery-only card, repay by payroll deduction.",
    join: "Join your employer's Grocery Advance program with the invitation you received.",
    terms:
      "The terms of the Grocery Advance program: fees, repayment and your rights.",
  },
  titles: {
    activity: "Activity",
    addEmployee: "Add New Employee",
    apiReference: "API reference",
    approvals: "Approve Requests",
    dashboard: "Dashboard",
    employees: "Employees",
    history: "Advance History",
    howItWorks: "How It Works",
    importRoster: "Import a roster",
    inviteEmployee: "Invite Employee",
    join: "Join your company",
    outbox: "E-mails",
    paymentSuccess: "Payment Successful",
    payroll: "Payroll",
    profile: "My Profile",
    reports: "Employee Financial Wellness Analytics",
    rosterImport: "Roster import",
  },
  skipToMain: "Skip to main content",
  loading: "Loading",
  language: {
    label: "Language",
    switch: "Change the language to {{language}}",
  },
  nav: {
    main: "Main",
    menu: "Menu",
    dashboard: "Dashboard",
    requestAdvance: "Request Advance",
    history: "History",
    profile: "Profile",
    approvals: "Approve Requests",
    employees: "Employees",
    payroll: "Payroll",
    reports: "Reports",
    activity: "Activity",
    settings: "Settings",
    outbox: "E-mails",
    logout: "Logout",
  },
  errors: {
    accessDenied: "Access Denied",
    noPermission: "You don't have permission to access this page.",
    backToDashboard: "Back to the dashboard",
    notFound: "404 Page Not Found",
    notFoundHint: "Did you forget to add the page to the router?",
    unavailable: "We'll be right back",
    unavailableHint:
      "The service is temporarily unavailable. Please try again in a moment.",
    refused: "We couldn't process that request",
    somethingWrong: "Something went wrong",
    couldNotLoad: "We couldn't load this page. Please try again in a moment.",
  },
  toast: {
    dismiss: "Dismiss notification",
  },
  fields: {
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
  },
};

export default common;
