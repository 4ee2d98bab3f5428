import { addDays, format, parseISO, startOfDay } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { notificationPreferences, users, type User } from "#db/schema";
import * as templates from "~/services/mail/templates";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatCents, formatMoney, toCents } from "~/utils/money";
import { intlLocale, type Language } from "~/utils/i18n";
import { localizeMessage, serverT } from "~/utils/i18n.server";
import { GROCERY_RESTRICTION } from "~/utils/rules";
import { describeUserAgent } from "~/utils/user-agent";
import { enqueueMail, mailOrigin, uniqueKey } from "./mail.server";
import { declineReasonText, pushNotice } from "./push-notices.server";
import { hasPushFor } from "./push.server";

// What the product e-mails, and to whom (docs/decisions/0049-e-mail.md). Each notify* runs in
// the transaction of the action that causes the e-mail (pass its `tx`), reads what the message
// names, honours the recipient's choice where one applies, and enqueues the rendered mail.

export type EmailChoices = { decisions: boolean; deductions: boolean };
const DEFAULT_EMAIL_CHOICES: EmailChoices = {
  decisions: true,
  deductions: true,
};

export async function getEmailChoices(
  userId: number,
  executor: Executor = db(),
): Promise<EmailChoices> {
  const [row] = await executor
    .select({
      decisions: notificationPreferences.decisions,
      deductions: notificationPreferences.deductions,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? DEFAULT_EMAIL_CHOICES;
}

export async function setEmailChoices(
  user: User,
  choices: EmailChoices,
): Promise<void> {
  await db()
    .insert(notificationPreferences)
    .values({ userId: user.id, ...choices })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...choices, updatedAt: sql`now()` },
    });
}

/** The language a person's mails are written in: theirs, else English. */
const languageOf = (row: { language: Language | null }): Language =>
  row.language ?? "en";

type RequestFacts = {
  request_id: number;
  amount: string;
  reason: string | null;
  repayment_periods: number;
  request_date: Date | string;
  approval_date: Date | string | null;
  rejection_date: Date | string | null;
  rejection_reason: string | null;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** The employee's chosen language, null for none (their mails are then in English). */
  language: Language | null;
  employer_id: number | null;
  /** The company pays the fee: the request's own payer once confirmed, else the setting. */
  company_pays_fee: boolean;
  /** The fee taken from the employee's card (captured, or refunded since), "0.00" for none. */
  fee_charged: string;
  /**
   * The fee the employee authorized on their card at checkout (paid for, not by the company),
   * "0.00" for none: whether it was captured may not be known yet when the request is cancelled.
   */
  fee_paid: string;
};

async function requestFacts(tx: Executor, requestId: number) {
  const [row] = await queryRows<RequestFacts>(
    tx,
    sql`select r.id as request_id, r.amount::text as amount, r.reason, r.repayment_periods,
               r.request_date, r.approval_date, r.rejection_date, r.rejection_reason,
               u.id as user_id, u.email, u.first_name, u.last_name, u.language,
               e.employer_id,
               case when r.paid_at is not null then r.fee_paid_by = 'COMPANY'
                    else coalesce(c.company_pays_fee, false) end as company_pays_fee,
               greatest(coalesce(r.captured_amount, 0), coalesce(r.refunded_amount, 0))::text as fee_charged,
               case when r.paid_at is not null and r.fee_paid_by is distinct from 'COMPANY'
                    then coalesce(r.authorized_amount, 0) else 0 end::text as fee_paid
        from advance_requests r
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        left join companies c on c.id = e.employer_id
        where r.id = ${requestId}`,
  );
  return row ?? null;
}

async function wantsDecisions(tx: Executor, userId: number) {
  return (await getEmailChoices(userId, tx)).decisions;
}

/** To the employee: their request was approved (by the employer or automatically). */
export async function notifyAdvanceApproved(tx: Executor, requestId: number) {
  const r = await requestFacts(tx, requestId);
  if (!r) return;
  await pushNotice(
    tx,
    { id: r.user_id, language: r.language },
    "advance.decided",
    `advance.approved:${requestId}`,
    "advanceApproved",
    { amount: formatMoney(r.amount, languageOf(r)) },
    "/history",
  );
  if (!(await wantsDecisions(tx, r.user_id))) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "advance.approved",
    dedupeKey: `advance.approved:${requestId}`,
    mail: templates.advanceApprovedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      approvedOn: formatDate(r.approval_date ?? new Date(), languageOf(r)),
      periods: r.repayment_periods,
      companyPaysFee: r.company_pays_fee,
      language: languageOf(r),
    }),
  });
}

