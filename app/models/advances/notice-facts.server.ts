import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/utils/db.server";
import type {
  NewRequestMember,
  RequestFacts,
} from "~/models/notifications/index.server";

// What the notices of an advance request name (its amount, dates and fee, its employee, their
// company's fee setting), read here in the caller's transaction and handed to the notices.

/** A request and its employee as its notices name them; null if there is no such request. */
export async function requestNoticeFacts(
  tx: Executor,
  requestId: number,
): Promise<RequestFacts | null> {
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

/** The employer-side members a new request of this company waits for, by id. */
export function newRequestMembers(
  tx: Executor,
  companyId: number | null,
): Promise<NewRequestMember[]> {
  if (companyId === null) return Promise.resolve([]);
  return queryRows<NewRequestMember>(
    tx,
    sql`select u.id, u.email, u.first_name, u.language, s.notify_new_requests as mail
        from users u join companies s on s.id = u.employer_id
        where u.employer_id = ${companyId} and u.role = 'EMPLOYER'
        order by u.id`,
  );
}
