import { PAY_BY_DAYS, PROCESSING_FEE_CENTS } from "./rules";
import { formatDate } from "./dates";
import { intlLocale, translate, type Catalogue, type Language } from "./i18n";
import { formatCents, fromCents, toCents } from "./money";
import enStory from "./locales/en/story";
import esStory from "./locales/es/story";

// The money model in plain words, for every screen that involves
// money: what was authorized on the employee's card (the fee), what was charged or released,
// what the grocery card holds and what payroll deducts and when. Pure: the server renders the lines,
// the same with or without JavaScript, in the language asked (the `story` catalogue).

const STORY: Record<Language, Catalogue> = { en: enStory, es: esStory };

/** The story's texts and money in one language. */
function words(language: Language) {
  return {
    t: (key: string, values?: Record<string, string | number>) =>
      translate(language, STORY[language], key, values),
    money: (cents: number) => formatCents(cents, language),
    language,
  };
}
type Words = ReturnType<typeof words>;

type StoryDeduction = {
  amount: string;
  date: Date;
  paid: boolean;
  /**
   * Its recorded result, from the ledger's figures (deductionFigures): what payroll collected,
   * what it fell short and where that went (a later pay date, or written off). Absent while it
   * is still to be deducted.
   */
  result?: {
    collectedCents: number;
    shortfallCents: number;
    movedTo: Date | null;
    writtenOffCents: number;
  } | null;
  /** The date of the deduction whose shortfall this one carries (arrears). */
  carriedFrom?: Date | null;
};

/** One deduction in words: what it asks, or what happened to it. */
function deductionWords(d: StoryDeduction, w: Words): string {
  const amount = w.money(toCents(d.amount));
  const date = formatDate(d.date, w.language);
  const r = d.result;
  if (!r) {
    if (d.carriedFrom)
      return w.t("deductionCarried", {
        amount,
        date,
        from: formatDate(d.carriedFrom, w.language),
      });
    return w.t(d.paid ? "deductionCollected" : "deduction", { amount, date });
  }
  if (r.shortfallCents === 0)
    return w.t("deductionCollected", {
      amount: w.money(r.collectedCents),
      date,
    });
  const collected =
    r.collectedCents > 0
      ? w.t("resultPartial", {
          collected: w.money(r.collectedCents),
          amount,
          date,
        })
      : w.t("resultMissed", { amount, date });
  const rest =
    r.writtenOffCents > 0
      ? w.t("restWrittenOff", { shortfall: w.money(r.writtenOffCents) })
      : r.movedTo
        ? w.t("restMoved", {
            shortfall: w.money(r.shortfallCents),
            date: formatDate(r.movedTo, w.language),
          })
        : "";
  return rest ? `${collected}, ${rest}` : collected;
}

export type StoryInput = {
  status: "PENDING" | "APPROVED" | "DECLINED" | "CANCELLED";
  amount: string;
  paid: boolean;
  carded: boolean;
  authorizedAmount: string | null;
  capturedAmount: string | null;
  releasedAmount: string | null;
  /** The fee refunded after the card could not be issued. */
  refundedAmount?: string | null;
  /** Who pays the fee; the employee when absent. */
  feePaidBy?: "EMPLOYEE" | "COMPANY";
  /** The request's fee (its state's cap applied); the flat fee capped at the amount when absent. */
  feeCents?: number;
  deductions: StoryDeduction[];
  /** The card was closed: what it spent and what it gave back, from the ledger. */
  closedCard?: { spentCents: number; returnedCents: number } | null;
};

function deductionList(deductions: StoryDeduction[], w: Words): string {
  const parts = deductions.map((d) => deductionWords(d, w));
  if (parts.length <= 1) return parts.join("");
  // English as it always read ("A, B and C", no serial comma); other languages by Intl.
  if (w.language === "en")
    return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  return new Intl.ListFormat(intlLocale(w.language), {
    type: "conjunction",
  }).format(parts);
}

/**
 * What pressing checkout's button does, in one line: the fee authorized now
 * and captured when the card is issued, or, when the company pays it, the advance confirmed
 * with nothing charged. The cost itself is the disclosure's to explain, once.
 */
export function checkoutLine(
  amount: string,
  feePayer: "EMPLOYEE" | "COMPANY" = "EMPLOYEE",
  language: Language = "en",
  feeCents?: number,
): string {
  const w = words(language);
  if (feePayer === "COMPANY") return w.t("checkoutCompanyFee");
  if (feeCents === 0) return w.t("checkoutNoFee");
  const fee = w.money(
    feeCents ?? Math.min(PROCESSING_FEE_CENTS, toCents(amount)),
  );
  return w.t("checkoutFee", { fee });
}

/** The request's money so far, in plain words (History, the success screen). */
export function storyLines(
  input: StoryInput,
  language: Language = "en",
): string[] {
  const w = words(language);
  const cents = toCents(input.amount);
  if (input.status === "PENDING") return [w.t("pending")];
  if (input.status === "DECLINED") return [w.t("nothingHeld")];
  if (input.status === "CANCELLED") {
    if (input.refundedAmount && toCents(input.refundedAmount) > 0)
      return [
        w.t("feeRefunded", { fee: w.money(toCents(input.refundedAmount)) }),
      ];
    return input.paid && input.releasedAmount
      ? [
          w.t("holdReleased", {
            amount: w.money(toCents(input.releasedAmount)),
          }),
        ]
      : [w.t("nothingHeld")];
  }
  const companyPaid = input.paid && input.feePaidBy === "COMPANY";
  const feeCents = input.feeCents ?? Math.min(PROCESSING_FEE_CENTS, cents);
  const fee = w.money(feeCents);
  const card = input.closedCard
    ? w.t("cardClosed", {
        spent: w.money(input.closedCard.spentCents),
        returned: w.money(input.closedCard.returnedCents),
        deductions: deductionList(input.deductions, w),
      })
    : w.t("cardHolds", {
        amount: w.money(cents),
        deductions: deductionList(input.deductions, w),
      });
  if (!input.carded && companyPaid)
    return [w.t("companyCardBeingIssued", { fee })];
  if (input.carded && companyPaid) return [w.t("companyPaid", { fee }), card];
  // A fee of $0.00 (the state's monthly cap used up): confirmed with nothing charged.
  const noFee = input.paid && !companyPaid && feeCents === 0;
  if (noFee)
    return input.carded ? [w.t("noFee"), card] : [w.t("noFeeCardBeingIssued")];
  if (!input.carded) {
    if (input.paid)
      return [
        w.t("cardBeingIssued", {
          fee: w.money(toCents(input.authorizedAmount ?? fromCents(feeCents))),
        }),
      ];
    return [w.t("approvedNotPaid", { days: PAY_BY_DAYS })];
  }
  const held = toCents(input.authorizedAmount ?? input.amount);
  const charged = toCents(input.capturedAmount ?? "0");
  const released = toCents(input.releasedAmount ?? "0");
  // Paid before checkout charged only the fee: the whole advance was held, the rest released.
  if (released > 0)
    return [
      w.t("heldChargedReleased", {
        held: w.money(held),
        charged: w.money(charged),
        released: w.money(released),
      }),
      card,
    ];
  return [w.t("charged", { charged: w.money(charged) }), card];
}