/** To the employee: their request was declined, with the reason. */
export async function notifyAdvanceDeclined(tx: Executor, requestId: number) {
  const r = await requestFacts(tx, requestId);
  if (!r) return;
  await pushNotice(
    tx,
    { id: r.user_id, language: r.language },
    "advance.decided",
    `advance.declined:${requestId}`,
    "advanceDeclined",
    {
      amount: formatMoney(r.amount, languageOf(r)),
      reason: declineReasonText(languageOf(r), r.rejection_reason),
    },
    "/history",
  );
  if (!(await wantsDecisions(tx, r.user_id))) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "advance.declined",
    dedupeKey: `advance.declined:${requestId}`,
    mail: templates.advanceDeclinedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      declinedOn: formatDate(r.rejection_date ?? new Date(), languageOf(r)),
      reason: r.rejection_reason,
      language: languageOf(r),
    }),
  });
}

/**
 * To the employee: their request was cancelled or expired. For the request cancel/expiry
 * actions to call in their transaction.
 */
export async function notifyAdvanceCancelled(
  tx: Executor,
  requestId: number,
  reason: "cancelled" | "expired",
  on: Date = new Date(),
) {
  const r = await requestFacts(tx, requestId);
  if (!r || !(await wantsDecisions(tx, r.user_id))) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: `advance.${reason}`,
    dedupeKey: `advance.${reason}:${requestId}`,
    mail: templates.advanceEndedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      on: formatDate(on, languageOf(r)),
      reason,
      // What happened to the fee, so the mail never says "nothing was charged" when it was.
      fee:
        toCents(r.fee_charged) > 0
          ? {
              charged: true,
              amount: formatMoney(r.fee_charged, languageOf(r)),
            }
          : toCents(r.fee_paid) > 0
            ? {
                charged: false,
                amount: formatMoney(r.fee_paid, languageOf(r)),
              }
            : null,
      language: languageOf(r),
    }),
  });
}

/**
 * To the employee: their paid request got no card and was cancelled; the fee was refunded
 * (`refundedCents` > 0) or its authorization released. Sent whatever their mail choices:
 * it is about their money.
 */
export async function notifyCardNotIssued(
  tx: Executor,
  requestId: number,
  feeCents: number,
  refundedCents: number,
  on: Date = new Date(),
) {
  const r = await requestFacts(tx, requestId);
  if (!r) return;
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "advance.card-not-issued",
    dedupeKey: `advance.card-not-issued:${requestId}`,
    mail: templates.cardNotIssuedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      amount: formatMoney(r.amount, languageOf(r)),
      fee: formatCents(
        refundedCents > 0 ? refundedCents : feeCents,
        languageOf(r),
      ),
      on: formatDate(on, languageOf(r)),
      refunded: refundedCents > 0,
      language: languageOf(r),
    }),
  });
}

/**
 * To the company's members: a request waits for them (company setting "new advance
 * requests"). Every member may approve, so each gets one.
 */
export async function notifyNewRequest(tx: Executor, requestId: number) {
  const r = await requestFacts(tx, requestId);
  if (!r || r.employer_id === null) return;
  const members = await queryRows<{
    id: number;
    email: string;
    first_name: string;
    language: Language | null;
    mail: boolean;
  }>(
    tx,
    sql`select u.id, u.email, u.first_name, u.language, s.notify_new_requests as mail
        from users u join companies s on s.id = u.employer_id
        where u.employer_id = ${r.employer_id} and u.role = 'EMPLOYER'
        order by u.id`,
  );
  for (const employer of members) {
    // Push follows each member's own choice; the mail, the company's setting.
    await pushNotice(
      tx,
      employer,
      "request.waiting",
      `request.waiting:${requestId}:${employer.id}`,
      "requestWaiting",
      {
        name: `${r.first_name} ${r.last_name}`,
        amount: formatMoney(r.amount, languageOf(employer)),
      },
      "/approvals",
    );
    if (!employer.mail) continue;
    await enqueueMail(tx, {
      userId: employer.id,
      to: employer.email,
      kind: "advance.requested",
      dedupeKey: `advance.requested:${requestId}:${employer.id}`,
      mail: templates.newRequestMail({
        origin: mailOrigin(),
        to: { firstName: employer.first_name },
        employeeName: `${r.first_name} ${r.last_name}`,
        amount: formatMoney(r.amount, languageOf(employer)),
        requestedOn: formatDate(r.request_date, languageOf(employer)),
        reason: r.reason,
        language: languageOf(employer),
      }),
    });
  }
}

