// No zod here: the /activity page renders these in the browser, and a schema built at module
// level would ship zod's whole core to every page (the filter's schema is in
// app/web/activity-filter.server.ts, which only the loaders import).
//
// The audit trail's vocabulary (app/models/audit/audit.server.ts recordAudit) and the /activity
// filter. Actions other branches of work add (cancel, expiry, freeze, sessions, two-factor)
// are named here already so their labels are ready when they start writing them.

export const AUDIT_ACTIONS = [
  "request.filed",
  "request.approved",
  "request.declined",
  "request.cancelled",
  "request.expired",
  "request.paid",
  "fee.captured",
  "hold.released",
  "fee.refunded",
  "card.issued",
  "card.frozen",
  "card.unfrozen",
  "payroll.run",
  "settings.changed",
  "employee.added",
  "user.signed_in",
  "user.signed_out",
  "password.changed",
  "password.reset_requested",
  "password.reset",
  "email.confirmed",
  "session.revoked",
  "mfa.enabled",
  "mfa.disabled",
  "invitation.sent",
  "invitation.resent",
  "invitation.revoked",
  "invitation.accepted",
  "member.role_changed",
  "member.removed",
  "card.closed",
  "card.unspent_returned",
  "pay_schedule.changed",
  "payroll_run.created",
  "payroll_run.result",
  "deduction.written_off",
  "employee.offboarded",
  "api_key.created",
  "api_key.revoked",
  "webhook_endpoint.created",
  "webhook_endpoint.deleted",
  "webhook_endpoint.enabled",
  "payroll_connection.connected",
  "payroll_connection.disconnected",
  "payroll_sync.ran",
  "payroll_sync.employee_updated",
  "payroll_sync.offboarding_proposed",
  "payroll_sync.offboarding_dismissed",
  "credit.netted",
  "credit.paid_back",
  "complaint.filed",
  "complaint.in_review",
  "complaint.resolved",
  "personal_data.erased",
  "webhook_endpoint.updated",
  "webhook_endpoint.secret_rotated",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_LABELS: Record<AuditAction, string> = {
  "request.filed": "Request filed",
  "request.approved": "Request approved",
  "request.declined": "Request declined",
  "request.cancelled": "Request cancelled",
  "request.expired": "Request expired",
  "request.paid": "Payment authorized",
  "fee.captured": "Fee charged",
  "hold.released": "Hold released",
  "fee.refunded": "Fee refunded",
  "card.issued": "Card issued",
  "card.frozen": "Card frozen",
  "card.unfrozen": "Card unfrozen",
  "payroll.run": "Payroll run",
  "settings.changed": "Settings changed",
  "employee.added": "Employee added",
  "user.signed_in": "Signed in",
  "user.signed_out": "Signed out",
  "password.changed": "Password changed",
  "password.reset_requested": "Password reset e-mailed",
  "password.reset": "Password reset by e-mail link",
  "email.confirmed": "E-mail address confirmed",
  "session.revoked": "Session revoked",
  "mfa.enabled": "Two-factor sign-in turned on",
  "mfa.disabled": "Two-factor sign-in turned off",
  "invitation.sent": "Invitation sent",
  "invitation.resent": "Invitation sent again",
  "invitation.revoked": "Invitation revoked",
  "invitation.accepted": "Invitation accepted",
  "member.role_changed": "Team role changed",
  "member.removed": "Removed from the team",
  "card.closed": "Card closed",
  "card.unspent_returned": "Unspent card balance returned",
  "pay_schedule.changed": "Pay schedule changed",
  "payroll_run.created": "Payroll run created",
  "payroll_run.result": "Payroll result recorded",
  "deduction.written_off": "Deduction written off",
  "employee.offboarded": "Employee offboarded",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "webhook_endpoint.created": "Webhook endpoint added",
  "webhook_endpoint.deleted": "Webhook endpoint removed",
  "webhook_endpoint.enabled": "Webhook endpoint enabled again",
  "payroll_connection.connected": "Payroll connected",
  "payroll_connection.disconnected": "Payroll disconnected",
  "payroll_sync.ran": "Roster synced from payroll",
  "payroll_sync.employee_updated": "Employee updated from payroll",
  "payroll_sync.offboarding_proposed": "Offboarding proposed by payroll",
  "payroll_sync.offboarding_dismissed": "Offboarding proposal dismissed",
  "credit.netted": "Credit netted against what is owed",
  "credit.paid_back": "Credit paid back",
  "complaint.filed": "Complaint filed",
  "complaint.in_review": "Complaint in review",
  "complaint.resolved": "Complaint resolved",
  "personal_data.erased": "Personal data removed after retention",
  "webhook_endpoint.updated": "Webhook endpoint changed",
  "webhook_endpoint.secret_rotated": "Webhook signing secret rotated",
};

export type ActivityFilter = { employee?: number; action?: AuditAction };

/** The filter as a query string ("" when empty), for pager links and the CSV link. */
export function activityQuery(filter: ActivityFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.employee) params.set("employee", String(filter.employee));
  if (filter.action) params.set("action", filter.action);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
