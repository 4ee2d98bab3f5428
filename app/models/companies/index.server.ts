// Companies: a company and its people: settings, pay schedule, team, invitations, roster.
// The domain's public face: code outside app/models/companies/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  getCompanySettings,
  getPaySchedule,
  getSettingsOverview,
  retentionMinimum,
  setRetentionYears,
  updateCompanySettings,
  updatePaySchedule,
  applyPayrollSchedule,
  companyStates,
} from "./settings.server";
export { scheduleOf, setNextPayDate } from "./pay-schedule.server";
export {
  completePayrollConnect,
  getPayrollConnection,
  startPayrollConnect,
} from "./payroll-connection.server";
export {
  changeMemberRole,
  listTeam,
  removeMember,
  type RemovedMember,
} from "./team.server";
export {
  companyLanguage,
  inviteEmployee,
  inviteMember,
} from "./invitations.server";
export {
  getEmployeeInvitation,
  listInvitations,
  pageEmployeeInvitations,
  toPublicInvitation,
} from "./invitation-list.server";
export {
  resendInvitation,
  revokeInvitation,
} from "./invitation-changes.server";
export {
  acceptInvitation,
  INVITATION_LINK_INVALID,
  joinWithAccount,
  pendingInvitationsFor,
  viewInvitation,
} from "./invitation-join.server";
export { addEmployee, setWorkState } from "./employee.server";
export { insertUser, registerUser } from "./registration.server";
export { getEmployeeTerms } from "./employee-terms.server";
export { invitationAllowance } from "./sending-limits.server";
export {
  type BadRow,
  confirmRoster,
  getRosterImport,
  listRosterImports,
  previewRoster,
  readRoster,
  requeueRosterImportsWithoutJob,
  ROSTER_IMPORT_TASK,
  runRosterImport,
  type SkippedRow,
  unfinishedRosterImports,
} from "./roster-import.server";
