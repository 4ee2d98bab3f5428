import { and, eq, sql } from "drizzle-orm";
import { payrollConnections, payrollIndividuals } from "#db/schema";
import {
  notifyPayrollConnectionProblem,
  type CompanyOwners,
  type PayrollConnectionProblem,
} from "~/models/notifications/index.server";
import { ensureDeduction } from "~/services/payroll/finch-deductions.server";
import {
  connectionAuthType,
  FinchCallError,
} from "~/services/payroll/finch.server";
import { db } from "~/utils/db.server";
import { fromCents } from "~/utils/money";
import {
  isAssisted,
  type ConnectedCompany,
  type PayrollConnectionStatus,
} from "./payroll-types.server";

// What a payroll connection knows beyond its token: the company's
// deduction in the payroll system, the state after its last call to Finch (a fault is mailed to
// the owners once: `owners` is the calling domain's read of them), and which payroll person
// each matched employee is, with their last net pay.

/** How long we wait after a 429 whose Retry-After Finch did not give. */
const DEFAULT_RETRY_SECONDS = 3600;

/**
 * Records the connection's state after a call to Finch. Entering a fault (or a different one)
 * mails the owners once; OK clears it.
 */
export async function setPayrollConnectionStatus(
  companyId: number,
  owners: CompanyOwners,
  status: PayrollConnectionStatus,
  facts: {
    detail?: string | null;
    retryAfter?: Date | null;
    payDate?: string | null;
    /** Names this fault for the mail's once-only key (a failed job's id). */
    key?: string;
  } = {},
  now: Date = new Date(),
): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({
        status: payrollConnections.status,
        detail: payrollConnections.statusDetail,
      })
      .from(payrollConnections)
      .where(eq(payrollConnections.companyId, companyId))
      .for("update");
    if (!before) return;
    if (status === "OK") {
      if (before.status !== "OK")
        await tx
          .update(payrollConnections)
          .set({
            status,
            statusDetail: null,
            statusAt: now,
            retryAfter: null,
          })
          .where(eq(payrollConnections.companyId, companyId));
      return;
    }
    const detail = facts.detail ?? null;
    await tx
      .update(payrollConnections)
      .set({
        status,
        statusDetail: facts.payDate
          ? `${facts.payDate}|${detail ?? ""}`
          : detail,
        statusAt: now,
        retryAfter: facts.retryAfter ?? null,
      })
      .where(eq(payrollConnections.companyId, companyId));
    const problem: PayrollConnectionProblem = {
      status,
      at: now,
      retryAfter: facts.retryAfter ?? null,
      payDate: facts.payDate ?? null,
      detail,
    };
    // Once per fault: the same fault found again the next morning is not mailed again.
    if (before.status !== status || facts.key)
      await notifyPayrollConnectionProblem(
        tx,
        await owners(tx, companyId),
        companyId,
        problem,
        `${status}:${facts.key ?? now.toISOString()}`,
      );
  });
}

/** A Finch failure as the connection's state (and the owners' mail); other errors go on. */
export async function recordFinchFault(
  companyId: number,
  owners: CompanyOwners,
  error: unknown,
  now: Date = new Date(),
): Promise<PayrollConnectionStatus> {
  if (!(error instanceof FinchCallError)) throw error;
  if (error.failure === "revoked") {
    await setPayrollConnectionStatus(companyId, owners, "REVOKED", {}, now);
    return "REVOKED";
  }
  if (error.failure === "rate_limited") {
    const seconds = error.retryAfter ?? DEFAULT_RETRY_SECONDS;
    await setPayrollConnectionStatus(
      companyId,
      owners,
      "RATE_LIMITED",
      { retryAfter: new Date(now.getTime() + seconds * 1000) },
      now,
    );
    return "RATE_LIMITED";
  }
  await setPayrollConnectionStatus(
    companyId,
    owners,
    "UNAVAILABLE",
    { detail: error.status ? `HTTP ${error.status}` : null },
    now,
  );
  return "UNAVAILABLE";
}

/**
 * The connection's authentication type, read from Finch's introspection once and kept: at
 * connect, or (a connection made before it was kept, or whose read failed then) at its next
 * run. Finch failing here is the connection's fault, as any call.
 */
export async function ensurePayrollAuthType(
  company: ConnectedCompany,
  owners: CompanyOwners,
): Promise<void> {
  if (company.authType !== null) return;
  try {
    const authType = await connectionAuthType(
      company.settings,
      company.accessToken,
    );
    if (authType === null) return;
    await db()
      .update(payrollConnections)
      .set({ authType })
      .where(eq(payrollConnections.companyId, company.companyId));
    company.authType = authType;
  } catch (error) {
    await recordFinchFault(company.companyId, owners, error);
    throw error;
  }
}

/**
 * The company-level post-tax deduction "Grocery Advance repayment" in the payroll system:
 * found, created, or (an assisted connection only) registered once, then kept on the
 * connection.
 */
export async function ensurePayrollDeduction(
  company: ConnectedCompany,
  owners: CompanyOwners,
): Promise<string> {
  if (company.benefitId) return company.benefitId;
  await ensurePayrollAuthType(company, owners);
  try {
    const { benefitId } = await ensureDeduction(
      company.settings,
      company.accessToken,
      { assisted: isAssisted(company) },
    );
    await db()
      .update(payrollConnections)
      .set({ benefitId })
      .where(eq(payrollConnections.companyId, company.companyId));
    company.benefitId = benefitId;
    return benefitId;
  } catch (error) {
    await recordFinchFault(company.companyId, owners, error);
    throw error;
  }
}

/** The roster sync's matches: employee → the payroll system's individual id (500 a statement). */
export async function linkPayrollIndividuals(
  companyId: number,
  links: { employeeId: number; individualId: string }[],
): Promise<void> {
  for (let i = 0; i < links.length; i += 500)
    await db()
      .insert(payrollIndividuals)
      .values(
        links.slice(i, i + 500).map((link) => ({
          employeeId: link.employeeId,
          companyId,
          finchIndividualId: link.individualId,
        })),
      )
      .onConflictDoUpdate({
        target: payrollIndividuals.employeeId,
        set: {
          finchIndividualId: sql`excluded.finch_individual_id`,
          companyId: sql`excluded.company_id`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${payrollIndividuals.finchIndividualId} <> excluded.finch_individual_id`,
      });
}

/**
 * An employee's net pay on a pay statement, kept on their payroll link when it is their latest;
 * answers the employee it belongs to (null when the individual is not matched), so payroll can
 * give it to the person's own net pay (people/net-pay.server.ts), the one figure /request reads.
 */
export async function recordNetPay(
  companyId: number,
  individualId: string,
  netPayCents: number,
  payDate: string,
): Promise<number | null> {
  const [row] = await db()
    .update(payrollIndividuals)
    .set({
      lastNetPay: fromCents(netPayCents),
      lastNetPayDate: payDate,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(payrollIndividuals.companyId, companyId),
        eq(payrollIndividuals.finchIndividualId, individualId),
        sql`(${payrollIndividuals.lastNetPayDate} is null or ${payrollIndividuals.lastNetPayDate} <= ${payDate}::date)`,
      ),
    )
    .returning({ employeeId: payrollIndividuals.employeeId });
  return row?.employeeId ?? null;
}

/** Whether the company's payroll is connected, and to which provider. */
export async function payrollConnectionOf(
  companyId: number,
): Promise<{ providerName: string } | null> {
  const [row] = await db()
    .select({ providerName: payrollConnections.providerName })
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  return row ?? null;
}
