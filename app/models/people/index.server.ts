// People: accounts and signing in: users, passwords, MFA, sessions, devices, profiles, throttles.
// The domain's public face: code outside app/models/people/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  checkNewUser,
  getUserById,
  getUserByUsername,
  type NewUser,
  registrationError,
  reserveRegistration,
  TOO_MANY_REGISTRATIONS,
  toPublicUser,
  writeUser,
} from "./user.server";
export {
  reserveRequest,
  TOO_MANY_ATTEMPTS,
  type RateWindow,
} from "./throttle.server";
export { INVALID_LOGIN, verifyLogin } from "./login.server";
export { authenticateApiKey } from "./api-key-actor.server";
export {
  completeMfaSignIn,
  hasPendingMfaSignIn,
  signIn,
  type SignInOutcome,
} from "./sign-in.server";
export {
  cancelMfaEnrolment,
  confirmMfaEnrolment,
  disableMfa,
  getMfaStatus,
  INVALID_MFA_CODE,
  MFA_CODE_REQUIRED,
  startMfaEnrolment,
  TOO_MANY_MFA_ATTEMPTS,
} from "./mfa.server";
export {
  DEVICE_TRUST_DAYS,
  deviceListForPage,
  type DeviceRow,
  forgetDevice,
} from "./devices.server";
export {
  applySessionAction,
  type ClientInfo,
  createSession,
  deleteEndedSessions,
  getSessionUser,
  hashToken,
  hasSeenUserAgent,
  isSessionLive,
  notifySessionsRevoked,
  revokeAllSessions,
  revokeSessionByToken,
  revokeSessionsIn,
  sessionListForPage,
  type SessionRow,
  type SessionUser,
} from "./sessions.server";
export {
  deleteSpentResetTokens,
  isResetTokenLive,
  mailChoosePasswordLink,
  requestPasswordReset,
  RESET_LINK_MINUTES,
  resetPassword,
} from "./password-reset.server";
export {
  loadProfile,
  setUserLanguage,
  TOO_MANY_PASSWORD_ATTEMPTS,
  updateProfile,
} from "./profile.server";
export {
  employeeRecordColumns,
  type EmployeeRecord,
  getEmployeeRecord,
} from "./employee-record.server";
export { latestNetPay, recordNetPay, setOwnNetPay } from "./net-pay.server";
export {
  CONFIRMATION_LINK_DAYS,
  confirmEmail,
  mailEmailConfirmation,
  emailOfConfirmationLink,
  isEmailConfirmed,
  resendEmailConfirmation,
} from "./email-confirmation.server";
export {
  companyMembers,
  companyOwners,
  employeeRecipient,
} from "./recipients.server";
export {
  PUBLIC_EMPLOYEE_COLUMNS,
  publicEmployee,
} from "./public-employee.server";
export { listActivityPeople, userNames } from "./names.server";
