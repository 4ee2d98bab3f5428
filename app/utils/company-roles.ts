// Who on a company's side may do what (docs/decisions/0077-companies.md). The session's role
// stays EMPLOYER or EMPLOYEE, as the SPEC's screens and API shapes have it; an employer-side
// user's membership role decides which of the employer's actions are theirs. Browser-safe: the
// navigation hides what a role may not use, and the server refuses it (app/utils/company-access.server.ts).

export type CompanyRole = "OWNER" | "ADMIN" | "APPROVER";

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  APPROVER: "Approver",
};

export const COMPANY_ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  OWNER: "Everything an admin does, plus the team and API keys",
  ADMIN: "Employees, invitations, payroll, settings, export and activity",
  APPROVER: "Dashboard, approvals, employees and reports",
};

/** Each employer-side capability and the roles that hold it. */
export const CAPABILITIES = {
  /** Dashboard, approvals (approve/decline), the employee list and detail, reports. */
  approve: ["OWNER", "ADMIN", "APPROVER"],
  /** Add, invite, import and offboard employees. */
  manageEmployees: ["OWNER", "ADMIN"],
  /** Payroll runs and the payroll export. */
  payroll: ["OWNER", "ADMIN"],
  /** The company settings form. */
  settings: ["OWNER", "ADMIN"],
  /** The audit trail (/activity and its CSV). */
  activity: ["OWNER", "ADMIN"],
  /** The team: invite colleagues, change roles, remove members; API keys. */
  team: ["OWNER"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type Capability = keyof typeof CAPABILITIES;

export function canDo(
  role: CompanyRole | null | undefined,
  capability: Capability,
): boolean {
  return (
    !!role &&
    (CAPABILITIES[capability] as readonly CompanyRole[]).includes(role)
  );
}

/** The 403 message when a member's role does not hold the capability. */
export const ROLE_FORBIDDEN: Record<Capability, string> = {
  approve: "You don't have permission to access this page.",
  manageEmployees: "Only a company owner or admin can manage employees.",
  payroll: "Only a company owner or admin can run payroll.",
  settings: "Only a company owner or admin can change the company settings.",
  activity: "Only a company owner or admin can see the company's activity.",
  team: "Only a company owner can manage the team.",
};

export const LAST_OWNER = "A company always keeps at least one owner.";
