import crypto from "node:crypto";
import type {
  ConnectedCompany,
  PayrollConnectionStatus,
} from "./payroll-types.server";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import {
  payrollConnections,
  payrollConnectStates,
  type User,
} from "#db/schema";
import { recordAudit } from "~/models/audit/index.server";
import type { CompanyOwners } from "~/models/notifications/index.server";
import {
  connectionAuthType,
  createConnectSession,
  disconnectToken,
  exchangeCode,
  FinchCallError,
  finchSettings,
  providerName,
  type FinchSettings,
} from "~/services/payroll/finch.server";
import { companyFor } from "~/utils/company-access.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { AppError, badRequest, conflict, notFound } from "~/utils/errors";
import { parseKeys, seal, unseal } from "~/utils/sealed.server";
import { ensurePayrollDeduction } from "./payroll-link.server";

// A company's payroll connection through Finch (DESIGN §13). An owner
// starts Finch Connect as a plain redirect; the callback brings back an authorization code,
// accepted only with the single-use state this owner's browser was given for this company; the
// code is exchanged for an access token, which is stored sealed and never shown. Disconnecting
// revokes the token at Finch and deletes it.

const PAYROLL_CONNECTION_OFF =
  "The payroll connection is not turned on for this server.";
const PAYROLL_CONNECT_STATE_INVALID =
  "This payroll connection link is not valid any more. Start the connection again from Settings.";
const PAYROLL_ALREADY_CONNECTED =
  "Your company's payroll is already connected. Disconnect it first to connect another.";
const PAYROLL_NOT_CONNECTED = "Your company's payroll is not connected.";
const PAYROLL_CONNECT_CANCELLED =
  "The payroll connection was not finished: nothing was connected.";
const FINCH_UNAVAILABLE =
  "Finch did not answer. Nothing was changed: try again in a few minutes.";
const FINCH_REFUSED =
  "Finch refused the connection. Nothing was changed: start the connection again.";

/** How long a started connect may take before its state stops working. */
export const CONNECT_STATE_MINUTES = 60;

/** A company's connection as stored; the page's view adds who connected it (companies/). */
export type PayrollConnectionRecord = {
  /** False while the server has no Finch credentials (the page says how to turn it on). */
  enabled: boolean;
  connection: {
    providerId: string;
    providerName: string;
    products: string[];
    connectedAt: Date;
    connectedById: number;
    lastSyncedAt: Date | null;
    lastSync: Record<string, number> | null;
    status: PayrollConnectionStatus;
    statusDetail: string | null;
    statusAt: Date | null;
    retryAfter: Date | null;
    /** How the employer authenticated (Finch's introspection), null until read. */
    authType: string | null;
  } | null;
};

const hashState = (state: string) =>
  crypto.createHash("sha256").update(state).digest("hex");

const sealContext = (companyId: number) => `payroll-connection:${companyId}`;

function tokenKeys() {
  return parseKeys(env().FINCH_TOKEN_KEYS ?? "");
}

function requireFinch(): FinchSettings {
  const settings = finchSettings();
  if (!settings) throw new AppError(404, PAYROLL_CONNECTION_OFF);
  return settings;
}

/** Finch's failures as the product's refusals: nothing half-written, a message that says why. */
function finchRefusal(error: unknown): never {
  if (error instanceof FinchCallError)
    throw error.failure === "unavailable" || error.failure === "rate_limited"
      ? new AppError(503, FINCH_UNAVAILABLE)
      : badRequest(FINCH_REFUSED);
  throw error;
}

