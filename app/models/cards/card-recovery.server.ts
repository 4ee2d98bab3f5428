import { subDays, subMinutes } from "date-fns";
import { and, asc, eq, isNotNull, isNull, lte, gt } from "drizzle-orm";
import { advanceRequests, virtualCards } from "#db/schema";
import { db } from "~/utils/db.server";
import { CARD_RETRY_AFTER_MINUTES } from "~/utils/rules";
import { CardCreationError, issueGroceryCard } from "./card.server";
import {
  expireUnpaidAdvances,
  settleOrLeaveForLater,
} from "~/models/advances/index.server";

// The recovery job, every few minutes: no money is left stuck.

/** How far back cancelled requests are looked at: the provider drops a hold after 7 days. */
const SETTLE_LOOKBACK_DAYS = 8;

export type Recovery = {
  /** Paid requests without a card that were tried again. */
  retried: number;
  issued: number;
  /** Still failing, left for the next run. */
  waiting: number;
  /** Given up on: cancelled, fee refunded or released. */
  cancelled: number;
  /** Cancelled requests whose payment was settled at the provider now. */
  settled: number;
  /** Approved advances left unpaid past their pay-by day. */
  expired: number;
};

/**
 * One run of the recovery job: (1) every request paid at least CARD_RETRY_AFTER_MINUTES ago
 * that has no card gets issueGroceryCard again (actor "webhook"; every provider call is
 * idempotent per request), which gives up past the hour; (2) every cancelled request whose
 * payment is not settled at the provider yet (a provider failure at the time) is settled;
 * (3) unpaid approvals past their pay-by day expire. Each request on its own: one failure
 * does not stop the others. Safe to run concurrently with itself and with the checkout.
 */
export async function recoverPaidRequests(
  now: Date = new Date(),
): Promise<Recovery> {
  const result: Recovery = {
    retried: 0,
    issued: 0,
    waiting: 0,
    cancelled: 0,
    settled: 0,
    expired: 0,
  };
  const stuck = await db()
    .select({ id: advanceRequests.id })
    .from(advanceRequests)
    .leftJoin(virtualCards, eq(virtualCards.requestId, advanceRequests.id))
    .where(
      and(
        eq(advanceRequests.status, "APPROVED"),
        isNotNull(advanceRequests.paidAt),
        lte(advanceRequests.paidAt, subMinutes(now, CARD_RETRY_AFTER_MINUTES)),
        isNull(virtualCards.id),
      ),
    )
    .orderBy(asc(advanceRequests.paidAt), asc(advanceRequests.id));
  for (const { id } of stuck) {
    result.retried += 1;
    try {
      const { created } = await issueGroceryCard("webhook", id, { now });
      if (created) result.issued += 1;
    } catch (error) {
      if (error instanceof CardCreationError && error.retrying)
        result.waiting += 1;
      else if (error instanceof CardCreationError) result.cancelled += 1;
      else
        console.error(
          JSON.stringify({
            level: "error",
            msg: "card recovery of a paid request failed",
            requestId: id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
    }
  }

  const unsettled = await db()
    .select({ id: advanceRequests.id })
    .from(advanceRequests)
    .where(
      and(
        eq(advanceRequests.status, "CANCELLED"),
        isNull(advanceRequests.paymentSettledAt),
        isNotNull(advanceRequests.paymentIntentId),
        gt(advanceRequests.cancelledAt, subDays(now, SETTLE_LOOKBACK_DAYS)),
      ),
    )
    .orderBy(asc(advanceRequests.id));
  for (const { id } of unsettled) {
    const outcome = await settleOrLeaveForLater(id, now);
    if (outcome !== "pending" && outcome !== "settled") result.settled += 1;
  }

  result.expired = (await expireUnpaidAdvances(now)).expired;
  return result;
}
