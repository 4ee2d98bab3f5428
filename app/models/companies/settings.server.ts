import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import {
  companies,
  employees,
  users,
  type Company,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { db, type Executor } from "~/utils/db.server";
import { badRequest, conflict, fieldErrors, notFound } from "~/utils/errors";
import { fromCents, parseCents } from "~/utils/money";
import {
  APPROVAL_LIMIT_ABOVE_MAX,
  APPROVAL_LIMIT_NEGATIVE,
  MAX_ADVANCE_CENTS,
  MAX_ADVANCE_TOO_HIGH,
  MAX_ADVANCE_TOO_LOW,
  MIN_ADVANCE_CENTS,
  MIN_RETENTION_YEARS,
} from "~/utils/rules";
import { stateRuleFor } from "~/utils/state-rules.server";
import { TWO_DECIMALS, type CompanySettingsInput } from "~/validation/settings";
import { AUDITED_SETTINGS, recordAudit } from "~/models/audit/index.server";
import { refreshAvailable } from "~/models/ledger/index.server";
import { scheduleOf, setNextPayDate } from "./pay-schedule.server";
import { companyFor } from "~/utils/company-access.server";
import { isoDay, type PaySchedule } from "~/utils/pay-schedule";
import {
  PAY_DATE_FORMAT,
  PAY_DATE_PAST,
  PAY_SCHEDULE_FROM_PAYROLL,
  payScheduleSchema,
  retentionSchema,
} from "~/validation/settings";
import { payrollConnectionOf } from "~/models/integrations/index.server";

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
 * (the dashboard greets by it) and the max advance on its maxAdvanceLimit. A new max advance
 * recomputes every employee's available balance (max − reserved − owed),
 * lower or higher.
 */
export async function updateCompanySettings(
  actor: User,
  // Who pays the fee stays as it is when a caller does not say.
  input: Omit<CompanySettingsInput, "companyPaysFee"> & {
    companyPaysFee?: boolean;
  },
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
        companyPaysFee: input.companyPaysFee ?? before.companyPaysFee,
        coolingOffDays: input.coolingOffDays ?? before.coolingOffDays,
        maxAdvancesPerYear:
          input.maxAdvancesPerYear ?? before.maxAdvancesPerYear,
        minPaycheckLeftPercent:
          input.minPaycheckLeftPercent ?? before.minPaycheckLeftPercent,
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
    // Every available balance is max advance − reserved − owed: a new max advance changes each
    // of them, down or back up (recomputed from the ledger, never adjusted).
    const capped =
      before.maxAdvance === row.maxAdvance
        ? []
        : await refreshAvailable(tx, { companyId });
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "settings.changed",
      details: {
        changes: settingsChanges(before, row),
        ...(capped.length ? { balancesRecomputed: capped.length } : {}),
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

/** The settings page: the employer's settings and how many employees are enrolled (not leavers). */
export async function getSettingsOverview(actor: User) {
  const companyId = companyFor(actor, "settings");
  const settings = await getCompanySettings(companyId);
  const [{ employeeCount }] = await db()
    .select({ employeeCount: count() })
    .from(employees)
    .where(
      and(eq(employees.companyId, companyId), isNull(employees.offboardedAt)),
    );
  return { settings, employeeCount: Number(employeeCount) };
}

/** The company's pay schedule (GET /api/pay-schedule, the settings page). */
export async function getPaySchedule(actor: User): Promise<PaySchedule> {
  return scheduleOf(db(), companyFor(actor, "settings"));
}

/**
 * Sets the company's pay schedule (PUT /api/pay-schedule, the settings page): its frequency and
 * next pay date (not in the past; on the 15th or the last day for semi-monthly, the last day
 * for monthly). Every employee's pay cycle ends on the new next pay date. Deductions already
 * scheduled keep their dates; new ones fall on the new schedule's pay dates.
 */
export async function updatePaySchedule(
  actor: User,
  raw: unknown,
  now: Date = new Date(),
): Promise<PaySchedule> {
  const companyId = companyFor(actor, "settings");
  const parsed = payScheduleSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0]?.message ?? PAY_DATE_FORMAT,
      fieldErrors(parsed.error),
    );
  const input = parsed.data;
  if (input.nextPayDate < isoDay(now))
    throw badRequest(PAY_DATE_PAST, { nextPayDate: [PAY_DATE_PAST] });
  // A connected payroll system sets the schedule at each sync: a person confirms overriding it.
  const connected = await payrollConnectionOf(companyId);
  if (connected && input.confirm !== "payroll")
    throw conflict(PAY_SCHEDULE_FROM_PAYROLL);
  await db().transaction(async (tx) => {
    const before = await scheduleOf(tx, companyId);
    await tx
      .update(companies)
      .set({ payFrequency: input.frequency, updatedAt: now })
      .where(eq(companies.id, companyId));
    await setNextPayDate(tx, companyId, input.nextPayDate);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "pay_schedule.changed",
      details: {
        from: before,
        to: { frequency: input.frequency, nextPayDate: input.nextPayDate },
        ...(connected ? { overridesPayroll: connected.providerName } : {}),
      },
    });
  });
  await publish("settings.updated", [actor.id], { company: companyId });
  return { frequency: input.frequency, nextPayDate: input.nextPayDate };
}

