// Notifications: the mail outbox and every notice (mail, preferences) a user is sent.
// The domain's public face: code outside app/models/notifications/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  DELIVER_MAIL_TASK,
  deliverMail,
  dueMailIds,
  enqueueMail,
  getOwnMail,
  listOwnMail,
  mailCounts,
  mailOrigin,
  MailNotReady,
  requeueMailWithoutJob,
} from "./mail.server";
export { getEmailChoices, setEmailChoices } from "./email-choices.server";
export {
  type CardIssuedFacts,
  type NewRequestMember,
  notifyAdvanceApproved,
  notifyAdvanceCancelled,
  notifyAdvanceDeclined,
  notifyCardIssued,
  notifyCardNotIssued,
  notifyNewRequest,
  type RequestFacts,
} from "./advance-notices.server";
export {
  type NewSignIn,
  notifyMfaChanged,
  notifyNewSignIn,
  notifyPasswordChanged,
} from "./account-notices.server";
export type {
  AccountRecipient,
  CompanyOwners,
  EmployeeRecipient,
  Recipient,
} from "./recipient.server";
export {
  type DeductionsDue,
  mailMonthlyReports,
  type MonthlyFigures,
  notifyPayrollConnectionProblem,
  notifyPayrollFile,
  payrollProblemText,
  type PayrollConnectionProblem,
  remindOfDeductions,
} from "./payroll-notices.server";
export {
  deliverPush,
  DELIVER_PUSH_TASK,
  duePushIds,
  getPushChoices,
  listPushDevices,
  removePushDevice,
  removePushEndpoint,
  requeuePushWithoutJob,
  savePushSubscription,
  setPushChoices,
} from "./push.server";
export {
  notifyCreditOwed,
  notifyCreditPaidBack,
} from "./credit-notices.server";
export {
  type DeclinedPurchase,
  notifyComplaintReceived,
  notifyCreditComing,
  notifyPurchaseDeclined,
} from "./push-notices.server";