/** To the employee: their grocery card was issued (masked number, amount, restriction). */
export async function notifyCardIssued(tx: Executor, cardId: number) {
  const [c] = await queryRows<{
    request_id: number;
    card_number: string;
    amount: string;
    spending_limits: string;
    expiry_month: number;
    expiry_year: number;
    created_at: Date | string;
  }>(
    tx,
    sql`select request_id, card_number, amount::text as amount, spending_limits,
               expiry_month, expiry_year, created_at
        from virtual_cards where id = ${cardId}`,
  );
  if (!c) return;
  const r = await requestFacts(tx, c.request_id);
  if (!r) return;
  await pushNotice(
    tx,
    { id: r.user_id, language: r.language },
    "card.ready",
    `card.ready:${cardId}`,
    "cardReady",
    {
      amount: formatMoney(c.amount, languageOf(r)),
      card: c.card_number,
    },
    `/cards/${cardId}`,
  );
  if (!(await wantsDecisions(tx, r.user_id))) return;
  const [charged] = await queryRows<{ captured_amount: string | null }>(
    tx,
    sql`select captured_amount::text as captured_amount from advance_requests
        where id = ${c.request_id}`,
  );
  const deductions = await queryRows<{
    amount: string;
    deduction_date: Date | string;
  }>(
    tx,
    sql`select amount::text as amount, deduction_date from payroll_deductions
        where request_id = ${c.request_id} order by deduction_date, id`,
  );
  const language = languageOf(r);
  let restriction = GROCERY_RESTRICTION;
  try {
    restriction =
      (JSON.parse(c.spending_limits) as { restrictions?: string })
        .restrictions ?? restriction;
  } catch {
    // an older row without JSON limits: the product's one restriction
  }
  await enqueueMail(tx, {
    userId: r.user_id,
    to: r.email,
    kind: "card.issued",
    dedupeKey: `card.issued:${cardId}`,
    mail: templates.cardIssuedMail({
      origin: mailOrigin(),
      to: { firstName: r.first_name },
      maskedNumber: c.card_number,
      amount: formatMoney(c.amount, language),
      restriction: localizeMessage(language, restriction),
      expiry: `${String(c.expiry_month).padStart(2, "0")}/${c.expiry_year}`,
      issuedOn: formatDate(c.created_at, language),
      fee: formatMoney(charged?.captured_amount ?? "0", language),
      companyPaysFee: r.company_pays_fee,
      deductions: deductions.map((d) => ({
        amount: formatMoney(d.amount, language),
        date: formatDate(d.deduction_date, language),
      })),
      language,
    }),
  });
}

