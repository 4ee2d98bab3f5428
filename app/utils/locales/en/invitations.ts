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
    failed: "Invitation not sent",
    sending: "Sending...",
    submit: "Send invitation",
    back: "Back to employees",
  },
};

export default invitations;
