import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { tooManyRequests } from "~/utils/errors";

// How many invitations a company may send (decision 0099): each invitation sent or sent
// again counts, in the last hour and in the last 24 hours, and a confirmed roster import counts
// its rows not yet sent. A company none of whose owners has confirmed their e-mail address
// (the link mailed at registration) has the small UNCONFIRMED_ limits. Every way of inviting
// (the form, the team page, the API, resending, a roster import) reserves through
// reserveInvitationSends, in the transaction that sends.

/** A namespace of pg_advisory_xact_lock(int, int): the company's invitation sends. */
const SENDS_LOCK = 1_907_314;

export type InvitationAllowance = {
  confirmed: boolean;
  perHour: number;
  perDay: number;
  sentLastHour: number;
  sentLastDay: number;
};

const INVITATIONS_HOUR_FULL =
  "Your company can send {{limit}} invitations an hour and has {{left}} left for now. Please try again later.";
const INVITATIONS_DAY_FULL =
  "Your company can send {{limit}} invitations a day and has {{left}} left for now. Please try again tomorrow.";
const INVITATIONS_CONFIRM_FIRST =
  "Until a company owner confirms their e-mail address, the company can send {{hour}} invitations an hour and {{day}} a day, and has {{left}} left for now. Open the confirmation link we e-mailed at registration (the Settings page can send it again).";

const fill = (template: string, values: Record<string, number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name]).replace(/\B(?=(\d{3})+(?!\d))/g, ","),
  );

/** The company's limits and what it has sent in their windows (counting queued imports). */
export async function invitationAllowance(
  tx: Executor,
  companyId: number,
): Promise<InvitationAllowance> {
  const [row] = await queryRows<{
    confirmed: boolean;
    hour: number;
    day: number;
  }>(
    tx,
    sql`select
          exists (select 1 from users u
                  where u.employer_id = ${companyId} and u.role = 'EMPLOYER'
                    and u.company_role = 'OWNER'
                    and lower(u.confirmed_email) = lower(u.email)) as confirmed,
          (select count(*)::int from audit_events a
            where a.employer_id = ${companyId}
              and a.action in ('invitation.sent', 'invitation.resent')
              and a.occurred_at > now() - interval '1 hour')
          + (select coalesce(sum(jsonb_array_length(r.rows) - r.processed), 0)::int
               from roster_imports r
              where r.company_id = ${companyId} and r.status in ('QUEUED', 'RUNNING')
                and r.confirmed_at > now() - interval '1 hour') as hour,
          (select count(*)::int from audit_events a
            where a.employer_id = ${companyId}
              and a.action in ('invitation.sent', 'invitation.resent')
              and a.occurred_at > now() - interval '1 day')
          + (select coalesce(sum(jsonb_array_length(r.rows) - r.processed), 0)::int
               from roster_imports r
              where r.company_id = ${companyId} and r.status in ('QUEUED', 'RUNNING')
                and r.confirmed_at > now() - interval '1 day') as day`,
  );
  const e = env();
  return {
    confirmed: row.confirmed,
    perHour: row.confirmed
      ? e.INVITATIONS_PER_HOUR
      : e.UNCONFIRMED_INVITATIONS_PER_HOUR,
    perDay: row.confirmed
      ? e.INVITATIONS_PER_DAY
      : e.UNCONFIRMED_INVITATIONS_PER_DAY,
    sentLastHour: Number(row.hour),
    sentLastDay: Number(row.day),
  };
}

/**
 * Reserves `count` invitation sends for the company in the caller's transaction, which then
 * sends them (each recorded as invitation.sent or .resent, or a roster import confirmed with
 * its rows): 429 with a message saying the limit and what is left when they do not fit. Sends
 * of one company take turns (a transaction-scoped advisory lock), so two at the edge cannot
 * both pass.
 */
export async function reserveInvitationSends(
  tx: Tx,
  companyId: number,
  count = 1,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SENDS_LOCK}, ${companyId}::int)`,
  );
  const a = await invitationAllowance(tx, companyId);
  const leftHour = Math.max(a.perHour - a.sentLastHour, 0);
  const leftDay = Math.max(a.perDay - a.sentLastDay, 0);
  if (count <= leftHour && count <= leftDay) return;
  if (!a.confirmed)
    throw tooManyRequests(
      fill(INVITATIONS_CONFIRM_FIRST, {
        hour: a.perHour,
        day: a.perDay,
        left: Math.min(leftHour, leftDay),
      }),
    );
  throw tooManyRequests(
    count > leftDay
      ? fill(INVITATIONS_DAY_FULL, { limit: a.perDay, left: leftDay })
      : fill(INVITATIONS_HOUR_FULL, { limit: a.perHour, left: leftHour }),
  );
}