async function person(tx: Executor, userId: number) {
  const [u] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

/** To anyone: their password was changed on /profile or reset by an e-mail link. */
export async function notifyPasswordChanged(
  tx: Executor,
  userId: number,
  how: "changed" | "reset",
) {
  const u = await person(tx, userId);
  if (!u) return;
  await enqueueMail(tx, {
    userId: u.id,
    to: u.email,
    kind: "password.changed",
    dedupeKey: uniqueKey("password.changed"),
    mail: templates.passwordChangedMail({
      origin: mailOrigin(),
      to: u,
      on: formatDateTime(new Date(), languageOf(u)),
      how,
      language: languageOf(u),
    }),
  });
}

/** To anyone: two-factor sign-in was turned on or off. */
export async function notifyMfaChanged(
  tx: Executor,
  userId: number,
  enabled: boolean,
) {
  const u = await person(tx, userId);
  if (!u) return;
  await enqueueMail(tx, {
    userId: u.id,
    to: u.email,
    kind: enabled ? "mfa.enabled" : "mfa.disabled",
    dedupeKey: uniqueKey(enabled ? "mfa.enabled" : "mfa.disabled"),
    mail: templates.mfaChangedMail({
      origin: mailOrigin(),
      to: u,
      on: formatDateTime(new Date(), languageOf(u)),
      enabled,
      language: languageOf(u),
    }),
  });
}

/**
 * To anyone: a sign-in from a device (user agent) that this account had not signed in from
 * before. Not sent for the account's very first sign-in.
 */
export async function notifyNewSignIn(tx: Executor, sessionId: number) {
  const [s] = await queryRows<{
    user_id: number;
    user_agent: string | null;
    ip: string | null;
    created_at: Date | string;
    seen_before: boolean;
    any_before: boolean;
  }>(
    tx,
    sql`select s.user_id, s.user_agent, s.ip, s.created_at,
               exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id
                       and o.mfa_pending = false and o.user_agent is not distinct from s.user_agent) as seen_before,
               exists (select 1 from sessions o where o.user_id = s.user_id and o.id <> s.id
                       and o.mfa_pending = false) as any_before
        from sessions s where s.id = ${sessionId}`,
  );
  if (!s || s.seen_before || !s.any_before) return;
  const u = await person(tx, s.user_id);
  if (!u) return;
  await enqueueMail(tx, {
    userId: u.id,
    to: u.email,
    kind: "signin.new-device",
    dedupeKey: `signin.new-device:${sessionId}`,
    mail: templates.newSignInMail({
      origin: mailOrigin(),
      to: u,
      role: u.role,
      device: localizeMessage(languageOf(u), describeUserAgent(s.user_agent)),
      ip: s.ip,
      on: formatDateTime(s.created_at, languageOf(u)),
      language: languageOf(u),
    }),
  });
}

/**
 * A payroll run was created (or is still unreconciled after 3 days: `reminder`): its file is
 * ready for the company's payroll. To the company's owners and admins, once per run (and once
 * per reminder).
 */
export async function notifyPayrollFile(
  tx: Executor,
  companyId: number,
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
  const members = await queryRows<{
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    language: Language | null;
  }>(
    tx,
    sql`select id, email, first_name as "firstName", last_name as "lastName", language
        from users where employer_id = ${companyId} and role = 'EMPLOYER'
          and company_role in ('OWNER', 'ADMIN')
        order by id`,
  );
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

/**
 * Scheduled: to each employee with deductions dated `daysAhead` days after `today`, one
 * reminder for that pay date (however many advances it repays), with the total and the date:
 * by push where the person has a device that gets "deduction.soon", else by mail (preference
 * "deductions"). Idempotent: a person reminded of a pay date (by either way) is not reminded of
 * it again. Returns how many people were reminded.
 */
export async function sendDeductionReminders(
  today: Date = new Date(),
  daysAhead = 2,
): Promise<number> {
  const from = addDays(startOfDay(today), daysAhead);
  const to = addDays(from, 1);
  const rows = await queryRows<{
    amount: string;
    deduction_date: Date | string;
    user_id: number;
    email: string;
    first_name: string;
    language: Language | null;
    wants: boolean | null;
  }>(
    db(),
    sql`select sum(d.amount)::text as amount, min(d.deduction_date) as deduction_date,
               u.id as user_id, u.email, u.first_name, u.language,
               bool_and(coalesce(p.deductions, true)) as wants
        from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        left join notification_preferences p on p.user_id = u.id
        where d.status in ('SCHEDULED', 'SUBMITTED')
          and d.deduction_date >= ${from.toISOString()}::timestamptz
          and d.deduction_date < ${to.toISOString()}::timestamptz
        group by u.id, u.email, u.first_name, u.language
        order by u.id`,
  );
  const payDate = format(from, "yyyy-MM-dd");
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

/**
 * Scheduled on the 1st: each employer (preference "monthly reports") gets last month's
 * figures. `month` is any day of the month reported. Returns how many were enqueued.
 */
export async function sendMonthlyReports(month: Date): Promise<number> {
  const start = new Date(month.getFullYear(), month.getMonth(), 1);
  const end = new Date(month.getFullYear(), month.getMonth() + 1, 1);
  // "November 2026"; in Spanish "noviembre de 2026" (Intl).
  const monthLabel = (language: Language) =>
    language === "en"
      ? format(start, "MMMM yyyy")
      : start.toLocaleDateString(intlLocale(language), {
          month: "long",
          year: "numeric",
        });
  const rows = await queryRows<{
    id: number;
    email: string;
    first_name: string;
    requests: number;
    approved: number;
    approved_total: string;
    collected: string;
    language: Language | null;
  }>(
    db(),
    sql`select u.id, u.email, u.first_name, u.language,
          (select count(*)::int from advance_requests r join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and r.request_date >= ${start.toISOString()}::timestamptz
              and r.request_date < ${end.toISOString()}::timestamptz) as requests,
          (select count(*)::int from advance_requests r join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and r.status = 'APPROVED'
              and r.approval_date >= ${start.toISOString()}::timestamptz
              and r.approval_date < ${end.toISOString()}::timestamptz) as approved,
          (select coalesce(sum(r.amount), 0)::text from advance_requests r join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and r.status = 'APPROVED'
              and r.approval_date >= ${start.toISOString()}::timestamptz
              and r.approval_date < ${end.toISOString()}::timestamptz) as approved_total,
          (select coalesce(sum(d.amount), 0)::text from payroll_deductions d
             join advance_requests r on r.id = d.request_id join employees e on e.id = r.employee_id
            where e.employer_id = u.employer_id and d.is_paid
              and d.payment_date >= ${start.toISOString()}::timestamptz
              and d.payment_date < ${end.toISOString()}::timestamptz) as collected
        from users u join companies s on s.id = u.employer_id
        where u.role = 'EMPLOYER' and s.notify_monthly_reports
        order by u.id`,
  );
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
  companyId: number,
  problem: PayrollConnectionProblem,
  key: string,
) {
  const owners = await queryRows<{
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    language: Language | null;
  }>(
    tx,
    sql`select id, email, first_name as "firstName", last_name as "lastName", language
        from users where employer_id = ${companyId} and role = 'EMPLOYER'
          and company_role = 'OWNER'
        order by id`,
  );
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
