// The `invitations` namespace in English: the invitations tables (/employees, /settings/team),
// the Invite Employee page and form (i18next's JSON format; docs/i18n-glossary.md).
const invitations = {
  table: {
    invited: "Invited",
    role: "Role",
    status: "Status",
    sent: "Sent",
    expires: "Expires",
    actions: "Actions",
    resend: "Resend",
    resendTo: "Resend the invitation to {{email}}",
    revoke: "Revoke",
    revokeTo: "Revoke the invitation to {{email}}",
  },
  status: {
    PENDING: "Pending",
    ACCEPTED: "Accepted",
    REVOKED: "Revoked",
    EXPIRED: "Expired",
  },
  roles: {
    OWNER: "Owner",
    ADMIN: "Admin",
    APPROVER: "Approver",
  },
  roleDescriptions: {
    OWNER: "Everything an admin does, plus the team and API keys",
    ADMIN: "Employees, invitations, payroll, settings, export and activity",
    APPROVER: "Dashboard, approvals, employees and reports",
  },
  invite: {
    heading: "Invite Employee",
    intro:
      "We e-mail your employee a link to join your company. They choose their own username and password, so nobody else knows them, and can request an advance as soon as they join.",
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email",
    department: "Department (optional)",
    workState: "Work state (two letters, like CT; optional)",
    language: "Language of the invitation",
    languageHint:
      "The e-mail and the page it links to are in this language; your company's is chosen unless you pick another.",
    failed: "Invitation not sent",
    sending: "Sending...",
    submit: "Send invitation",
    back: "Back to employees",
  },
  // /join: the invitation's page, read by the person invited.
  join: {
    gone: {
      unknown: {
        title: "This invitation link does not work",
        text: "The link is incomplete or was replaced by a newer invitation. Ask whoever invited you to send it again.",
      },
      used: {
        title: "This invitation was already used",
        text: "Each invitation link works once. If it was you, sign in with the username and password you chose.",
      },
      revoked: {
        title: "This invitation was withdrawn",
        text: "The company withdrew this invitation. Ask them for a new one if you still need to join.",
      },
      expired: {
        title: "This invitation has expired",
        text: "Invitation links work for 7 days. Ask whoever invited you to send it again.",
      },
    },
    goToSignIn: "Go to sign in",
    yourEmployer: "Your employer",
    heading: "Join {{company}}",
    invitesMember:
      "{{company}} invites {{email}} to its team on Grocery Advance as {{role}}.",
    invitesEmployee:
      "{{company}} invites {{email}} to Grocery Advance: grocery advances of $200 to $500, repaid from your paychecks.",
    signedInAs:
      "You are signed in as {{name}}. Join with this account: you keep your username and password.",
    alreadyLinked:
      "You are signed in as {{name}}, whose account already belongs to a company. Nothing will change.",
    newAccountOnly:
      "You are signed in as {{name}}. This invitation is for a new account: sign out, then open the link again.",
    choose: "Choose your username and password. Nobody else will know them.",
    haveAccount:
      "Already have an employee account? <link> and come back to this page.",
    signIn: "Sign in",
    firstName: "First name",
    lastName: "Last name",
    username: "Username",
    password: "Password",
    passwordHint: "At least 6 characters, and not easy to guess.",
    notCreated: "Account not created",
    creating: "Creating your account...",
    create: "Create account and join",
    sentTo: "This invitation was sent to {{email}}.",
    otherAddress:
      "Your account's address is {{email}}: join only if the invitation was meant for you.",
    confirmAddress: "{{email}} is my address",
    notJoined: "Not joined",
    joining: "Joining...",
    join: "Join {{company}}",
  },
};

export default invitations;
