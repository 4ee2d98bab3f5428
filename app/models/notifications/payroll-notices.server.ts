import { format, parseISO } from "date-fns";
import { sql } from "drizzle-orm";
import * as templates from "~/services/mail/templates";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { intlLocale, type Language } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { enqueueMail, mailOrigin } from "./mail.server";
import { pushNotice } from "./push-notices.server";
import type { Recipient } from "./recipient.server";
import { hasPushFor } from "./push.server";
import { languageOf } from "./email-choices.server";

// The payroll notices: the payroll file, the deduction reminders,
// the monthly reports, and a payroll connection's problem. Whom they go to (and the reminders'
// and monthly reports' figures) the calling domains read and pass in.

/**
 * A payroll run was created (or is still unreconciled after 3 days: `reminder`): its file is
 * ready for the company's payroll. To the company's owners and admins, once per run (and once
 * per reminder).
 */
export async function notifyPayrollFile(
  tx: Executor,
  /** The company's owners and admins (people's, read by the caller). */
  members: Recipient[],
  run: {
    id: number;
    payDate: string;
    deductions: number;
    total: string;
    employees: number;
  },
  reminder = false,
) {
  if (run.deductions === 0) return;
  for (const u of members) {
    if (!reminder)
      await pushNotice(
        tx,
        u,
        "payroll.ready",
        `payroll.ready:${run.id}:${run.deductions}:${u.id}`,
        "payrollReady",
        {
          date: formatDate(parseISO(run.payDate), languageOf(u)),
          count: run.deductions,
          total: formatMoney(run.total, languageOf(u)),
        },
        `/payroll?run=${run.id}`,
      );
    await enqueueMail(tx, {
      userId: u.id,
      to: u.email,
      kind: "payroll.summary",
      dedupeKey: `payroll.${reminder ? "reminder" : "file"}:${run.id}:${run.deductions}:${u.id}`,
      mail: templates.payrollFileMail({
        origin: mailOrigin(),
        to: u,
        runId: run.id,
        payDate: formatDate(parseISO(run.payDate), languageOf(u)),
        deductions: run.deductions,
        total: formatMoney(run.total, languageOf(u)),
        employees: run.employees,
        reminder,
        language: languageOf(u),
      }),
    });
  }
}

/** A person with deductions on one pay date, summed (the repayments' reminder read). */
export type DeductionsDue = {
  /** Their deductions of that date, summed. */
  amount: string;
  deduction_date: Date | string;
  user_id: number;
  email: string;
  first_name: string;
  language: Language | null;
  /** Their mail choice "deductions" (null: never chosen). */
  wants: boolean | null;
};

/**
 * To each person due (the repayments read whose deductions fall on `payDate`, "yyyy-MM-dd"),
 * one reminder for that pay date (however many advances it repays), with the total and the
 * date: by push where the person has a device that gets "deduction.soon", else by mail
 * (preference "deductions"). Idempotent: a person reminded of a pay date (by either way) is not
 * reminded of it again. Returns how many people were reminded.
 */
export async function remindOfDeductions(
  rows: DeductionsDue[],
  payDate: string,
): Promise<number> {
  let sent = 0;
  for (const row of rows) {
    const key = `deduction.reminder:${row.user_id}:${payDate}`;
    const language = languageOf(row);
    const amount = formatMoney(row.amount, language);
    const date = formatDate(row.deduction_date, language);
    const reminded = await db().transaction(async (tx) => {
      // One person at a time: a second run waits here and then sees the first one's reminder.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const [done] = await queryRows<{ yes: boolean }>(
        tx,
        sql`select exists (select 1 from mail_outbox where dedupe_key = ${key})
                or exists (select 1 from push_deliveries where dedupe_key like ${`${key}:%`}) as yes`,
      );
      if (done?.yes) return false;
      if (await hasPushFor(tx, row.user_id, "deduction.soon"))
        return (
          (await pushNotice(
            tx,
            { id: row.user_id, language: row.language },
            "deduction.soon",
            key,
            "deductionSoon",
            { amount, date },
            "/",
          )) > 0
        );
      if (row.wants === false) return false;
      return enqueueMail(tx, {
        userId: row.user_id,
        to: row.email,
        kind: "deduction.reminder",
        dedupeKey: key,
        mail: templates.deductionReminderMail({
          origin: mailOrigin(),
          to: { firstName: row.first_name },
          amount,
          date,
          language,
        }),
      });
    });
    if (reminded) sent += 1;
  }
  return sent;
}

/** An employer's figures for a month (the reports' monthly read). */
export type MonthlyFigures = {
  id: number;
  email: string;
  first_name: string;
  requests: number;
  approved: number;
  approved_total: string;
  collected: string;
  language: Language | null;
};

/**
 * Each employer read (preference "monthly reports") gets the figures of the month starting
 * `start`. Returns how many were enqueued.
 */
export async function mailMonthlyReports(
  rows: MonthlyFigures[],
  start: Date,
): Promise<number> {
  // "November 2026"; in Spanish "noviembre de 2026" (Intl).
  const monthLabel = (language: Language) =>
    language === "en"
      ? format(start, "MMMM yyyy")
      : start.toLocaleDateString(intlLocale(language), {
          month: "long",
          year: "numeric",
        });
  let sent = 0;
  for (const row of rows) {
    const added = await db().transaction((tx) =>
      enqueueMail(tx, {
        userId: row.id,
        to: row.email,
        kind: "report.monthly",
        dedupeKey: `report.monthly:${row.id}:${format(start, "yyyy-MM")}`,
        mail: templates.monthlyReportMail({
          origin: mailOrigin(),
          to: { firstName: row.first_name },
          month: monthLabel(languageOf(row)),
          requests: row.requests,
          approved: row.approved,
          approvedTotal: formatMoney(row.approved_total, languageOf(row)),
          collected: formatMoney(row.collected, languageOf(row)),
          language: languageOf(row),
        }),
      }),
    );
    if (added) sent += 1;
  }
  return sent;
}

export type PayrollConnectionProblem = {
  status: "UNAVAILABLE" | "RATE_LIMITED" | "REVOKED" | "JOB_FAILED";
  at: Date;
  retryAfter?: Date | null;
  payDate?: string | null;
  detail?: string | null;
};

/** A payroll connection problem's sentence, as Settings › Payroll connection shows it. */
export function payrollProblemText(
  language: Language,
  p: PayrollConnectionProblem,
): string {
  return serverT(language, "settings")(`payroll.status.${p.status}`, {
    date: formatDateTime(p.at, language),
    retry: p.retryAfter ? formatDateTime(p.retryAfter, language) : "",
    payDate: p.payDate ? formatDate(parseISO(p.payDate), language) : "",
    detail: p.detail ?? "",
  });
}

/**
 * The payroll connection fell into a fault (Finch down, the token revoked, rate-limited, a job
 * failed at the provider): a mail to the company's owners, once per fault (`key`).
 */
export async function notifyPayrollConnectionProblem(
  tx: Executor,
  /** The company's owners (people's, read by the caller). */
  owners: Recipient[],
  companyId: number,
  problem: PayrollConnectionProblem,
  key: string,
) {
  for (const u of owners)
    await enqueueMail(tx, {
      userId: u.id,
      to: u.email,
      kind: "payroll.connection",
      dedupeKey: `payroll.connection:${companyId}:${key}:${u.id}`,
      mail: templates.payrollConnectionMail({
        origin: mailOrigin(),
        to: u,
        problem: payrollProblemText(languageOf(u), problem),
        language: languageOf(u),
      }),
    });
}
