import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { auditEvents, type User } from "#db/schema";
import { db, type Executor } from "~/utils/db.server";
import { companyFor, companyOf } from "~/utils/company-access.server";
import { formatMoney } from "~/utils/money";
import type { Language } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { actingApiKey } from "~/utils/request-context.server";
import {
  AUDIT_LABELS,
  type AuditAction,
  type ActivityFilter,
} from "~/validation/audit";

export { type AuditAction };

export type AuditEntry = {
  /** Who acted: null for the system (automatic approval, the provider, a scheduled run). */
  actorId: number | null;
  /** The company the event belongs to (null for a user with no employer yet). */
  companyId: number | null;
  /** On whom: the employee a request belongs to, the employee added, the user signing in. */
  subjectUserId?: number | null;
  action: AuditAction;
  requestId?: number | null;
  /** Integer cents, when the action moves or sets an amount. */
  amountCents?: number | null;
  /** Anything else worth keeping (settings before and after, counts). Never a secret. */
  details?: Record<string, unknown> | null;
};

/**
 * Appends one audit event. Pass the action's own transaction, so the event is written if and
 * only if the action is: this is the one way rows get into audit_events, and nothing in the
 * code updates or deletes them (the database refuses it as well).
 */
export async function recordAudit(
  tx: Executor,
  entry: AuditEntry,
): Promise<void> {
  // An action taken with an API key is recorded under the key's name as well as its creator.
  const apiKey = actingApiKey();
  const details = apiKey
    ? { ...(entry.details ?? {}), apiKey: { id: apiKey.id, name: apiKey.name } }
    : (entry.details ?? null);
  await tx.insert(auditEvents).values({
    action: entry.action,
    actorId: entry.actorId,
    companyId: entry.companyId,
    subjectUserId: entry.subjectUserId ?? null,
    requestId: entry.requestId ?? null,
    amount:
      entry.amountCents === null || entry.amountCents === undefined
        ? null
        : (entry.amountCents / 100).toFixed(2),
    details,
  });
}

export { companyOf };

/** A successful sign-in (the password, and any second step, accepted). */
export async function recordSignIn(
  user: User,
  executor: Executor = db(),
): Promise<void> {
  await recordAudit(executor, {
    actorId: user.id,
    companyId: companyOf(user),
    subjectUserId: user.id,
    action: "user.signed_in",
  });
}

/** Who an account event is by (and on): the user and their company, as people read them. */
export type AccountActor = Pick<User, "id" | "companyId">;

/** A sign-out, by the user the session carried. */
export async function recordSignOut(
  user: AccountActor,
  executor: Executor = db(),
): Promise<void> {
  await executor.insert(auditEvents).values({
    action: "user.signed_out",
    actorId: user.id,
    companyId: user.companyId,
    subjectUserId: user.id,
  });
}

/**
 * An action a user takes on their own account (a session ended, two-factor turned on or off).
 */
export async function recordOwnAccountAction(
  user: AccountActor,
  action: Extract<
    AuditAction,
    "session.revoked" | "mfa.enabled" | "mfa.disabled"
  >,
  details: Record<string, unknown> | null = null,
  executor: Executor = db(),
): Promise<void> {
  await executor.insert(auditEvents).values({
    action,
    actorId: user.id,
    companyId: user.companyId,
    subjectUserId: user.id,
    details,
  });
}

/** An event as /activity, its CSV and /profile show it. */
export type ActivityRow = {
  id: number;
  actorId: number | null;
  occurredAt: Date;
  action: AuditAction;
  label: string;
  actorName: string;
  subjectName: string;
  requestId: number | null;
  amount: string | null;
  details: Record<string, unknown> | null;
  /** The details in a sentence: a decline's reason, what settings changed, a payroll's count. */
  summary: string;
};

// The summaries and labels come from the `activity` catalogue (English: the CSV, and the page
// for an English reader; Spanish: the page for a Spanish reader).
/**
 * The company settings a save records when they change (settings.changed), in the order the
 * trail names them.
 */
export const AUDITED_SETTINGS = [
  "companyName",
  "contactEmail",
  "contactPhone",
  "maxAdvance",
  "approvalLimit",
  "notifyNewRequests",
  "notifyMonthlyReports",
  "notifySystemUpdates",
  "companyPaysFee",
  "coolingOffDays",
  "maxAdvancesPerYear",
  "minPaycheckLeftPercent",
  "retentionYears",
] as const;

const ROLE_WORDS = ["owner", "admin", "approver"];

