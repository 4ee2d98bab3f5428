// The `messages` namespace's entries in English for the state rules and the limits on repeat use
// (app/utils/state-rules.ts; keyed by the English text; spread into it by ./messages).
const stateRuleMessages = {
  "Net pay saved": "Net pay saved",
  "Net pay removed": "Net pay removed",
  "Each advance shows what is left of your next paycheck.":
    "Each advance shows what is left of your next paycheck.",
  "Advances no longer check what is left of your paycheck.":
    "Advances no longer check what is left of your paycheck.",
  "Net pay must be a dollar amount from $1.00 to $99,999.99, like 1250.00, or empty":
    "Net pay must be a dollar amount from $1.00 to $99,999.99, like 1250.00, or empty",
  "This advance would leave {{left}} of your next paycheck, less than the {{percent}} % your employer requires: choose a smaller amount or more pay periods.":
    "This advance would leave {{left}} of your next paycheck, less than the {{percent}} % your employer requires: choose a smaller amount or more pay periods.",
  "The share of the paycheck left must be a whole number from 0 to 90":
    "The share of the paycheck left must be a whole number from 0 to 90",
  "Retention saved": "Retention saved",
  "Records are kept for the years you chose.":
    "Records are kept for the years you chose.",
  "Records are kept {{min}} to 10 years: the states your employees work in require at least {{min}}.":
    "Records are kept {{min}} to 10 years: the states your employees work in require at least {{min}}.",
  "Authorization signed": "Authorization signed",
  "Your advances can be repaid by payroll deduction.":
    "Your advances can be repaid by payroll deduction.",
  "Authorization withdrawn": "Authorization withdrawn",
  "No new advance can be requested until you sign it again. Advances already made are still repaid by payroll deduction.":
    "No new advance can be requested until you sign it again. Advances already made are still repaid by payroll deduction.",
  "Days after a repaid advance must be a whole number from 0 to 90":
    "Days after a repaid advance must be a whole number from 0 to 90",
  "Advances in 12 months must be a whole number from 1 to 52":
    "Advances in 12 months must be a whole number from 1 to 52",
  "Work state saved": "Work state saved",
  "The employee's next advances follow the rules of the state they work in.":
    "The employee's next advances follow the rules of the state they work in.",
  "Grocery advances are not available for work in {{state}}: the program is not enabled there.":
    "Grocery advances are not available for work in {{state}}: the program is not enabled there.",
  "In {{state}}, advances must be offered at no cost to you: your employer has to pay the fee before you can request one.":
    "In {{state}}, advances must be offered at no cost to you: your employer has to pay the fee before you can request one.",
  "In {{state}}, an advance is repaid on your next pay date only: choose 1 pay period.":
    "In {{state}}, an advance is repaid on your next pay date only: choose 1 pay period.",
  "In {{state}}, an advance is repaid over at most {{count}} pay periods.":
    "In {{state}}, an advance is repaid over at most {{count}} pay periods.",
  "You can request your next advance on {{day}}: there is a pause after each advance is repaid.":
    "You can request your next advance on {{day}}: there is a pause after each advance is repaid.",
  "You have reached the limit of {{count}} advances in 12 months: you can request again on {{day}}.":
    "You have reached the limit of {{count}} advances in 12 months: you can request again on {{day}}.",
  "{{state}} allows {{count}} advances in {{days}} days: you can request again on {{day}}.":
    "{{state}} allows {{count}} advances in {{days}} days: you can request again on {{day}}.",
  "Sign the wage-deduction authorization on your Profile (/profile) before you request an advance.":
    "Sign the wage-deduction authorization on your Profile (/profile) before you request an advance.",
  "Tick the box to sign the wage-deduction authorization.":
    "Tick the box to sign the wage-deduction authorization.",
  "Choose a US state (two letters, like CT).":
    "Choose a US state (two letters, like CT).",
  "South Carolina": "South Carolina",
  "North Carolina": "North Carolina",
  Louisiana: "Louisiana",
  Missouri: "Missouri",
  Pennsylvania: "Pennsylvania",
  "New York": "New York",
  "New Jersey": "New Jersey",
  "New Mexico": "New Mexico",
  Hawaii: "Hawaii",
  "District of Columbia": "District of Columbia",
};

export default stateRuleMessages;
