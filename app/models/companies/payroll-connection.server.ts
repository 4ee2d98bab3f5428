import { eq } from "drizzle-orm";
import { companies, type User } from "#db/schema";
import { companyFor } from "~/utils/company-access.server";
import { db } from "~/utils/db.server";
import {
  completePayrollConnect as completeConnect,
  openPayrollConnect,
  payrollConnectionRecord,
  type PayrollConnectionRecord,
} from "~/models/integrations/index.server";
import { companyOwners, getUserById } from "~/models/people/index.server";

// Settings › Payroll connection, the company's side of it: the connection itself is the
// integrations domain's (payroll-connection.server.ts there); the company's name and contact it
// is opened with, and the name of the person who connected it, are read here by the domains that
// own them.

type Connection = NonNullable<PayrollConnectionRecord["connection"]>;

type PayrollConnectionView = {
  /** False while the server has no Finch credentials (the page says how to turn it on). */
  enabled: boolean;
  connection:
    (Omit<Connection, "connectedById"> & { connectedByName: string }) | null;
};

/** What Settings › Payroll connection shows an owner or admin. */
export async function getPayrollConnection(
  actor: User,
): Promise<PayrollConnectionView> {
  const { enabled, connection } = await payrollConnectionRecord(actor);
  if (!connection) return { enabled, connection: null };
  const { connectedById, ...rest } = connection;
  const by = await getUserById(connectedById);
  return {
    enabled,
    connection: {
      ...rest,
      connectedByName: by ? `${by.firstName} ${by.lastName}`.trim() : "",
    },
  };
}

/**
 * An owner starts Finch Connect for their company (integrations' openPayrollConnect, given the
 * company's name and contact). Returns where the browser goes and the state it keeps.
 */
export async function startPayrollConnect(
  owner: User,
): Promise<{ connectUrl: string; state: string }> {
  const [company] = await db()
    .select({ name: companies.companyName, email: companies.contactEmail })
    .from(companies)
    .where(eq(companies.id, companyFor(owner, "team")));
  return openPayrollConnect(owner, company ?? null);
}

/** Finch Connect's redirect back (integrations' completePayrollConnect), then the page's view. */
export async function completePayrollConnect(
  owner: User,
  input: { state: string | null; code: string | null; error?: string | null },
): Promise<PayrollConnectionView> {
  await completeConnect(owner, input, companyOwners);
  return getPayrollConnection(owner);
}
