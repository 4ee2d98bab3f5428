import type { Language } from "~/utils/i18n";
import { inArray } from "drizzle-orm";
import { virtualCards, type AdvanceRequest } from "#db/schema";
import { db } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { storyLines } from "~/utils/money-story";
import { requestFeeCents } from "~/utils/quote";

import { cardFigures } from "./card-figures.server";
import { deductionFigures } from "~/models/repayments/index.server";
export type RequestMoney = {
  /** The money so far, in plain words (app/utils/money-story.ts). */
  story: string[];
  /** The employee may cancel it: PENDING, or APPROVED and not paid for. */
  cancellable: boolean;
  /** Why it was declined or cancelled, for the line under the badge. */
  note: string | null;
};

/** The employee may cancel it: PENDING, or APPROVED with no hold placed and no card. */
export function isCancellable(
  r: Pick<AdvanceRequest, "status" | "paidAt">,
  hasCard: boolean,
): boolean {
  return (
    r.status === "PENDING" ||
    (r.status === "APPROVED" && r.paidAt === null && !hasCard)
  );
}

/** Under the badge of a paid request still waiting for its card. */
const CARD_BEING_ISSUED = "Card being issued";
/** Under the badge of a request cancelled after its fee was captured and then refunded. */
const FEE_REFUNDED = "Fee refunded";

/**
 * The line under the badge: why it was declined or cancelled, and where the money is when
 * the badge alone would not say it: "Card being issued" for a paid request without its card
 * yet, "Fee refunded" (and why) for a cancelled one whose fee came back.
 */
export function statusNote(
  r: Pick<
    AdvanceRequest,
    | "status"
    | "rejectionReason"
    | "cancellationReason"
    | "paidAt"
    | "refundedAmount"
  >,
  hasCard = false,
): string | null {
  if (r.status === "DECLINED") return r.rejectionReason ?? null;
  if (r.status === "CANCELLED") {
    if (r.refundedAmount !== null && toCents(r.refundedAmount) > 0)
      return r.cancellationReason
        ? `${FEE_REFUNDED}. ${r.cancellationReason}`
        : FEE_REFUNDED;
    return r.cancellationReason ?? null;
  }
  if (r.status === "APPROVED" && r.paidAt !== null && !hasCard)
    return CARD_BEING_ISSUED;
  return null;
}

/**
 * The money story and the cancel button of each of the employee's listed requests: two
 * queries (their deductions and their cards) for the whole page.
 */
export async function requestMoneyOf(
  requests: AdvanceRequest[],
  language: Language = "en",
): Promise<Map<number, RequestMoney>> {
  const ids = requests.map((r) => r.id);
  // Each deduction with its result as the ledger has it (deductionFigures): the story tells
  // what was collected and where a shortfall went, never a repayment that did not happen.
  const [figures, cards] = ids.length
    ? await Promise.all([
        deductionFigures(db(), { requestIds: ids }),
        db()
          .select({
            id: virtualCards.id,
            requestId: virtualCards.requestId,
            status: virtualCards.status,
          })
          .from(virtualCards)
          .where(inArray(virtualCards.requestId, ids)),
      ])
    : [[], []];
  const carded = new Set(cards.map((c) => c.requestId));
  // A closed card's story tells what it spent and gave back (the ledger's card figures), never
  // the amount it once held.
  const closed = cards.filter((c) => c.status === "closed");
  const closedFigures = await cardFigures(
    db(),
    closed.map((c) => c.id),
  );
  const closedByRequest = new Map(
    closed.map((c) => [c.requestId, closedFigures.get(c.id)!]),
  );
  const dates = new Map(figures.map((d) => [d.id, d.deductionDate]));
  const deductions = figures.map((d) => ({
    requestId: d.requestId,
    amount: fromCents(d.dueCents),
    date: d.deductionDate,
    paid: d.collectedCents > 0,
    result:
      d.status === "SCHEDULED" || d.status === "SUBMITTED"
        ? null
        : {
            collectedCents: d.collectedCents,
            shortfallCents: d.shortfallCents,
            movedTo: d.arrearsDate,
            writtenOffCents: d.writtenOffCents,
          },
    carriedFrom:
      d.arrearsOfId !== null ? (dates.get(d.arrearsOfId) ?? null) : null,
  }));
  const out = new Map<number, RequestMoney>();
  for (const r of requests) {
    const hasCard = carded.has(r.id);
    out.set(r.id, {
      story: storyLines(
        {
          status: r.status,
          amount: r.amount,
          paid: r.paidAt !== null,
          carded: hasCard,
          authorizedAmount: r.authorizedAmount,
          capturedAmount: r.capturedAmount,
          releasedAmount: r.releasedAmount,
          refundedAmount: r.refundedAmount,
          feePaidBy: r.feePaidBy,
          feeCents: requestFeeCents(r),
          deductions: deductions.filter((d) => d.requestId === r.id),
          closedCard: closedByRequest.has(r.id)
            ? {
                spentCents: closedByRequest.get(r.id)!.spentCents,
                returnedCents: closedByRequest.get(r.id)!.returnedCents,
              }
            : null,
        },
        language,
      ),
      cancellable: isCancellable(r, hasCard),
      note: statusNote(r, hasCard),
    });
  }
  return out;
}
