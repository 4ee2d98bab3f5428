import { PROCESSING_FEE_TEXT } from "./rules";

// Longer texts that go with the rules in rules.ts, kept apart so that only the pages showing
// them carry them in their JavaScript (the 100 KB budget, decision 0063): rules.ts is in
// nearly every page's bundle.

/** The cost disclosure's plain sentence (/request, checkout; decision 0074). */
export const ONLY_COST_TEXT = `The ${PROCESSING_FEE_TEXT} processing fee is the only cost: there is no interest, and you repay only by payroll deduction.`;
/** The same, when the employee's company pays the fee (decision 0081). */
export const COMPANY_PAYS_TEXT = `Your company pays the ${PROCESSING_FEE_TEXT} processing fee: this advance costs you nothing, there is no interest, and you repay only the advance, by payroll deduction.`;
/** Why the annual rate is shown, beside the figure. */
export const APR_EXPLAINED =
  "The fee expressed as a yearly rate over your repayment dates, for comparison with other credit.";

/** The password hint where one is chosen: the length rule and the strength check together. */
export const PASSWORD_HINT =
  "At least 6 characters, and not easy to guess: no common words, names or your username.";
