import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { companyFor } from "~/utils/company-access.server";
import { db, queryRows } from "~/utils/db.server";
import { badRequest } from "~/utils/errors";
import { fromCents, toCents } from "~/utils/money";
import { FREQUENT_USER_ADVANCES } from "~/utils/rules";

// The figures the state laws on earned-wage access ask of a provider, for a period: advances,
// unique users, amounts, fees charged and waived, the average fee, complaints received and
// resolved by category, the users with 12 or more advances, and write-offs. For one company
// (its owners, on /reports and as CSV) or across every company (the operator's command). An
// advance is a card funded in the period; its fee is what was captured from the employee's card
// less any refund; a fee is waived when the company pays it; write-offs are the ledger's losses
// posted in the period.

const COMPLAINT_CATEGORY_KEYS = [
  "ADVANCE",
  "DEDUCTION",
  "CARD_PURCHASE",
  "OTHER",
] as const;
type Category = (typeof COMPLAINT_CATEGORY_KEYS)[number];

export type RegulatorReport = {
  /** The company reported on; null for every company. */
  companyId: number | null;
  /** The period's first day and the day after its last (yyyy-MM-dd, UTC). */
  from: string;
  to: string;
  /**
   * The state asked for, if any: advances count by the work state each was filed under
   * (stored on the advance), write-offs by their advance's, complaints by the filer's work
   * state. Null: every state, and advances with none recorded.
   */
  state: string | null;
  advances: number;
  uniqueUsers: number;
  amountCents: number;
  feesChargedCents: number;
  feesChargedCount: number;
  feesWaivedCents: number;
  feesWaivedCount: number;
  /** Fees charged ÷ advances, in cents, rounded half up (0 without advances). */
  averageFeeCents: number;
  usersWith12OrMore: number;
  writeOffs: number;
  writeOffCents: number;
  complaintsReceived: Record<Category, number>;
  complaintsResolved: Record<Category, number>;
};