function summarize(
  action: string,
  details: Record<string, unknown> | null,
  language: Language,
) {
  if (!details) return "";
  const t = serverT(language, "activity");
  const money = (value: unknown) => formatMoney(String(value), language);
  const role = (value: unknown) => {
    const word = String(value).toLowerCase();
    return ROLE_WORDS.includes(word) ? t(`summary.${word}`) : word;
  };
  const shown = (key: string, value: unknown): string => {
    if (typeof value === "boolean")
      return value ? t("summary.on") : t("summary.off");
    if (key === "maxAdvance" || key === "approvalLimit") return money(value);
    return value === "" || value === null ? t("summary.empty") : String(value);
  };
  if (action === "request.declined" && typeof details.reason === "string")
    return t("summary.reason", { reason: details.reason });
  if (
    (action === "request.cancelled" || action === "request.expired") &&
    typeof details.reason === "string"
  )
    return details.reason;
  if (action === "fee.captured" && typeof details.billed === "string")
    return t("summary.companyPaid", { amount: money(details.billed) });
  if (action === "fee.captured" && typeof details.captured === "string")
    return t("summary.captured", {
      held: money(details.authorized),
      charged: money(details.captured),
      released: money(details.released),
    });
  if (action === "hold.released" && typeof details.released === "string")
    return t("summary.released", { amount: money(details.released) });
  if (action === "request.approved" && details.automatic)
    return t("summary.automatic");
  if (action === "session.revoked" && details.devices)
    return t("summary.deviceForgotten");
  if (action === "payroll.run")
    return t("summary.collected", {
      number: String(details.deductionsPaid ?? 0),
    });
  if (action.startsWith("card.") && typeof details.card === "string")
    return details.card;
  if (action.startsWith("invitation.") && typeof details.email === "string")
    return typeof details.role === "string"
      ? `${details.email} (${role(details.role)})`
      : details.email;
  if (action === "member.role_changed" && typeof details.to === "string")
    return `${role(details.from)} → ${role(details.to)}`;
  if (action === "settings.changed" && details.changes) {
    const changes = details.changes as Record<
      string,
      { before: unknown; after: unknown }
    >;
    const parts = Object.entries(changes).map(
      ([key, { before, after }]) =>
        `${(AUDITED_SETTINGS as readonly string[]).includes(key) ? t(`summary.settings.${key}`) : key}: ${shown(key, before)} → ${shown(key, after)}`,
    );
    return parts.length ? parts.join("; ") : t("summary.noChanges");
  }
  return "";
}

/** A person's name as the lists show who acted and on whom. */
export type PersonName = { firstName: string; lastName: string };

/**
 * The names of the users with these ids (people's read, passed in by the lists' callers); an id
 * that is not there is left out (shown as the system, or as no one).
 */
export type NamesOf = (ids: number[]) => Promise<Map<number, PersonName>>;

/** An action's label in `language` (the catalogue keys it with "__" for "."). */
export function actionLabel(action: string, language: Language = "en") {
  return action in AUDIT_LABELS
    ? serverT(language, "activity")(`actions.${action.replace(/\./g, "__")}`)
    : action;
}

function toRow(
  row: {
    id: number;
    actorId: number | null;
    occurredAt: Date;
    action: string;
    actorFirst: string | null;
    actorLast: string | null;
    subjectFirst: string | null;
    subjectLast: string | null;
    requestId: number | null;
    amount: string | null;
    details: unknown;
  },
  language: Language = "en",
): ActivityRow {
  return {
    id: row.id,
    actorId: row.actorId,
    occurredAt: row.occurredAt,
    action: row.action as AuditAction,
    label: actionLabel(row.action, language),
    actorName: actorNameOf(row, language),
    subjectName:
      row.subjectFirst === null ? "" : `${row.subjectFirst} ${row.subjectLast}`,
    requestId: row.requestId,
    amount: row.amount === null ? null : formatMoney(row.amount, language),
    details: (row.details as Record<string, unknown> | null) ?? null,
    summary: summarize(
      row.action,
      (row.details as Record<string, unknown> | null) ?? null,
      language,
    ),
  };
}

/** Who acted as /activity names them: an API key by its name (and who created it). */
function actorNameOf(
  row: {
    actorFirst: string | null;
    actorLast: string | null;
    details: unknown;
  },
  language: Language,
): string {
  const t = serverT(language, "activity");
  const person =
    row.actorFirst === null
      ? t("system")
      : `${row.actorFirst} ${row.actorLast}`;
  const key = (row.details as { apiKey?: { name?: unknown } } | null)?.apiKey;
  return key && typeof key.name === "string"
    ? t("apiKey", { name: key.name, person })
    : person;
}

