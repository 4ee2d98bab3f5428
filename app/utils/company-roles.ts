// Who on a company's side may do what. The session's role
// stays EMPLOYER or EMPLOYEE, as the SPEC's screens and API shapes have it; an employer-side
// user's membership role decides which of the employer's actions are theirs. Browser-safe: the
// navigation hides what a role may not use, and the server refuses it (app/utils/company-access.server.ts).

export type CompanyRole = "OWNER" | "ADMIN" | "APPROVER";

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  APPROVER: "Approver",
};

/** Each employer-side capability and the roles that hold it. */
const CAPABILITIES = {
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
  /** The complaints queue: review and resolve employees' complaints. */
  complaints: ["OWNER", "ADMIN"],
  /** The regulators' figures on /reports and their CSV. */
  regulatorReports: ["OWNER"],
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

/**
 * Who may open each signed-in address: the employee's own pages, or the employer-side
 * capability the route's guard demands (requireEmployee, requireEmployer(request, capability)).
 * The navigation, the dashboards' buttons and every other link read this table (mayOpen), so a
 * role is never offered what the server refuses it. The longest matching prefix wins; an
 * address not listed is open to every signed-in user (the dashboard, the outbox).
 */
const PAGE_ACCESS = {
  "/request": "EMPLOYEE",
  "/history": "EMPLOYEE",
  "/profile": "EMPLOYEE",
  "/checkout": "EMPLOYEE",
  "/cards": "EMPLOYEE",
  "/payment-success": "EMPLOYEE",
  "/approvals": "approve",
  "/employees": "approve",
  "/reports": "approve",
  "/settings": "approve",
  "/employees/add": "manageEmployees",
  "/employees/invite": "manageEmployees",
  "/employees/import": "manageEmployees",
  "/payroll": "payroll",
  "/payroll/export": "payroll",
  "/activity": "activity",
  "/activity.csv": "activity",
  "/settings/team": "team",
  "/settings/api": "team",
  "/settings/payroll": "team",
  "/complaints": "EMPLOYEE",
  "/complaint-queue": "complaints",
  "/reports/regulator": "regulatorReports",
  "/reports/regulator.csv": "regulatorReports",
} as const satisfies Record<string, "EMPLOYEE" | Capability>;

/** What a signed-in user may open: their role, and their membership role's capabilities. */
export type Access = {
  role: "EMPLOYEE" | "EMPLOYER";
  capabilities: Capability[];
};

export function accessOf(user: {
  role: "EMPLOYEE" | "EMPLOYER";
  companyRole: CompanyRole | null;
  companyId: number | null;
}): Access {
  const held =
    user.role === "EMPLOYER" && user.companyId !== null
      ? (Object.keys(CAPABILITIES) as Capability[]).filter((c) =>
          canDo(user.companyRole, c),
        )
      : [];
  return { role: user.role, capabilities: held };
}

/** What the address (a path, with or without its query) demands, by its longest listed prefix. */
function pageAccess(to: string): "EMPLOYEE" | Capability | null {
  const pathname = to.split(/[?#]/, 1)[0] ?? "";
  let found: string | null = null;
  for (const prefix of Object.keys(PAGE_ACCESS))
    if (
      (pathname === prefix || pathname.startsWith(`${prefix}/`)) &&
      prefix.length > (found?.length ?? 0)
    )
      found = prefix;
  return found === null ? null : PAGE_ACCESS[found as keyof typeof PAGE_ACCESS];
}

/** Whether the signed-in user may open the address (the server would not answer 403). */
function mayOpen(access: Access, to: string): boolean {
  const needs = pageAccess(to);
  if (needs === null) return true;
  if (needs === "EMPLOYEE") return access.role === "EMPLOYEE";
  return access.role === "EMPLOYER" && access.capabilities.includes(needs);
}

/**
 * Each listed address with whether the user may open it: what the signed-in layout sends the
 * browser (useMayOpen), so the table itself and its checks stay on the server. The longest
 * listed prefix of an address decides it, there as here, so the browser's answer is mayOpen's.
 */
export function pagesOf(access: Access): Record<string, boolean> {
  return Object.fromEntries(
    Object.keys(PAGE_ACCESS).map((prefix) => [prefix, mayOpen(access, prefix)]),
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
  complaints: "Only a company owner or admin can handle complaints.",
  regulatorReports: "Only a company owner can see the regulators' report.",
};

export const LAST_OWNER = "A company always keeps at least one owner.";