/**
 * The pay schedule a connected payroll system gives at a sync: saved and
 * audited when it differs from the stored one. Returns whether it changed.
 */
export async function applyPayrollSchedule(
  companyId: number,
  schedule: PaySchedule,
  actorId: number | null,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const before = await scheduleOf(tx, companyId);
    if (
      before.frequency === schedule.frequency &&
      before.nextPayDate === schedule.nextPayDate
    )
      return false;
    await tx
      .update(companies)
      .set({ payFrequency: schedule.frequency, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    await setNextPayDate(tx, companyId, schedule.nextPayDate);
    await recordAudit(tx, {
      actorId,
      companyId,
      action: "pay_schedule.synced",
      details: { from: before, to: schedule },
    });
    return true;
  });
}

/**
 * The fewest years the company's records may be kept: 2, or the longest records retention of
 * the states its employees work in (decisions 0113, 0126).
 */
export async function retentionMinimum(actor: User): Promise<number> {
  const states = await companyStates(actor);
  return Math.max(
    MIN_RETENTION_YEARS,
    stateRuleFor(null).recordsRetentionYears,
    ...states.map((s) => stateRuleFor(s).recordsRetentionYears),
  );
}

/**
 * Settings: an owner sets how many years records are kept (2–10, and at least the longest
 * minimum of the company's states; the form's own schema), audited as a settings change.
 */
export async function setRetentionYears(
  actor: User,
  years: number,
): Promise<number> {
  const companyId = companyFor(actor, "regulatorReports");
  const parsed = retentionSchema(await retentionMinimum(actor)).safeParse({
    retentionYears: years,
  });
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0].message, fieldErrors(parsed.error));
  await db().transaction(async (tx) => {
    const before = await getCompanySettings(companyId, tx);
    const [row] = await tx
      .update(companies)
      .set({ retentionYears: years, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning();
    if (before.retentionYears !== row.retentionYears)
      await recordAudit(tx, {
        actorId: actor.id,
        companyId,
        action: "settings.changed",
        details: { changes: settingsChanges(before, row) },
      });
  });
  return years;
}

/** The states the company's current employees work in, by code (the company's states). */
export async function companyStates(actor: User): Promise<string[]> {
  const companyId = companyFor(actor);
  const rows = await db()
    .selectDistinct({ workState: employees.workState })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        isNull(employees.offboardedAt),
        isNotNull(employees.workState),
      ),
    )
    .orderBy(employees.workState);
  return rows.map((r) => r.workState ?? "");
}