/** The company's connection, for Settings › Payroll connection (owners and admins). */
export async function payrollConnectionRecord(
  actor: User,
): Promise<PayrollConnectionRecord> {
  // Owners and admins see it (admins act on its proposals and runs); only owners change it.
  const companyId = companyFor(actor, "payroll");
  const [row] = await db()
    .select({
      providerId: payrollConnections.providerId,
      providerName: payrollConnections.providerName,
      products: payrollConnections.products,
      connectedAt: payrollConnections.connectedAt,
      lastSyncedAt: payrollConnections.lastSyncedAt,
      lastSync: payrollConnections.lastSync,
      status: payrollConnections.status,
      statusDetail: payrollConnections.statusDetail,
      statusAt: payrollConnections.statusAt,
      retryAfter: payrollConnections.retryAfter,
      connectedById: payrollConnections.connectedById,
      authType: payrollConnections.authType,
    })
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  return {
    enabled: finchSettings() !== null,
    connection: row
      ? {
          providerId: row.providerId,
          providerName: row.providerName,
          products: row.products,
          connectedAt: row.connectedAt,
          connectedById: row.connectedById,
          lastSyncedAt: row.lastSyncedAt,
          lastSync: row.lastSync,
          status: row.status,
          statusDetail: row.statusDetail,
          statusAt: row.statusAt,
          retryAfter: row.retryAfter,
          authType: row.authType,
        }
      : null,
  };
}

/**
 * An owner starts Finch Connect: a Connect session for the company (its name and contact, which
 * the companies domain reads), and a single-use state for the owner's browser (the caller keeps
 * it in a cookie; only its hash is stored). Returns where the browser goes.
 */
export async function openPayrollConnect(
  owner: User,
  company: { name: string; email: string | null } | null,
): Promise<{ connectUrl: string; state: string }> {
  const companyId = companyFor(owner, "team");
  const settings = requireFinch();
  const [existing] = await db()
    .select({ id: payrollConnections.id })
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  if (existing) throw conflict(PAYROLL_ALREADY_CONNECTED);
  const session = await createConnectSession(settings, {
    id: String(companyId),
    name: company?.name || `Company ${companyId}`,
    email: company?.email || undefined,
  }).catch(finchRefusal);
  const state = crypto.randomBytes(32).toString("base64url");
  await db()
    .delete(payrollConnectStates)
    .where(lt(payrollConnectStates.expiresAt, new Date()));
  await db()
    .insert(payrollConnectStates)
    .values({
      stateHash: hashState(state),
      companyId,
      userId: owner.id,
      sessionId: session.sessionId,
      expiresAt: new Date(Date.now() + CONNECT_STATE_MINUTES * 60_000),
    });
  return { connectUrl: session.connectUrl, state };
}

/**
 * Finch Connect's redirect back: `state` is what the owner's browser kept; `code` what Finch
 * sent (absent when the employer closed Connect). The state is spent first, in its own
 * statement, so a code can be tried once per state however often the link is opened.
 */
export async function completePayrollConnect(
  owner: User,
  input: { state: string | null; code: string | null; error?: string | null },
  /** The company's owners (people's), mailed if setting up the deduction finds a fault. */
  owners: CompanyOwners,
): Promise<void> {
  const companyId = companyFor(owner, "team");
  const settings = requireFinch();
  if (!input.state) throw badRequest(PAYROLL_CONNECT_STATE_INVALID);
  const [spent] = await db()
    .update(payrollConnectStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(payrollConnectStates.stateHash, hashState(input.state)),
        eq(payrollConnectStates.companyId, companyId),
        eq(payrollConnectStates.userId, owner.id),
        isNull(payrollConnectStates.usedAt),
        gt(payrollConnectStates.expiresAt, new Date()),
      ),
    )
    .returning({ id: payrollConnectStates.id });
  if (!spent) throw badRequest(PAYROLL_CONNECT_STATE_INVALID);
  if (!input.code || input.error) throw badRequest(PAYROLL_CONNECT_CANCELLED);
  const grant = await exchangeCode(settings, input.code).catch(finchRefusal);
  // The token is for the company that started the session, or it is not ours to keep.
  if (grant.customerId !== null && grant.customerId !== String(companyId)) {
    await disconnectToken(settings, grant.accessToken).catch(() => undefined);
    throw badRequest(FINCH_REFUSED);
  }
  const name = await providerName(
    settings,
    grant.accessToken,
    grant.providerId,
  ).catch(() => grant.providerId);
  // Assisted or automated, as the employer authenticated; unread now, it is read at the next run.
  const authType = await connectionAuthType(settings, grant.accessToken).catch(
    () => null,
  );
  const sealed = seal(tokenKeys(), grant.accessToken, sealContext(companyId));
  const stored = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(payrollConnections)
      .values({
        companyId,
        providerId: grant.providerId,
        providerName: name,
        connectionId: grant.connectionId,
        products: grant.products,
        accessTokenSealed: sealed,
        connectedById: owner.id,
        authType,
      })
      .onConflictDoNothing()
      .returning({ id: payrollConnections.id });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: owner.id,
      companyId,
      action: "payroll_connection.connected",
      details: {
        provider: grant.providerId,
        connectionId: grant.connectionId,
        products: grant.products,
        authType,
      },
    });
    return true;
  });
  if (!stored) {
    // Another connect finished first: this token is given back, not kept.
    await disconnectToken(settings, grant.accessToken).catch(() => undefined);
    throw conflict(PAYROLL_ALREADY_CONNECTED);
  }
  await setUpDeductionAfterConnect(companyId, owners);
}

