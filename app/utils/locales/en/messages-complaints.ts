// The `messages` namespace's entries in English for complaints (keyed by the English text;
// spread into it by ./messages).
const complaintMessages = {
  "Complaint sent": "Complaint sent",
  "Your reference is {{reference}}. We e-mailed you an acknowledgement.":
    "Your reference is {{reference}}. We e-mailed you an acknowledgement.",
  "Review started": "Review started",
  "{{name}} was e-mailed that {{reference}} is in review.":
    "{{name}} was e-mailed that {{reference}} is in review.",
  "Complaint resolved": "Complaint resolved",
  "{{name}} was e-mailed the resolution of {{reference}}.":
    "{{name}} was e-mailed the resolution of {{reference}}.",
  "Complaint not found": "Complaint not found",
  "This complaint is already resolved.": "This complaint is already resolved.",
  "This complaint is already in review.":
    "This complaint is already in review.",
  "Only a company owner or admin can handle complaints.":
    "Only a company owner or admin can handle complaints.",
  "Choose what the complaint is about": "Choose what the complaint is about",
  "Describe the problem": "Describe the problem",
  "Must be at most 2000 characters": "Must be at most 2000 characters",
  "Write the resolution the employee will read":
    "Write the resolution the employee will read",
  "Reference cannot contain line breaks or control characters":
    "Reference cannot contain line breaks or control characters",
  "status must be open, all, RECEIVED, IN_REVIEW or RESOLVED":
    "status must be open, all, RECEIVED, IN_REVIEW or RESOLVED",
  "Only a company owner can see the regulators' report.":
    "Only a company owner can see the regulators' report.",
  "The period needs a from and a to date (yyyy-MM-dd), from before to.":
    "The period needs a from and a to date (yyyy-MM-dd), from before to.",
  "The state is a two-letter US code, such as NV.":
    "The state is a two-letter US code, such as NV.",
};

export default complaintMessages;
