import { splitCents } from "./money";

// The rules of the state an employee works in, as the product applies them (docs/compliance.md).
// The table itself is data (app/utils/state-rules.data.ts, or the file a deployment names in
// STATE_RULES_PATH), read on the server by state-rules.server.ts; this
// browser-safe module holds its shape, the fee cap's arithmetic and the messages that name a
// rule (translated in app/utils/locales/*/messages-state-rules.ts).

/** One row of the table: a state's rules, with where they come from. */
export type StateRule = {
  /** Two-letter code ("CT"); "" for the default row (states without a row). */
  state: string;
  name: string;
  /** The program may serve employees working here (false until registered, where required). */
  enabled: boolean;
  registrationRequired: boolean;
  /** The fee of one advance is at most the greater of these two (either may be absent). */
  feeCapPerAdvanceCents: number | null;
  feeCapPerAdvancePercent: number | null;
  /** An employee's fees in one calendar month are at most this. */
  feeCapPerMonthCents: number | null;
  /** At most `count` advances in any `days` days. */
  maxAdvances: { count: number; days: number } | null;
  /** 1: repaid on the next pay date only; up to 3 (the product's own most). */
  maxRepaymentPeriods: number;
  /** A no-cost option must be offered (and, with the next, be the default). */
  noCostOptionRequired: boolean;
  noCostOptionDefault: boolean;
  /** Days after an advance is repaid before the next may be requested. */
  coolingOffDays: number;
  recordsRetentionYears: number;
  law: string;
  source: string;
  effectiveDate: string;
  note: string;
};

/**
 * What bounds the fee of an advance for one employee, as /request's form gets it (so the
 * browser's live disclosure caps as the server does): the state's caps and what is left of its
 * monthly cap. Null: nothing but the product's own fee.
 */
export type FeeLimit = {
  stateName: string;
  perAdvanceCents: number | null;
  percent: number | null;
  /** What is left of the month's cap after the employee's other advances this month. */
  monthLeftCents: number | null;
};

/** The most a limit allows as the fee of an advance of `amountCents` (null: no cap). */
export function feeCapCents(
  limit: FeeLimit | null,
  amountCents: number,
): number | null {
  if (!limit) return null;
  const caps: number[] = [];
  if (limit.perAdvanceCents !== null || limit.percent !== null)
    caps.push(
      Math.max(
        limit.perAdvanceCents ?? 0,
        limit.percent !== null
          ? Math.floor((amountCents * limit.percent) / 100)
          : 0,
      ),
    );
  if (limit.monthLeftCents !== null)
    caps.push(Math.max(0, limit.monthLeftCents));
  return caps.length ? Math.min(...caps) : null;
}

/**
 * What the next paycheck holds for the check on what is left of it: the
 * employee's usual net pay (when known), the deductions already due from it, and the share the
 * company requires to be left.
 */
export type PaycheckCheck = {
  netPayCents: number;
  /** Entered by the employee, or from a pay statement. */
  source: "employee" | "payroll";
  otherCents: number;
  minPercent: number;
};

/** What an advance of `amountCents` over `periods` leaves of the next paycheck. */
export function paycheckAfter(
  check: PaycheckCheck,
  amountCents: number,
  periods: number,
) {
  const deductionCents = splitCents(amountCents, periods)[0] ?? 0;
  const leftCents = check.netPayCents - check.otherCents - deductionCents;
  const minCents = Math.ceil((check.netPayCents * check.minPercent) / 100);
  return { deductionCents, leftCents, minCents, enough: leftCents >= minCents };
}

// The refusals that name a rule (the server's request rules; /request shows them too).
export const stateNotEnabled = (state: string) =>
  `Grocery advances are not available for work in ${state}: the program is not enabled there.`;
export const noCostRequired = (state: string) =>
  `In ${state}, advances must be offered at no cost to you: your employer has to pay the fee before you can request one.`;
export const onePeriodOnly = (state: string) =>
  `In ${state}, an advance is repaid on your next pay date only: choose 1 pay period.`;
export const periodsAtMost = (state: string, count: number) =>
  `In ${state}, an advance is repaid over at most ${count} pay periods.`;
export const coolingOffUntil = (day: string) =>
  `You can request your next advance on ${day}: there is a pause after each advance is repaid.`;
export const yearlyLimitUntil = (count: number, day: string) =>
  `You have reached the limit of ${count} advances in 12 months: you can request again on ${day}.`;
export const stateLimitUntil = (
  state: string,
  count: number,
  days: number,
  day: string,
) =>
  `${state} allows ${count} advances in ${days} days: you can request again on ${day}.`;
export const DEDUCTION_AUTHORIZATION_REQUIRED =
  "Sign the wage-deduction authorization on your Profile (/profile) before you request an advance.";
export const paycheckTooLow = (left: string, percent: number) =>
  `This advance would leave ${left} of your next paycheck, less than the ${percent} % your employer requires: choose a smaller amount or more pay periods.`;
export const MIN_PAYCHECK_LEFT_INVALID =
  "The share of the paycheck left must be a whole number from 0 to 90";
export const retentionInvalid = (min: number) =>
  `Records are kept ${min} to 10 years: the states your employees work in require at least ${min}.`;
export const COOLING_OFF_INVALID =
  "Days after a repaid advance must be a whole number from 0 to 90";
export const PER_YEAR_INVALID =
  "Advances in 12 months must be a whole number from 1 to 52";
export const WORK_STATE_INVALID = "Choose a US state (two letters, like CT).";

/** The version of the wage-deduction authorization's text (a new one covers later signatures). */
export const DEDUCTION_AUTHORIZATION_VERSION = "2026-11-28";

/** The US states and DC, by code: the work states an employee may have. */
export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** "CT" → "Connecticut"; an unknown or absent code as itself ("" for none). */
export function stateName(code: string | null): string {
  return code ? (US_STATES[code] ?? code) : "";
}
