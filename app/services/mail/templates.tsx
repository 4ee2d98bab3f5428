// E-mail templates as React components rendered on the server:
// the messages' one way in. The layout they share is mail-layout.tsx; the messages are grouped
// by subject in the files beside it.

export type { RenderedMail } from "./mail-layout";
export {
  advanceApprovedMail,
  advanceDeclinedMail,
  advanceEndedMail,
  cardIssuedMail,
  cardNotIssuedMail,
  newRequestMail,
} from "./advance-mails";
export {
  deductionReminderMail,
  monthlyReportMail,
  payrollConnectionMail,
  payrollFileMail,
} from "./payroll-mails";
export {
  accountCreatedMail,
  emailConfirmationMail,
  invitationMail,
  mfaChangedMail,
  newSignInMail,
  passwordChangedMail,
  passwordResetMail,
  webhookDisabledMail,
} from "./account-mails";
export {
  complaintHandlerMail,
  complaintReceivedMail,
  complaintStepMail,
  creditOwedMail,
  creditPaidBackMail,
} from "./complaint-mails";
