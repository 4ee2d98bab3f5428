// The shapes a payroll connection's two modules share (payroll-connection.server.ts, the token
// and its companies; payroll-link.server.ts, what the connection knows beyond its token).
import type { payrollConnections } from "#db/schema";
import type { FinchSettings } from "~/services/payroll/finch.server";

export type ConnectedCompany = {
  companyId: number;
  connectedById: number;
  accessToken: string;
  settings: FinchSettings;
  providerName: string;
  /** The company-level deduction the runs are written to, once set up. */
  benefitId: string | null;
  status: PayrollConnectionStatus;
  /** Finch's Retry-After after a rate limit: no call before then. */
  retryAfter: Date | null;
  /** How the employer authenticated (Finch's introspection), or null until read. */
  authType: string | null;
};

/**
 * An assisted connection: Finch's team writes its deductions by hand (within 2 business days);
 * any other authentication type is an automated one. Unknown (not read yet) counts as automated.
 */
export const isAssisted = (company: { authType: string | null }) =>
  company.authType === "assisted";

export type PayrollConnectionStatus =
  (typeof payrollConnections.$inferSelect)["status"];
