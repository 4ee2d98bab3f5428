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
  "{{cards}} card closed, {{requests}} request cancelled; what is owed falls on the last pay date.":
    "{{cards}} card closed, {{requests}} request cancelled; what is owed falls on the last pay date.",
  "{{cards}} card closed, {{requests}} requests cancelled; what is owed falls on the last pay date.":
    "{{cards}} card closed, {{requests}} requests cancelled; what is owed falls on the last pay date.",
  "{{cards}} cards closed, {{requests}} request cancelled; what is owed falls on the last pay date.":
    "{{cards}} cards closed, {{requests}} request cancelled; what is owed falls on the last pay date.",
  "{{cards}} cards closed, {{requests}} requests cancelled; what is owed falls on the last pay date.":
    "{{cards}} cards closed, {{requests}} requests cancelled; what is owed falls on the last pay date.",
  "Employee not found.": "Employee not found.",
  "Employee not found": "Employee not found",
  "This employee has already been offboarded.":
    "This employee has already been offboarded.",
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
};

export default employerMessages;
