// The `auth` namespace in English (i18next's JSON format; docs/i18n-glossary.md).
const auth = {
  titles: {
    signIn: "Sign in",
    forgotPassword: "Forgot password",
    resetPassword: "Reset password",
    confirmEmail: "Confirm your e-mail address",
  },
  tabs: {
    label: "Sign in or register",
    login: "Login",
    register: "Register",
  },
  fields: {
    username: "Username",
    password: "Password",
    rememberMe: "Remember me",
    companyName: "Company name",
    departmentOptional: "Department (optional)",
    code: "Authentication code",
    identifier: "Username or e-mail",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
  },
  passwordHint:
    "At least 6 characters, and not easy to guess: no common words, names or your username.",
  login: {
    heading: "Sign in to your account",
    forgot: "Forgot password?",
    failed: "Login failed",
    submit: "Sign In",
    pending: "Signing In...",
  },
  code: {
    heading: "Two-factor verification",
    intro:
      "Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.",
    submit: "Verify",
    pending: "Verifying...",
    startAgain: "Start again",
  },
  register: {
    employeeHeading: "Create an employee account",
    employerHeading: "Create an employer account",
    failed: "Registration failed",
    pending: "Registering...",
    asEmployee: "Register as Employee",
    asEmployer: "Register as Employer",
    insteadEmployee: "Register as an employee instead",
    insteadEmployer: "Register as an employer instead",
  },
  aside: {
    heading: "Grocery money when you need it",
    intro:
      "Small advances on your paycheck, spent only on groceries, repaid automatically.",
    instantTitle: "Instant access to funds",
    instantText: "Get approval within hours, not days.",
    deductionsTitle: "Automatic payroll deductions",
    deductionsText:
      "Repay over 1 to 3 paychecks with no effort and no interest.",
    employersTitle: "Easy management for employers",
    employersText: "Review and approve requests from a simple dashboard.",
    learnMore: "Learn How It Works",
  },
  forgot: {
    heading: "Forgot your password?",
    intro:
      "Enter your username or the e-mail address on your account. We will e-mail you a link to choose a new password.",
    notSent: "Not sent",
    submit: "Send reset link",
    pending: "Sending...",
    support:
      "No longer reading that mailbox? Ask your employer to reset your password, or write to <email>.",
    backToSignIn: "Back to sign in",
  },
  reset: {
    heading: "Choose a new password",
    notChanged: "Password not changed",
    submit: "Set new password",
    pending: "Saving...",
    newLink: "Ask for a new link",
  },
  confirmEmail: {
    heading: "Confirm your e-mail address",
    text: "Confirm that {{email}} is your address. Your company can then send all its invitations.",
    submit: "Confirm my e-mail address",
    invalid:
      "This confirmation link has expired, has already been used or was sent to another address. Ask for a new one on the Settings page.",
    settings: "Go to your settings",
  },
};

export default auth;
