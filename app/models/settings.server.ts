import { and, count, eq, gt } from "drizzle-orm";
import {
  companies,
  employees,
  users,
  type Company,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { db, type Executor } from "~/utils/db.server";
import { badRequest, notFound } from "~/utils/errors";
import { fromCents, parseCents } from "~/utils/money";
import {
  APPROVAL_LIMIT_ABOVE_MAX,
  APPROVAL_LIMIT_NEGATIVE,
  MAX_ADVANCE_CENTS,
  MAX_ADVANCE_TOO_HIGH,
  MAX_ADVANCE_TOO_LOW,
  MIN_ADVANCE_CENTS,
} from "~/utils/rules";
import { TWO_DECIMALS, type CompanySettingsInput } from "~/validation/settings";
import { recordAudit } from "./audit.server";
import { companyFor } from "./company.server";

export type CompanySettings = Company;

/** The company's settings (its row in companies). */
export async function getCompanySettings(
  companyId: number,
  executor: Executor = db(),
): Promise<CompanySettings> {
  const [row] = await executor
    .select()
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound("Company not found");
  return row;
}

const AUDITED_SETTINGS = [
  "companyName",
  "contactEmail",
  "contactPhone",
  "maxAdvance",
  "approvalLimit",
  "notifyNewRequests",
  "notifyMonthlyReports",
  "notifySystemUpdates",
] as const;

/** The settings that changed, each with its value before and after. */
function settingsChanges(before: CompanySettings, after: CompanySettings) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of AUDITED_SETTINGS)
    if (before[key] !== after[key])
      changes[key] = { before: before[key], after: after[key] };
  return changes;
}

/**
 * The employer saves the Company Settings form (DESIGN §4 Settings). The processing fee is
 * read-only and never taken from input. The company name is mirrored on the employer's user
 * (the dashboard greets by it) and the max advance on its maxAdvanceLimit. The new max
 * advance applies to employees added afterwards (addEmployee reads it); a lower one also caps
 * existing balances above it (docs/decisions/0701-company-settings.md, 0801).
 */
export async function updateCompanySettings(
  actor: User,
  input: CompanySettingsInput,
): Promise<CompanySettings> {
  const companyId = companyFor(actor, "settings");
  const maxCents = parseCents(input.maxAdvance);
  const limitCents = parseCents(input.approvalLimit);
  // The form's schema has already refused these; the same messages guard any other caller.
  const maxProblem =
    maxCents === null
      ? TWO_DECIMALS
      : maxCents < MIN_ADVANCE_CENTS
        ? MAX_ADVANCE_TOO_LOW
        : maxCents > MAX_ADVANCE_CENTS
          ? MAX_ADVANCE_TOO_HIGH
          : null;
  if (maxProblem || maxCents === null) {
    const message = maxProblem ?? TWO_DECIMALS;
    throw badRequest(message, { maxAdvance: [message] });
  }
  const limitProblem =
    limitCents === null
      ? TWO_DECIMALS
      : limitCents < 0
        ? APPROVAL_LIMIT_NEGATIVE
        : limitCents > maxCents
          ? APPROVAL_LIMIT_ABOVE_MAX
          : null;
  if (limitProblem || limitCents === null) {
    const message = limitProblem ?? TWO_DECIMALS;
    throw badRequest(message, { approvalLimit: [message] });
  }
  const { saved, capped } = await db().transaction(async (tx) => {
    const before = await getCompanySettings(companyId, tx);
    const [row] = await tx
      .update(companies)
      .set({
        companyName: input.companyName,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        maxAdvance: fromCents(maxCents),
        approvalLimit: fromCents(limitCents),
        notifyNewRequests: input.notifyNewRequests,
        notifyMonthlyReports: input.notifyMonthlyReports,
        notifySystemUpdates: input.notifySystemUpdates,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, companyId))
      .returning();
    // Mirrored on every member's user (the dashboard greets by it, the API's user shape).
    await tx
      .update(users)
      .set({
        companyName: input.companyName,
        maxAdvanceLimit: fromCents(maxCents),
      })
      .where(and(eq(users.companyId, companyId), eq(users.role, "EMPLOYER")));
    // A lower max advance caps the balances above it: no balance may exceed the max advance
    // (the invariant check), and no employee may borrow more than the company now allows.
    const capped = await tx
      .update(employees)
      .set({ availableBalance: fromCents(maxCents) })
      .where(
        and(
          eq(employees.companyId, companyId),
          gt(employees.availableBalance, fromCents(maxCents)),
        ),
      )
      .returning({ userId: employees.userId });
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "settings.changed",
      details: {
        changes: settingsChanges(before, row),
        ...(capped.length ? { balancesCapped: capped.length } : {}),
      },
    });
    return { saved: row, capped };
  });
  await publish(
    "settings.updated",
    [actor.id, ...capped.map((e) => e.userId)],
    { company: companyId },
  );
  return saved;
}

/** The settings page: the employer's settings and how many employees the company has. */
export async function getSettingsOverview(actor: User) {
  const companyId = companyFor(actor, "settings");
  const settings = await getCompanySettings(companyId);
  const [{ employeeCount }] = await db()
    .select({ employeeCount: count() })
    .from(employees)
    .where(eq(employees.companyId, companyId));
  return { settings, employeeCount: Number(employeeCount) };
}
