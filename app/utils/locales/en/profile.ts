// The `profile` namespace in English (/profile; docs/i18n-glossary.md).
const profile = {
  netPay: {
    title: "Your usual net pay (optional)",
    text: "What one paycheck usually pays you after taxes and other deductions. When we know it, each advance shows what is left of your next paycheck after its deduction, and an advance that would leave too little is refused. Leave it empty to remove it.",
    fromYou: "You entered {{amount}} on {{date}}.",
    fromPayroll: "{{amount}}, from your pay statement of {{date}}.",
    label: "Net pay per paycheck",
    save: "Save net pay",
    saving: "Saving...",
    failed: "Net pay not saved",
  },
  authorization: {
    title: "Wage-deduction authorization",
    text: "I authorize my employer to deduct from my pay the repayments of each grocery advance I request, on the pay dates and in the amounts shown to me before I commit, until it is repaid. I can withdraw this authorization for future advances at any time. (Version {{version}}.)",
    signed: "Signed {{signedAt}} (version {{version}}).",
    withdrawn:
      "Withdrawn: sign it again to request another advance. Advances already made are still repaid by payroll deduction.",
    none: "Not signed yet.",
    sign: "Sign the authorization",
    withdraw: "Withdraw for future advances",
  },
  employee: "Employee",
  details: {
    username: "Username",
    email: "Email",
    department: "Department",
    notAvailable: "N/A",
    availableBalance: "Available balance",
    memberSince: "Member since",
    workState: "Work state",
  },
  accountSettings: "Account Settings",
  form: {
    department: "Department",
    changePassword: "Change password",
    keepPassword: "Leave these empty to keep your current password.",
    currentPassword: "Current password",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    failed: "Update failed",
    saving: "Saving...",
    save: "Save Changes",
  },
  language: {
    title: "Language",
    legend: "The language of your pages and e-mails",
    browser: "The language of my browser",
    hint: "Used on every device you sign in from, and for the e-mails we send you.",
    save: "Save language",
    failed: "Language not saved",
  },
  emailChoices: {
    title: "E-mail choices",
    always:
      "Account security e-mails (password and sign-in changes) are always sent. <link>.",
    seeSent: "See the e-mails sent to you",
    decisions:
      "E-mail me when a request is approved, declined, cancelled or expires, and when my card is issued",
    deductions: "E-mail me 2 days before a payroll deduction",
    save: "Save e-mail choices",
  },
  activeSessions: "Active sessions",
  activity: {
    title: "Recent activity",
    caption: "Recent activity on your account",
    columns: {
      time: "Time",
      action: "Action",
      by: "By",
      amount: "Amount",
      details: "Details",
    },
    empty: "No activity yet.",
    you: "You",
  },
};

export default profile;
