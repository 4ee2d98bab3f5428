import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordAudit } from "~/models/audit/index.server";
import { db, queryRows } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";

// Records retention: each company keeps a person's records for its
// `retention_years` (at least two, the longest state minimum in use) after their last money
// moved. Past it, a leaver with no open money has their personal data removed: their name,
// e-mail, username, password, department and language; the free text they or their employer
// wrote (reasons, complaints' text, mails' bodies); their sessions, devices, second factor and
// tokens. What the ledger and the regulators' figures count stays: the rows, their amounts,
// dates, statuses and categories, so every sum and every report is the same afterwards.

const ERASED_NAME = { firstName: "Former", lastName: "employee" };
export const ERASED_TEXT = "[removed after the retention period]";

/**
 * The people whose personal data is due for removal at `now`: offboarded employees, not yet
 * erased, whose company's retention has passed since their last money moved (a request, a
 * card, a deduction, a ledger entry, or their offboarding), and who have no open money: no
 * request pending or approved without a card, no card active or frozen, no deduction scheduled
 * or submitted, and nothing owed to or by them in the ledger.
 */
async function dueForErasure(now: Date = new Date()) {
  return queryRows<{
    user_id: number;
    employee_id: number;
    company_id: number;
  }>(
    db(),
    sql`select u.id as user_id, e.id as employee_id, e.employer_id as company_id
        from employees e
        join users u on u.id = e.user_id
        join companies c on c.id = e.employer_id
        where u.erased_at is null and u.role = 'EMPLOYEE' and e.offboarded_at is not null
          and greatest(
                e.offboarded_at,
                (select max(r.request_date) from advance_requests r where r.employee_id = e.id),
                (select max(v.created_at) from virtual_cards v
                   join advance_requests r on r.id = v.request_id where r.employee_id = e.id),
                (select max(d.deduction_date) from payroll_deductions d
                   join advance_requests r on r.id = d.request_id where r.employee_id = e.id),
                (select max(j.created_at) from journal_entries j where j.employee_id = e.id)
              ) < ${now.toISOString()}::timestamptz - make_interval(years => c.retention_years)
          and not exists (select 1 from advance_requests r where r.employee_id = e.id
                and (r.status = 'PENDING' or (r.status = 'APPROVED'
                     and not exists (select 1 from virtual_cards v where v.request_id = r.id))))
          and not exists (select 1 from virtual_cards v join advance_requests r on r.id = v.request_id
                where r.employee_id = e.id and v.status in ('active', 'inactive', 'frozen'))
          and not exists (select 1 from payroll_deductions d join advance_requests r on r.id = d.request_id
                where r.employee_id = e.id and d.status in ('SCHEDULED', 'SUBMITTED'))
          and coalesce((select sum(abs(x.total)) from (
                select sum(p.amount) as total from ledger_postings p
                where p.employee_id = e.id and p.account in ('receivable', 'arrears', 'credit', 'card')
                group by p.account) x), 0) = 0
        order by u.id`,
  );
}

/** Removes one person's personal data, in one transaction (see the module's comment). */
async function erase(
  person: { user_id: number; company_id: number },
  now: Date,
): Promise<void> {
  const id = person.user_id;
  // A password nobody knows: the account can never be signed in to again.
  const password = await hashPassword(randomBytes(32).toString("base64url"));
  await db().transaction(async (tx) => {
    await tx.execute(
      sql`update users set first_name = ${ERASED_NAME.firstName}, last_name = ${ERASED_NAME.lastName},
            email = ${`erased-${id}@invalid`}, username = ${`erased-${id}`}, password = ${password},
            department = null, language = null, confirmed_email = null, max_advance_limit = null,
            erased_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    const mine = sql`(select r.id from advance_requests r join employees e on e.id = r.employee_id
                       where e.user_id = ${id})`;
    await tx.execute(
      sql`update advance_requests set reason = null,
            rejection_reason = case when rejection_reason is null then null else ${ERASED_TEXT} end,
            cancellation_reason = case when cancellation_reason is null then null else ${ERASED_TEXT} end
          where id in ${mine}`,
    );
    await tx.execute(
      sql`update complaints set details = ${ERASED_TEXT}, subject_reference = null,
            resolution = case when resolution is null then null else ${ERASED_TEXT} end
          where user_id = ${id}`,
    );
    await tx.execute(
      sql`update mail_outbox set to_address = ${`erased-${id}@invalid`}, subject = ${ERASED_TEXT},
            html = ${ERASED_TEXT}, text = ${ERASED_TEXT}
          where user_id = ${id}`,
    );
    await tx.execute(
      sql`update invitations set email = ${`erased-${id}@invalid`}, first_name = ${ERASED_NAME.firstName},
            last_name = ${ERASED_NAME.lastName}, department = null
          where accepted_user_id = ${id}`,
    );
    for (const table of [
      "sessions",
      "trusted_devices",
      "mfa_recovery_codes",
      "user_mfa",
      "password_reset_tokens",
      "email_confirmations",
      "notification_preferences",
    ])
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where user_id = ${id}`,
      );
    await recordAudit(tx, {
      actorId: null,
      companyId: person.company_id,
      subjectUserId: id,
      action: "personal_data.erased",
    });
  });
}

/**
 * Scheduled daily: removes the personal data of everyone due at `now`. Returns how many
 * people it removed.
 */
export async function eraseExpiredPersonalData(
  now: Date = new Date(),
): Promise<number> {
  const due = await dueForErasure(now);
  for (const person of due) await erase(person, now);
  return due.length;
}
