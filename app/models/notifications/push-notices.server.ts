import type { Executor } from "~/utils/db.server";
import { formatCents, formatMoney } from "~/utils/money";
import type { Language } from "~/utils/i18n";
import { localizeMessage, serverT } from "~/utils/i18n.server";
import type { PushType } from "~/validation/push";
import { enqueuePush } from "./push.server";

// The push notifications' texts, in the recipient's language (the `push` namespace), and the
// notices that have no e-mail counterpart in the *-notices files beside it.

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

/** A declined purchase as its notice names it (the cards' declinedPurchaseOf). */
export type DeclinedPurchase = {
  authorization_id: number;
  card_id: number;
  amount: string;
  merchant_name: string;
  reason: string | null;
  user_id: number;
  language: Language | null;
};

/**
 * To the employee: a purchase on their card was declined, with the reason in words. Called
 * after the decision is stored (its own transaction: the decision's two round trips stay as
 * they are). `notGrocery` says the shop is not a grocery store.
 */
export async function notifyPurchaseDeclined(
  tx: Executor,
  a: DeclinedPurchase | null,
  notGrocery: boolean,
): Promise<void> {
  if (!a) return;
  const language = a.language ?? "en";
  await pushNotice(
    tx,
    { id: a.user_id, language },
    "purchase.declined",
    `purchase.declined:${a.authorization_id}`,
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
}

/**
 * To the employee: money is owed back to them (a credit) and comes with their next pay. `key`
 * names the event that made it (a card's return, a payroll result), so it is told once.
 */
export async function notifyCreditComing(
  tx: Executor,
  to: { id: number; language: Language | null },
  creditCents: number,
  key: string,
): Promise<void> {
  if (creditCents <= 0) return;
  await pushNotice(
    tx,
    to,
    "credit.coming",
    `credit.coming:${key}`,
    "creditComing",
    { amount: formatCents(creditCents, to.language ?? "en") },
    "/",
  );
}

/**
 * To the company's employer-side members (its owners and admins, as the caller reads them): a
 * complaint was received. For the complaints feature to call in the transaction that records
 * the complaint; `summary` is shown as written.
 */
export async function notifyComplaintReceived(
  tx: Executor,
  members: { id: number; language: Language | null }[],
  complaint: { id: number; fromName: string; summary: string; url: string },
): Promise<void> {
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
