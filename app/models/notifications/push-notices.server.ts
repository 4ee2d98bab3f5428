import { sql } from "drizzle-orm";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { formatCents, formatMoney } from "~/utils/money";
import type { Language } from "~/utils/i18n";
import { localizeMessage, serverT } from "~/utils/i18n.server";
import type { PushType } from "~/validation/push";
import { enqueuePush } from "./push.server";

// The push notifications' texts, in the recipient's language (the `push` namespace), and the
// notices that have no e-mail counterpart in the *-notices files beside it (decision 0116).

export type PushNoticeName =
  | "advanceApproved"
  | "advanceDeclined"
  | "cardReady"
  | "purchaseDeclined"
  | "deductionSoon"
  | "creditComing"
  | "requestWaiting"
  | "payrollReady"
  | "complaintReceived";

/** A notice's title and text in `language`. */
function pushText(
  language: Language,
  notice: PushNoticeName,
  params: Record<string, string | number>,
): { title: string; body: string } {
  const t = serverT(language, "push");
  return {
    title: t(`notices.${notice}.title`),
    body: t(`notices.${notice}.body`, params),
  };
}

/** Enqueues a notice to a person's devices that get `type`, written in their language. */
export async function pushNotice(
  tx: Executor,
  to: { id: number; language: Language | null },
  type: PushType,
  key: string,
  notice: PushNoticeName,
  params: Record<string, string | number>,
  url: string,
): Promise<number> {
  const text = pushText(to.language ?? "en", notice, params);
  return enqueuePush(tx, to.id, type, key, { ...text, url });
}

/** The reason a push gives for a declined advance: the employer's words, else the default's. */
export function declineReasonText(
  language: Language,
  reason: string | null,
): string {
  return reason?.trim()
    ? reason
    : serverT(language, "push")("reasons.declinedByEmployer");
}

/**
 * To the employee: a purchase on their card was declined, with the reason in words. Called
 * after the decision is stored (its own transaction: the decision's two round trips stay as
 * they are). `notGrocery` says the shop is not a grocery store.
 */
export async function notifyPurchaseDeclined(
  authorizationId: number,
  notGrocery: boolean,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [a] = await queryRows<{
      card_id: number;
      amount: string;
      merchant_name: string;
      reason: string | null;
      user_id: number;
      language: Language | null;
    }>(
      tx,
      sql`select a.card_id, a.amount::text as amount, a.merchant_name, a.reason,
                 u.id as user_id, u.language
          from card_authorizations a
          join virtual_cards c on c.id = a.card_id
          join advance_requests r on r.id = c.request_id
          join employees e on e.id = r.employee_id
          join users u on u.id = e.user_id
          where a.id = ${authorizationId} and not a.approved`,
    );
    if (!a) return;
    const language = a.language ?? "en";
    await pushNotice(
      tx,
      { id: a.user_id, language },
      "purchase.declined",
      `purchase.declined:${authorizationId}`,
      "purchaseDeclined",
      {
        amount: formatMoney(a.amount, language),
        merchant: a.merchant_name,
        reason: notGrocery
          ? serverT(language, "push")("reasons.notGrocery")
          : localizeMessage(language, a.reason ?? ""),
      },
      `/cards/${a.card_id}`,
    );
  });
}

/**
 * To the employee: money is owed back to them (a credit) and comes with their next pay. `key`
 * names the event that made it (a card's return, a payroll result), so it is told once.
 */
export async function notifyCreditComing(
  tx: Executor,
  userId: number,
  creditCents: number,
  key: string,
): Promise<void> {
  if (creditCents <= 0) return;
  const [u] = await queryRows<{ id: number; language: Language | null }>(
    tx,
    sql`select id, language from users where id = ${userId}`,
  );
  if (!u) return;
  await pushNotice(
    tx,
    u,
    "credit.coming",
    `credit.coming:${key}`,
    "creditComing",
    { amount: formatCents(creditCents, u.language ?? "en") },
    "/",
  );
}

/**
 * To the company's employer-side members: a complaint was received. For the complaints feature
 * to call in the transaction that records the complaint; `summary` is shown as written.
 */
export async function notifyComplaintReceived(
  tx: Executor,
  companyId: number,
  complaint: { id: number; fromName: string; summary: string; url: string },
): Promise<void> {
  const members = await queryRows<{ id: number; language: Language | null }>(
    tx,
    sql`select id, language from users
        where employer_id = ${companyId} and role = 'EMPLOYER'
          and company_role in ('OWNER', 'ADMIN') order by id`,
  );
  for (const m of members)
    await pushNotice(
      tx,
      m,
      "complaint.received",
      `complaint.received:${complaint.id}:${m.id}`,
      "complaintReceived",
      {
        name: complaint.fromName,
        summary: complaint.summary.slice(0, 200),
      },
      complaint.url,
    );
}