const columns = {
  id: auditEvents.id,
  actorId: auditEvents.actorId,
  subjectUserId: auditEvents.subjectUserId,
  occurredAt: auditEvents.occurredAt,
  action: auditEvents.action,
  requestId: auditEvents.requestId,
  amount: auditEvents.amount,
  details: auditEvents.details,
};

/** The events as rows, each with its actor's and subject's names (namesOf). */
async function named(
  rows: Array<{
    id: number;
    actorId: number | null;
    subjectUserId: number | null;
    occurredAt: Date;
    action: string;
    requestId: number | null;
    amount: string | null;
    details: unknown;
  }>,
  namesOf: NamesOf,
  language: Language,
): Promise<ActivityRow[]> {
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.actorId !== null) ids.add(r.actorId);
    if (r.subjectUserId !== null) ids.add(r.subjectUserId);
  }
  const names = ids.size > 0 ? await namesOf([...ids]) : new Map();
  return rows.map((r) => {
    const actor = r.actorId === null ? undefined : names.get(r.actorId);
    const subject =
      r.subjectUserId === null ? undefined : names.get(r.subjectUserId);
    return toRow(
      {
        ...r,
        actorFirst: actor?.firstName ?? null,
        actorLast: actor?.lastName ?? null,
        subjectFirst: subject?.firstName ?? null,
        subjectLast: subject?.lastName ?? null,
      },
      language,
    );
  });
}

function companyFilter(employer: User, filter: ActivityFilter): SQL {
  const conditions: SQL[] = [
    eq(auditEvents.companyId, companyFor(employer, "activity")),
  ];
  if (filter.employee) {
    // Events on the employee and events they did themselves.
    conditions.push(
      or(
        eq(auditEvents.subjectUserId, filter.employee),
        eq(auditEvents.actorId, filter.employee),
      )!,
    );
  }
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  return and(...conditions)!;
}

function requireEmployerActor(user: User) {
  companyFor(user, "activity");
}

/** How many of the company's events match the filter. */
export async function countCompanyActivity(
  employer: User,
  filter: ActivityFilter,
): Promise<number> {
  requireEmployerActor(employer);
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(companyFilter(employer, filter));
  return row.n;
}

/**
 * The company's events, newest first: only rows whose employer is the caller, so another
 * company's events can never show up, whatever the filter names. `namesOf` names who acted and
 * on whom (people's read, passed in by the caller).
 */
export async function listCompanyEvents(
  employer: User,
  filter: ActivityFilter,
  namesOf: NamesOf,
  limit?: number,
  offset = 0,
  language: Language = "en",
): Promise<ActivityRow[]> {
  requireEmployerActor(employer);
  const query = db()
    .select(columns)
    .from(auditEvents)
    .where(companyFilter(employer, filter))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id));
  const rows = await (limit ? query.limit(limit).offset(offset) : query);
  return named(rows, namesOf, language);
}

/** The user's own events (on them or by them), newest first: the /profile list. */
export async function listOwnEvents(
  user: User,
  namesOf: NamesOf,
  limit = 20,
): Promise<ActivityRow[]> {
  const rows = await db()
    .select(columns)
    .from(auditEvents)
    .where(
      or(
        eq(auditEvents.subjectUserId, user.id),
        eq(auditEvents.actorId, user.id),
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit);
  return named(rows, namesOf, "en");
}

function csvCell(value: string): string {
  // A leading =, +, - or @ would be read as a formula by a spreadsheet (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The company's events matching the filter as CSV, newest first (names: see listCompanyEvents). */
export async function exportCompanyEventsCsv(
  employer: User,
  filter: ActivityFilter,
  namesOf: NamesOf,
): Promise<{ filename: string; csv: string }> {
  const rows = await listCompanyEvents(employer, filter, namesOf);
  const lines = [
    ["Time", "Action", "By", "On", "Request", "Amount", "Details"].join(","),
    ...rows.map((r) =>
      [
        r.occurredAt.toISOString(),
        r.label,
        r.actorName,
        r.subjectName,
        r.requestId === null ? "" : String(r.requestId),
        r.amount ?? "",
        r.summary,
      ]
        .map(csvCell)
        .join(","),
    ),
  ];
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `activity-${day}.csv`, csv: lines.join("\n") + "\n" };
}
