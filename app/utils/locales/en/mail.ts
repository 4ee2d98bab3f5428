// The `mail` namespace in English: the e-mails (app/services/mail/templates.tsx).
const mail = {
  hi: "Hi {{name}},",
  hello: "Hello,",
  orOpen: "Or open this address: {{href}}",
  choices:
    "You get this e-mail because of your {{product}} e-mail choices. <link>.",
  choicesLink: "Unsubscribe or change them",
  choicesText:
    "You get this e-mail because of your {{product}} e-mail choices. Unsubscribe or change them: {{href}}",
  security:
    "This is an account security message from {{product}}; it is sent to every account.",
  labels: {
    amount: "Amount",
    approvedOn: "Approved on",
    repayment: "Repayment",
    card: "Card",
    whereItWorks: "Where it works",
    expires: "Expires",
    chargedToCard: "Charged to your card",
    payrollDeduction: "Payroll deduction",
    payrollDeductionNumber: "Payroll deduction {{number}}",
    date: "Date",
    company: "Company",
    invitedBy: "Invited by",
  },
  approved: {
    subject: "Your {{amount}} advance is approved",
    preheader: "Approved on {{date}}.",
    heading: "Your advance is approved",
    text: "Your employer approved your grocery advance of {{amount}} on {{date}}.",
    repayment_one:
      "{{count}} payroll deduction, scheduled when your card is issued",
    repayment_other:
      "{{count}} payroll deductions, scheduled when your card is issued",
    companyPays:
      "Confirm it at checkout within {{days}} days to get your grocery card: your company pays the processing fee, so nothing is charged to your card. The {{amount}} goes onto your grocery card.",
    employeePays:
      "Confirm it at checkout within {{days}} days: only the processing fee is authorized on your card, and charged when your grocery card is issued. The {{amount}} goes onto your grocery card; it is never charged to your card.",
    action: "Open Grocery Advance",
  },
  cardIssued: {
    subject: "Your {{amount}} grocery card is ready",
    heading: "Your grocery card is ready",
    text: "Your virtual grocery card was issued on {{date}}.",
    companyPaid:
      "Nothing: your company paid the processing fee, and the advance itself is not charged to your card",
    feeCharged:
      "{{fee}} processing fee (the advance itself was not charged to your card)",
    deduction: "{{amount}} on {{date}}",
    detailsInApp: "The full card details are shown only in the app.",
    action: "See your card",
  },
  reminder: {
    subject: "{{amount}} will be deducted from your pay on {{date}}",
    heading: "A payroll deduction is coming up",
    text: "{{amount}} of your grocery advance will be deducted from your pay on {{date}}.",
    action: "See your deductions",
  },
  invitation: {
    subject: "{{company}} invites you to {{product}}",
    heading: "Join {{company}} on {{product}}",
    yourEmployer: "Your employer",
    asOwner:
      "{{company}} invites you to join its team on {{product}} as an owner.",
    asAdmin:
      "{{company}} invites you to join its team on {{product}} as an admin.",
    asApprover:
      "{{company}} invites you to join its team on {{product}} as an approver.",
    asEmployee:
      "{{company}} invites you to {{product}}, where you can request a grocery advance repaid from your paychecks.",
    link: "The link below works once, for {{days}} days. With it you choose your own username and password; nobody else knows them.",
    unexpected: "If you did not expect this invitation, ignore this e-mail.",
    action: "Accept the invitation",
    footer:
      "You get this e-mail because {{inviter}} at {{company}} invited this address to {{product}}; you have no account with us.",
  },
  reset: {
    subject: "Reset your {{product}} password",
    heading: "Reset your password",
    text: "Someone asked to reset the password of your {{product}} account. The link below works once, for {{minutes}} minutes.",
    ignore:
      "If you did not ask, ignore this e-mail: your password stays as it is.",
    action: "Choose a new password",
  },
  confirmEmail: {
    subject: "Confirm your e-mail address for {{product}}",
    heading: "Confirm your e-mail address",
    text: "Confirm that {{email}} is yours: your company can then send all its invitations. The link below works once, for {{days}} days.",
    ignore:
      "If you did not create a {{product}} account, ignore this e-mail: nothing happens.",
    action: "Confirm my e-mail address",
  },
  mfaChanged: {
    subjectOn: "Two-factor sign-in turned on",
    subjectOff: "Two-factor sign-in turned off",
    headingOn: "Two-factor sign-in was turned on",
    headingOff: "Two-factor sign-in was turned off",
    textOn: "Two-factor sign-in was turned on for your account on {{date}}.",
    textOff: "Two-factor sign-in was turned off for your account on {{date}}.",
    notYou: "If this was not you, reset your password now and tell support.",
    action: "Review your security",
  },
  newSignIn: {
    subject: "New sign-in to {{product}} from {{device}}",
    heading: "A new device signed in",
    text: "Your account was signed in from a device we had not seen before.",
    device: "Device",
    address: "Address",
    when: "When",
    unknownAddress: "Unknown",
    notYouEmployee:
      "If this was not you, sign out that session on your profile and reset your password.",
    notYouEmployer:
      "If this was not you, sign out that session in your settings and reset your password.",
    action: "Review your sessions",
  },
};

export default mail;
