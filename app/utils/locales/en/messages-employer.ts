// The employer side's entries of the `messages` namespace in English (keyed by the English text
// itself, as the rest of `messages`; spread into it by ./messages).
const employerMessages = {
  "Approval failed": "Approval failed",
  "There was an error approving the request.":
    "There was an error approving the request.",
  "Decline failed": "Decline failed",
  "There was an error declining the request.":
    "There was an error declining the request.",
  "Unknown action": "Unknown action",
  "Request approved": "Request approved",
  "The advance request has been approved successfully.":
    "The advance request has been approved successfully.",
  "{{name}}'s advance of {{amount}} is approved.":
    "{{name}}'s advance of {{amount}} is approved.",
  "{{name}}'s advance of {{amount}} is declined.":
    "{{name}}'s advance of {{amount}} is declined.",
  "Request declined": "Request declined",
  "The advance request has been declined.":
    "The advance request has been declined.",
  "This request has already been decided.":
    "This request has already been decided.",
  "The employee's available balance no longer covers this amount.":
    "The employee's available balance no longer covers this amount.",
  "Reason must be text": "Reason must be text",
  "Reason must be at most {{max}} characters":
    "Reason must be at most {{max}} characters",
  "Employee added": "Employee added",
  "{{name}} can now sign in as {{username}}.":
    "{{name}} can now sign in as {{username}}.",
  "There was an error adding the employee.":
    "There was an error adding the employee.",
  "Employee offboarded": "Employee offboarded",
  "{{name}} has left. Cards closed: {{cards}}; requests cancelled: {{requests}}; {{owed}} still owed falls on the last pay date.":
    "{{name}} has left. Cards closed: {{cards}}; requests cancelled: {{requests}}; {{owed}} still owed falls on the last pay date.",
  "{{name}} has left. Cards closed: {{cards}}; requests cancelled: {{requests}}; nothing is owed.":
    "{{name}} has left. Cards closed: {{cards}}; requests cancelled: {{requests}}; nothing is owed.",
  "Employee not found.": "Employee not found.",
  "Employee not found": "Employee not found",
  "This employee has already been offboarded.":
    "This employee has already been offboarded.",
  "This employee has already been offboarded with this last pay date.":
    "This employee has already been offboarded with this last pay date.",
  "The last pay date cannot be before {{day}}, the start of the current pay cycle.":
    "The last pay date cannot be before {{day}}, the start of the current pay cycle.",
  "The last pay date cannot be after {{day}}, the company's pay date after next.":
    "The last pay date cannot be after {{day}}, the company's pay date after next.",
  "The last pay date cannot be before {{day}}, when the employee's latest card was issued.":
    "The last pay date cannot be before {{day}}, when the employee's latest card was issued.",
  "The last pay date cannot be before {{day}}: a payroll run already holds this employee's deductions of that day.":
    "The last pay date cannot be before {{day}}: a payroll run already holds this employee's deductions of that day.",
  "The last pay date has passed: it can no longer be changed.":
    "The last pay date has passed: it can no longer be changed.",
  "Last pay date changed": "Last pay date changed",
  "What is owed now falls on {{date}}.": "What is owed now falls on {{date}}.",
  "Enter the employee's last pay date as a date like 2026-11-27.":
    "Enter the employee's last pay date as a date like 2026-11-27.",
  "Please confirm that this employee is leaving the company.":
    "Please confirm that this employee is leaving the company.",
  "Invitation sent": "Invitation sent",
  "{{name}} will get an e-mail at {{email}} with a link that works for {{days}} days.":
    "{{name}} will get an e-mail at {{email}} with a link that works for {{days}} days.",
  "Invitation sent again": "Invitation sent again",
  "Invitation revoked": "Invitation revoked",
  "A new link is on its way to {{email}}; the old one no longer works.":
    "A new link is on its way to {{email}}; the old one no longer works.",
  "The link sent to {{email}} no longer works.":
    "The link sent to {{email}} no longer works.",
  "Not changed": "Not changed",
  "That address already belongs to one of your employees.":
    "That address already belongs to one of your employees.",
  "That address already belongs to a member of your team.":
    "That address already belongs to a member of your team.",
  "An invitation to that address is already pending.":
    "An invitation to that address is already pending.",
  "Invitation not found": "Invitation not found",
  "This invitation is no longer pending.":
    "This invitation is no longer pending.",
  "Not removed": "Not removed",
  "Confirm the removal with its button.":
    "Confirm the removal with its button.",
  "Choose a role": "Choose a role",
  "Employee number": "Employee number",
  "Unknown member": "Unknown member",
  "Import started": "Import started",
  "Sending {{count}} invitation; this page shows the progress.":
    "Sending {{count}} invitation; this page shows the progress.",
  "Sending {{count}} invitations; this page shows the progress.":
    "Sending {{count}} invitations; this page shows the progress.",
  "Import not found": "Import not found",
  "Choose a CSV file to upload.": "Choose a CSV file to upload.",
  "The file is larger than 5 MB.": "The file is larger than 5 MB.",
  "The file is not a CSV file (comma-separated values, as a spreadsheet saves it).":
    "The file is not a CSV file (comma-separated values, as a spreadsheet saves it).",
  "The file has no header row with First name, Last name and Email columns.":
    "The file has no header row with First name, Last name and Email columns.",
  "The file has a header row but no employees.":
    "The file has a header row but no employees.",
  "The file has more than 10,000 rows; split it into smaller files.":
    "The file has more than 10,000 rows; split it into smaller files.",
  "This import was already confirmed; its progress is below.":
    "This import was already confirmed; its progress is below.",
  "Duplicate of line {{line}} in this file":
    "Duplicate of line {{line}} in this file",
  "Already one of your employees": "Already one of your employees",
  "Already invited (invitation pending)":
    "Already invited (invitation pending)",
  "Invalid row": "Invalid row",
  "Role changed": "Role changed",
  "{{name}} is now {{role}}.": "{{name}} is now {{role}}.",
  owner: "owner",
  admin: "admin",
  approver: "approver",
  "Member removed": "Member removed",
  "{{name}} no longer belongs to the team; their sessions have ended.":
    "{{name}} no longer belongs to the team; their sessions have ended.",
  "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the invitations they sent to {{invitations}}, and the API keys they created: {{keys}}.":
    "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the invitations they sent to {{invitations}}, and the API keys they created: {{keys}}.",
  "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the invitations they sent to {{invitations}}.":
    "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the invitations they sent to {{invitations}}.",
  "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the API keys they created: {{keys}}.":
    "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the API keys they created: {{keys}}.",
  "{{email}} will get an e-mail with a link that works for {{days}} days.":
    "{{email}} will get an e-mail with a link that works for {{days}} days.",
  "Member not found": "Member not found",
  "A company always keeps at least one owner.":
    "A company always keeps at least one owner.",
  "Only a company owner or admin can manage employees.":
    "Only a company owner or admin can manage employees.",
  "Only a company owner or admin can run payroll.":
    "Only a company owner or admin can run payroll.",
  "Only a company owner or admin can change the company settings.":
    "Only a company owner or admin can change the company settings.",
  "Only a company owner or admin can see the company's activity.":
    "Only a company owner or admin can see the company's activity.",
  "Only a company owner can manage the team.":
    "Only a company owner can manage the team.",
  "Pay schedule saved": "Pay schedule saved",
  "New deductions fall on the new pay dates.":
    "New deductions fall on the new pay dates.",
  "Settings saved": "Settings saved",
  "{{company}}: advances up to {{max}}; requests under {{limit}} are approved at once.":
    "{{company}}: advances up to {{max}}; requests under {{limit}} are approved at once.",
  "{{company}}: advances up to {{max}}; every request waits for an approver.":
    "{{company}}: advances up to {{max}}; every request waits for an approver.",
  "Company not found": "Company not found",
  "Use at most 2 decimal places": "Use at most 2 decimal places",
  "Contact phone": "Contact phone",
  "Contact email": "Contact email",
  "Contact phone must be at most {{max}} characters":
    "Contact phone must be at most {{max}} characters",
  "Enter a valid phone number": "Enter a valid phone number",
  "Enter the maximum advance in dollars":
    "Enter the maximum advance in dollars",
  "Enter the auto-approval limit in dollars":
    "Enter the auto-approval limit in dollars",
  "Choose how often the company pays: WEEKLY, BIWEEKLY, SEMIMONTHLY or MONTHLY.":
    "Choose how often the company pays: WEEKLY, BIWEEKLY, SEMIMONTHLY or MONTHLY.",
  "Enter the next pay date as a date like 2026-11-27.":
    "Enter the next pay date as a date like 2026-11-27.",
  "The next pay date cannot be in the past.":
    "The next pay date cannot be in the past.",
  "A semi-monthly schedule pays on the 15th and on the last day of the month.":
    "A semi-monthly schedule pays on the 15th and on the last day of the month.",
  "A monthly schedule pays on the last day of the month.":
    "A monthly schedule pays on the last day of the month.",
  "Maximum advance must be at least {{amount}}":
    "Maximum advance must be at least {{amount}}",
  "Maximum advance cannot exceed {{amount}}":
    "Maximum advance cannot exceed {{amount}}",
  "Auto-approval limit cannot be negative":
    "Auto-approval limit cannot be negative",
  "Auto-approval limit cannot exceed {{amount}}":
    "Auto-approval limit cannot exceed {{amount}}",
  "Auto-approval limit cannot exceed the maximum advance":
    "Auto-approval limit cannot exceed the maximum advance",
  "Key revoked": "Key revoked",
  "{{name}} no longer works.": "{{name}} no longer works.",
  "Endpoint removed": "Endpoint removed",
  "Endpoint enabled": "Endpoint enabled",
  "{{url}} gets events again.": "{{url}} gets events again.",
  "{{url}} gets no more events.": "{{url}} gets no more events.",
  "Test event queued": "Test event queued",
  "A signed ping will be sent to {{url}} shortly.":
    "A signed ping will be sent to {{url}} shortly.",
  "Endpoint changed": "Endpoint changed",
  "{{url}} is saved.": "{{url}} is saved.",
  "Delivery queued": "Delivery queued",
  "The event will be sent again shortly.":
    "The event will be sent again shortly.",
  "API key not found": "API key not found",
  "Webhook endpoint not found": "Webhook endpoint not found",
  "A company can have at most 10 webhook endpoints. Remove one before adding another.":
    "A company can have at most 10 webhook endpoints. Remove one before adding another.",
  "Unknown Grocery-Advance-Version: send a version the API guide lists (a date such as 2026-11-28), or none":
    "Unknown Grocery-Advance-Version: send a version the API guide lists (a date such as 2026-11-28), or none",
  "Webhook delivery not found": "Webhook delivery not found",
  "Send at least one of url, events, description and enabled":
    "Send at least one of url, events, description and enabled",
  "The endpoint is disabled: enable it before sending a test event.":
    "The endpoint is disabled: enable it before sending a test event.",
  "The endpoint may not contain a user name or password":
    "The endpoint may not contain a user name or password",
  "The endpoint may not be a private address":
    "The endpoint may not be a private address",
  "Choose at least one scope": "Choose at least one scope",
  "Choose at least one event": "Choose at least one event",
  Name: "Name",
  "Unknown scope": "Unknown scope",
  "Unknown event": "Unknown event",
  "At most 2000 characters": "At most 2000 characters",
  "Enter an https:// address": "Enter an https:// address",
  "Payroll results recorded": "Payroll results recorded",
  "Reimbursement not paid": "Reimbursement not paid",
  "The credit stays owed and goes on the next payroll run.":
    "The credit stays owed and goes on the next payroll run.",
  "Choose a reimbursement line of this run.":
    "Choose a reimbursement line of this run.",
  "unpaidReimbursements must be a list of reimbursement line ids of this run.":
    "unpaidReimbursements must be a list of reimbursement line ids of this run.",
  "Reimbursement line {{id}} is not in this payroll run.":
    "Reimbursement line {{id}} is not in this payroll run.",
  "Reimbursement line {{id}} is already recorded as paid.":
    "Reimbursement line {{id}} is already recorded as paid.",
  "Reimbursement line {{id}} appears more than once.":
    "Reimbursement line {{id}} appears more than once.",
  "Nothing changed: these results were already recorded.":
    "Nothing changed: these results were already recorded.",
  "{{count}} deduction reconciled.": "{{count}} deduction reconciled.",
  "{{count}} deductions reconciled.": "{{count}} deductions reconciled.",
  "Payroll run created": "Payroll run created",
  "Nothing to submit": "Nothing to submit",
  "There were no deductions due.": "There were no deductions due.",
  "{{count}} deduction submitted, {{amount}} in total. Record what payroll collected when it is done.":
    "{{count}} deduction submitted, {{amount}} in total. Record what payroll collected when it is done.",
  "{{count}} deductions submitted, {{amount}} in total. Record what payroll collected when it is done.":
    "{{count}} deductions submitted, {{amount}} in total. Record what payroll collected when it is done.",
  "The results file must be a CSV with the columns deductionId and collectedAmount (the run's own file with collectedAmount filled in works).":
    "The results file must be a CSV with the columns deductionId and collectedAmount (the run's own file with collectedAmount filled in works).",
  "Enter what payroll collected, in dollars with at most 2 decimals (0 if nothing).":
    "Enter what payroll collected, in dollars with at most 2 decimals (0 if nothing).",
  "Please confirm that these deductions go to this payroll.":
    "Please confirm that these deductions go to this payroll.",
  "A payroll run cannot be dated in the future.":
    "A payroll run cannot be dated in the future.",
  "Payroll run not found.": "Payroll run not found.",
  "Use a date like 2026-11-27.": "Use a date like 2026-11-27.",
  "Deduction {{id}} is not in this payroll run.":
    "Deduction {{id}} is not in this payroll run.",
  "The {{collected}} collected from {{name}} is more than the {{amount}} due.":
    "The {{collected}} collected from {{name}} is more than the {{amount}} due.",
  "A different result for deduction {{id}} is already recorded.":
    "A different result for deduction {{id}} is already recorded.",
  "Deduction {{id}} appears more than once in these results.":
    "Deduction {{id}} appears more than once in these results.",
  "Send at least one result.": "Send at least one result.",
  "Each result needs a deductionId.": "Each result needs a deductionId.",
  "Company not found.": "Company not found.",
  // Settings › Security: two-factor sign-in.
  "Two-factor sign-in": "Two-factor sign-in",
  "Check the form and try again.": "Check the form and try again.",
  "Two-factor sign-in is on": "Two-factor sign-in is on",
  "Save your recovery codes now.": "Save your recovery codes now.",
  "Two-factor sign-in is off": "Two-factor sign-in is off",
  "You now sign in with your password only.":
    "You now sign in with your password only.",
  "Enter your password": "Enter your password",
  "Password is incorrect": "Password is incorrect",
  "Two-factor sign-in is already on.": "Two-factor sign-in is already on.",
  "Start the set-up again: it is not in progress.":
    "Start the set-up again: it is not in progress.",
  "Two-factor sign-in is not on.": "Two-factor sign-in is not on.",
  "Two-factor sign-in is available to employer accounts.":
    "Two-factor sign-in is available to employer accounts.",
  // /join: the invitation's page.
  "Welcome aboard": "Welcome aboard",
  "Your account now belongs to {{company}}.":
    "Your account now belongs to {{company}}.",
  "your company": "your company",
  "Your account is ready, {{name}}.": "Your account is ready, {{name}}.",
  "Confirm that this invitation was sent to your address.":
    "Confirm that this invitation was sent to your address.",
  "Sign in first, then press Join.": "Sign in first, then press Join.",
  "This invitation link is no longer valid. Ask for a new invitation.":
    "This invitation link is no longer valid. Ask for a new invitation.",
  "This invitation is for a new account: sign out, then open the link again.":
    "This invitation is for a new account: sign out, then open the link again.",
  "Your account already belongs to {{company}}. Nothing was changed.":
    "Your account already belongs to {{company}}. Nothing was changed.",
  "another company": "another company",
  "Your pay schedule comes from your connected payroll system, and its next sync sets it back. Confirm to change it anyway.":
    "Your pay schedule comes from your connected payroll system, and its next sync sets it back. Confirm to change it anyway.",
  "Deductions written again": "Deductions written again",
  "The amounts were sent to your payroll system again.":
    "The amounts were sent to your payroll system again.",
  "This payroll run was not written to your payroll system.":
    "This payroll run was not written to your payroll system.",
  "The payroll connection is not turned on for this server.":
    "The payroll connection is not turned on for this server.",
  "This payroll connection link is not valid any more. Start the connection again from Settings.":
    "This payroll connection link is not valid any more. Start the connection again from Settings.",
  "Your company's payroll is already connected. Disconnect it first to connect another.":
    "Your company's payroll is already connected. Disconnect it first to connect another.",
  "Your company's payroll is not connected.":
    "Your company's payroll is not connected.",
  "The payroll connection was not finished: nothing was connected.":
    "The payroll connection was not finished: nothing was connected.",
  "Finch did not answer. Nothing was changed: try again in a few minutes.":
    "Finch did not answer. Nothing was changed: try again in a few minutes.",
  "Finch refused the connection. Nothing was changed: start the connection again.":
    "Finch refused the connection. Nothing was changed: start the connection again.",
  "Payroll connected": "Payroll connected",
  "Your payroll system is connected: {{provider}}.":
    "Your payroll system is connected: {{provider}}.",
  "Payroll disconnected": "Payroll disconnected",
  "The access was revoked at Finch and deleted here.":
    "The access was revoked at Finch and deleted here.",
  "Not connected": "Not connected",
  "Roster synced": "Roster synced",
  "The roster was read from your payroll system.":
    "The roster was read from your payroll system.",
  "Offboarding confirmed": "Offboarding confirmed",
  "{{name}} was offboarded with the last pay date from payroll.":
    "{{name}} was offboarded with the last pay date from payroll.",
  "Proposal dismissed": "Proposal dismissed",
  "Nobody was offboarded.": "Nobody was offboarded.",
  "This offboarding proposal is not open any more.":
    "This offboarding proposal is not open any more.",
  "Keep the payment reference to 100 characters or fewer.":
    "Keep the payment reference to 100 characters or fewer.",
  "Please confirm that the company has paid this amount to the employee.":
    "Please confirm that the company has paid this amount to the employee.",
  "Only a leaver's credit is paid by the employer directly; an employee still paid gets it on the next payroll run.":
    "Only a leaver's credit is paid by the employer directly; an employee still paid gets it on the next payroll run.",
  "Nothing is owed back to this employee.":
    "Nothing is owed back to this employee.",
  "{{amount}} recorded as paid; nothing is owed back any more.":
    "{{amount}} recorded as paid; nothing is owed back any more.",
};

export default employerMessages;
