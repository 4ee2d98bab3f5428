// The invitations' rules and messages, in one browser-safe module shared by the pages, the
// models and the JSON API.

/** An invitation link works for 7 days. */
export const INVITATION_DAYS = 7;

export const INVITATION_ALREADY_EMPLOYEE =
  "That address already belongs to one of your employees.";
export const INVITATION_ALREADY_MEMBER =
  "That address already belongs to a member of your team.";
export const INVITATION_ALREADY_PENDING =
  "An invitation to that address is already pending.";
export const INVITATION_NOT_FOUND = "Invitation not found";
export const INVITATION_NOT_PENDING = "This invitation is no longer pending.";

export const INVITATION_STATUS_LABELS = {
  PENDING: "Pending",
  ACCEPTED: "Accepted",
  REVOKED: "Revoked",
  EXPIRED: "Expired",
} as const;
