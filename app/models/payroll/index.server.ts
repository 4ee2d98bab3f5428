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
  syncConnectedRosters,
  syncPayrollRosterNow,
} from "./roster-sync.server";
export { recordLeaverPayout, settledPayoutsOf } from "./credit-payouts.server";
export {
  listWrittenRuns,
  runPayrollConnection,
  runPayrollConnections,
} from "./payroll-connection-runs.server";
export { UNMATCHED } from "./payroll-connection-read.server";
export { writeRunAgain } from "./payroll-connection-write.server";
