// Payroll: payroll runs and their results, deductions, arrears and leavers.
// The domain's public face: code outside app/models/payroll/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  deductionsDueBy,
  exportNextPayrollCsv,
  nextPayDateOf,
  parseRunDate,
  runDailyPayroll,
  runPayroll,
} from "./payroll.server";
export {
  collectAllInRun,
  createPayrollRun,
  createRunInTx,
  FUTURE_RUN,
  getPayrollRun,
  listPayrollRuns,
  pagePayrollRuns,
  parseResultsCsv,
  payrollRunCsv,
  payrollRunJson,
  recordPayrollResults,
  RESULTS_FILE_PROBLEM,
  runScheduledPayroll,
} from "./payroll-runs.server";
export { lastPayDateCorrectable, offboardEmployee } from "./offboarding.server";
export {
  confirmOffboardingProposal,
  dismissOffboardingProposal,
  listOffboardingProposals,
  type OffboardingProposal,
  openProposalCount,
  PROPOSAL_NOT_FOUND,
  type RosterSyncSummary,
  syncConnectedRosters,
  syncPayrollRoster,
  syncPayrollRosterNow,
} from "./roster-sync.server";
export {
  NOTHING_OWED_BACK,
  PAYOUT_NOT_A_LEAVER,
  recordLeaverPayout,
  type CreditPayout,
} from "./credit-payouts.server";
export {
  listWrittenRuns,
  runPayrollConnection,
  runPayrollConnections,
  RUN_NOT_WRITTEN,
  UNMATCHED,
  writeRunAgain,
  type WrittenRun,
} from "./payroll-connection-runs.server";
