// The employer side's e-mails in English (spread into the `mail` namespace by i18n.server):
// a new request, the payroll file and its reminder, the monthly report, a webhook endpoint
// disabled, and the account an employer created (app/services/mail/templates.tsx).
const employerMail = {
  newRequest: {
    subject: "New advance request: {{employee}}, {{amount}}",
    heading: "A new advance request is waiting",
    text: "{{employee}} requested a grocery advance of {{amount}} on {{date}}.",
    employee: "Employee",
    amount: "Amount",
    requestedOn: "Requested on",
    reason: "Reason",
    action: "Review requests",
  },
  payrollFile: {
    reminderSubject: "Reminder: record what the payroll of {{date}} collected",
    subject: "Payroll file ready for {{date}}: {{total}} to deduct",
    reminderHeading: "Payroll results still missing",
    heading: "Payroll file ready",
    reminderText:
      "The payroll run of {{date}} is still waiting for its results. Until they are recorded, its deductions count as submitted, not collected.",
    text: "The payroll run of {{date}} is ready: give its file to your payroll, then record what each paycheck actually covered.",
    payDate: "Pay date",
    deductions: "Deductions",
    total: "Total to deduct",
    employees: "Employees",
    action: "Open the payroll run",
  },
  monthlyReport: {
    subject: "Your {{product}} report for {{month}}",
    heading: "Monthly report: {{month}}",
    text: "Here is what happened in {{month}}.",
    requests: "Requests received",
    approved: "Requests approved",
    approvedTotal: "Amount approved",
    collected: "Collected by payroll",
    action: "Open reports",
  },
  payrollConnection: {
    subject: "Your payroll connection needs attention",
    heading: "Payroll connection: something went wrong",
    action: "Open the payroll connection",
  },
  webhookDisabled: {
    subject: "A webhook endpoint was disabled",
    heading: "A webhook endpoint was disabled",
    text: "The last {{failures}} deliveries to this endpoint failed, in a row, since {{date}}, so it gets no more events. Fix the endpoint, then choose Enable on the API page to have it receive them again.",
    endpoint: "Endpoint",
    failingSince: "Failing since",
    action: "Open the API page",
  },
  accountCreated: {
    yourEmployer: "Your employer",
    subject: "{{company}} created your account; choose your own password",
    heading: "Choose your own password",
    text: "{{company}} created your {{product}} account and set its first password, so someone else knows it. Choose your own now: the link below works once, for {{days}} days.",
    reminder: "Until you do, your dashboard reminds you.",
    action: "Choose your password",
  },
};

export default employerMail;