export type ReportPeriod = { from: string; to: string; state?: string | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PERIOD_INVALID =
  "The period needs a from and a to date (yyyy-MM-dd), from before to.";
const STATE_INVALID = "The state is a two-letter US code, such as NV.";

/** The period checked: real days, `from` before `to`; the state upper-cased. */
function checkPeriod(p: ReportPeriod): Required<ReportPeriod> {
  const valid = (d: string) =>
    DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
  if (!valid(p.from) || !valid(p.to) || p.from >= p.to)
    throw badRequest(PERIOD_INVALID);
  const state = p.state ? p.state.trim().toUpperCase() : null;
  if (state !== null && !/^[A-Z]{2}$/.test(state))
    throw badRequest(STATE_INVALID);
  return { from: p.from, to: p.to, state };
}

const byCategory = (rows: { category: string; n: number }[]) => {
  const out = Object.fromEntries(
    COMPLAINT_CATEGORY_KEYS.map((c) => [c, 0]),
  ) as Record<Category, number>;
  for (const r of rows)
    if (r.category in out) out[r.category as Category] = r.n;
  return out;
};

/** The figures for one company (companyId) or every company (null). */
export async function computeRegulatorReport(
  companyId: number | null,
  period: ReportPeriod,
): Promise<RegulatorReport> {
  const { from, to, state } = checkPeriod(period);
  const start = `${from}T00:00:00Z`;
  const end = `${to}T00:00:00Z`;
  const company = (column: string) =>
    companyId === null ? sql`true` : sql`${sql.raw(column)} = ${companyId}`;
  // The state each figure is counted under: an advance's own (as filed), a write-off's
  // advance's, a complaint's filer's work state (complaints carry none of their own).
  const inState = (column: string) =>
    state === null ? sql`true` : sql`${sql.raw(column)} = ${state}`;
  const [a] = await queryRows<{
    advances: number;
    users: number;
    amount: string;
    charged: string;
    charged_n: number;
    waived: string;
    waived_n: number;
    frequent: number;
  }>(
    db(),
    sql`with funded as (
          select r.id, r.employee_id, r.amount, r.fee_paid_by,
                 greatest(coalesce(r.captured_amount, 0) - coalesce(r.refunded_amount, 0), 0) as fee,
                 c.processing_fee
          from virtual_cards v
          join advance_requests r on r.id = v.request_id
          join employees e on e.id = r.employee_id
          join companies c on c.id = e.employer_id
          where v.created_at >= ${start}::timestamptz and v.created_at < ${end}::timestamptz
            and ${company("e.employer_id")}
            and ${inState("r.work_state")}
        )
        select count(*)::int as advances,
               count(distinct employee_id)::int as users,
               coalesce(sum(amount), 0)::text as amount,
               coalesce(sum(fee), 0)::text as charged,
               count(*) filter (where fee > 0)::int as charged_n,
               coalesce(sum(processing_fee) filter (where fee_paid_by = 'COMPANY'), 0)::text as waived,
               count(*) filter (where fee_paid_by = 'COMPANY')::int as waived_n,
               (select count(*)::int from (
                  select employee_id from funded group by employee_id
                  having count(*) >= ${FREQUENT_USER_ADVANCES}) f) as frequent
        from funded`,
  );
  const [w] = await queryRows<{ n: number; amount: string }>(
    db(),
    sql`select count(distinct j.id)::int as n, coalesce(sum(p.amount), 0)::text as amount
        from journal_entries j
        join ledger_postings p on p.entry_id = j.id and p.account = 'losses'
        left join advance_requests r on r.id = j.request_id
        where j.event = 'deduction.written_off'
          and j.created_at >= ${start}::timestamptz and j.created_at < ${end}::timestamptz
          and ${company("j.company_id")}
          and ${inState("r.work_state")}`,
  );
  const received = await queryRows<{ category: string; n: number }>(
    db(),
    sql`select k.category, count(*)::int as n from complaints k
        left join employees e on e.user_id = k.user_id
        where k.created_at >= ${start}::timestamptz and k.created_at < ${end}::timestamptz
          and ${company("k.employer_id")}
          and ${inState("e.work_state")}
        group by k.category`,
  );
  const resolved = await queryRows<{ category: string; n: number }>(
    db(),
    sql`select k.category, count(*)::int as n from complaints k
        left join employees e on e.user_id = k.user_id
        where k.status = 'RESOLVED'
          and k.resolved_at >= ${start}::timestamptz and k.resolved_at < ${end}::timestamptz
          and ${company("k.employer_id")}
          and ${inState("e.work_state")}
        group by k.category`,
  );
  const charged = toCents(a.charged);
  return {
    companyId,
    from,
    to,
    state,
    advances: a.advances,
    uniqueUsers: a.users,
    amountCents: toCents(a.amount),
    feesChargedCents: charged,
    feesChargedCount: a.charged_n,
    feesWaivedCents: toCents(a.waived),
    feesWaivedCount: a.waived_n,
    averageFeeCents: a.advances ? Math.round(charged / a.advances) : 0,
    usersWith12OrMore: a.frequent,
    writeOffs: w.n,
    writeOffCents: toCents(w.amount),
    complaintsReceived: byCategory(received),
    complaintsResolved: byCategory(resolved),
  };
}

/** An owner's report for their own company. */
export async function companyRegulatorReport(
  user: User,
  period: ReportPeriod,
): Promise<RegulatorReport> {
  return computeRegulatorReport(companyFor(user, "regulatorReports"), period);
}

/** The report's figures in order, as (name, value), money in dollars. */
function regulatorReportFields(
  r: RegulatorReport,
): [string, string | number][] {
  const money = (cents: number) => fromCents(cents);
  const rows: [string, string | number][] = [
    ["company", r.companyId ?? "all"],
    ["period_from", r.from],
    ["period_to_exclusive", r.to],
    ["state", r.state ?? ""],
    ["advances", r.advances],
    ["unique_users", r.uniqueUsers],
    ["amount_advanced", money(r.amountCents)],
    ["fees_charged", money(r.feesChargedCents)],
    ["fees_charged_count", r.feesChargedCount],
    ["fees_waived", money(r.feesWaivedCents)],
    ["fees_waived_count", r.feesWaivedCount],
    ["average_fee", money(r.averageFeeCents)],
    [
      `users_with_${FREQUENT_USER_ADVANCES}_or_more_advances`,
      r.usersWith12OrMore,
    ],
    ["write_offs", r.writeOffs],
    ["write_off_amount", money(r.writeOffCents)],
    ...COMPLAINT_CATEGORY_KEYS.map(
      (c) =>
        [`complaints_received_${c.toLowerCase()}`, r.complaintsReceived[c]] as [
          string,
          number,
        ],
    ),
    ...COMPLAINT_CATEGORY_KEYS.map(
      (c) =>
        [`complaints_resolved_${c.toLowerCase()}`, r.complaintsResolved[c]] as [
          string,
          number,
        ],
    ),
  ];
  return rows;
}

/** The report as CSV: one line per figure (figure, value). */
export function regulatorReportCsv(r: RegulatorReport): string {
  const lines = regulatorReportFields(r).map(([k, v]) => `${k},${v}`);
  return ["figure,value", ...lines].join("\r\n") + "\r\n";
}

/** Several reports as CSV: a line per report (a company, or all), a column per figure. */
export function regulatorReportsCsv(reports: RegulatorReport[]): string {
  if (reports.length === 0) return "";
  const head = regulatorReportFields(reports[0]).map(([k]) => k);
  const lines = reports.map((r) =>
    regulatorReportFields(r)
      .map(([, v]) => String(v))
      .join(","),
  );
  return [head.join(","), ...lines].join("\r\n") + "\r\n";
}

/** The operator's report: every company, one after the other, then all together. */
export async function operatorRegulatorReports(
  period: ReportPeriod,
): Promise<RegulatorReport[]> {
  const companies = await queryRows<{ id: number }>(
    db(),
    sql`select id from companies order by id`,
  );
  const out: RegulatorReport[] = [];
  for (const c of companies)
    out.push(await computeRegulatorReport(c.id, period));
  out.push(await computeRegulatorReport(null, period));
  return out;
}