/** The access token of a company's connection (for the jobs that call Finch), or null. */
export async function payrollAccessToken(
  companyId: number,
): Promise<string | null> {
  const [row] = await db()
    .select({ sealed: payrollConnections.accessTokenSealed })
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  return row ? unseal(tokenKeys(), row.sealed, sealContext(companyId)) : null;
}

/**
 * An owner disconnects: the token is revoked at Finch, then deleted here. A token Finch no
 * longer knows (revoked by the employer at Finch) is deleted all the same; when Finch does not
 * answer, nothing changes and the owner is told to try again.
 */
export async function disconnectPayroll(owner: User): Promise<void> {
  const companyId = companyFor(owner, "team");
  const settings = requireFinch();
  const [row] = await db()
    .select()
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  if (!row) throw notFound(PAYROLL_NOT_CONNECTED);
  const token = unseal(
    tokenKeys(),
    row.accessTokenSealed,
    sealContext(companyId),
  );
  let revokedAtFinch = true;
  try {
    await disconnectToken(settings, token);
  } catch (error) {
    if (!(error instanceof FinchCallError) || error.failure !== "revoked")
      finchRefusal(error);
    revokedAtFinch = false;
  }
  await db().transaction(async (tx) => {
    await tx
      .delete(payrollConnections)
      .where(eq(payrollConnections.id, row.id));
    await recordAudit(tx, {
      actorId: owner.id,
      companyId,
      action: "payroll_connection.disconnected",
      details: {
        provider: row.providerId,
        connectionId: row.connectionId,
        alreadyRevokedAtFinch: !revokedAtFinch,
      },
    });
  });
}

/** The companies with a connection (the daily sync's list), or one company's; none when off. */
export async function connectedCompanies(
  companyId?: number,
): Promise<ConnectedCompany[]> {
  const settings = finchSettings();
  if (!settings) return [];
  const rows = await db()
    .select()
    .from(payrollConnections)
    .where(
      companyId === undefined
        ? undefined
        : eq(payrollConnections.companyId, companyId),
    );
  return rows.map((row) => ({
    companyId: row.companyId,
    connectedById: row.connectedById,
    accessToken: unseal(
      tokenKeys(),
      row.accessTokenSealed,
      sealContext(row.companyId),
    ),
    settings,
    providerName: row.providerName,
    benefitId: row.benefitId,
    status: row.status,
    retryAfter: row.retryAfter,
    authType: row.authType,
  }));
}

/** What the last roster sync did (counts only), shown on the settings page. */
export async function recordPayrollSync(
  companyId: number,
  summary: Record<string, number>,
  at: Date,
): Promise<void> {
  await db()
    .update(payrollConnections)
    .set({ lastSyncedAt: at, lastSync: summary })
    .where(eq(payrollConnections.companyId, companyId));
}

/**
 * Right after connecting, the company-level deduction is created or registered. Finch failing
 * here leaves the connection (the daily job sets the deduction up before the first write) in
 * the fault's state.
 */
async function setUpDeductionAfterConnect(
  companyId: number,
  owners: CompanyOwners,
) {
  const [company] = await connectedCompanies(companyId);
  if (company)
    await ensurePayrollDeduction(company, owners).catch(() => undefined);
}
