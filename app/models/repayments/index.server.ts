// Repayments: the repayment schedule (payroll_deductions) and its one owner. Scheduling at card
// issue, submission into payroll runs, the cut when a card returns its unspent balance, payroll's
// results (collected, shortfall → arrears, write-off), re-dating for leavers, and the credits
// owed back. Cards and payroll call it; nothing else writes the schedule
// (tests/unit/repayments-owner.test.ts).
// The domain's public face: code outside app/models/repayments/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  moveOwedTo,
  scheduleRepayment,
  submitDueDeductions,
} from "./schedule.server";
export { returnUnspent, type Returned } from "./returns.server";
export { listUpcomingDeductions } from "./upcoming.server";
export { recordResult } from "./results.server";
export { sendDeductionReminders } from "./reminders.server";
export {
  addReimbursementLines,
  markLinesNotPaid,
  payReimbursementLines,
  recordPayout,
  reimbursementLines,
  type ReimbursementLine,
} from "./credits.server";
export { deductionFigures } from "./deduction-figures.server";
