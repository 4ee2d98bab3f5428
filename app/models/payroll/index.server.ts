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
  recordPayrollResults,
} from "./payroll-runs.server";
export {
  getPayrollRun,
  listPayrollRuns,
  pagePayrollRuns,
  payrollRunCsv,
  payrollRunJson,
} from "./payroll-run-reads.server";
export { runScheduledPayroll } from "./payroll-schedule.server";
export {
  parseResultsCsv,
  RESULTS_FILE_PROBLEM,
} from "./payroll-results-file.server";
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
