import { sql, type SQL } from "drizzle-orm";

/**
 * Whether the user has been here before this visit, for the dashboard's "Welcome back": a
 * completed session besides this one (another device, or one that ended: a sign-out deletes
 * the session and leaves a `user.signed_out` event), or more than one completed sign-in. A
 * first sign-in, or the session an invitation or registration opened, is greeted "Welcome".
 */
export function returningSql(userId: number): SQL {
  return sql`((select count(*) from sessions s
      where s.user_id = ${userId} and not s.mfa_pending)
    + (select count(*) from audit_events a
      where a.subject_user_id = ${userId} and a.action = 'user.signed_out') > 1
    or (select count(*) from audit_events a
      where a.subject_user_id = ${userId} and a.action = 'user.signed_in') > 1)`;
}
