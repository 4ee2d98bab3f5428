import { PAY_BY_DAYS, PROCESSING_FEE_CENTS } from "./rules";
import { formatDate } from "./dates";
import { formatCents, fromCents, toCents } from "./money";

// The money model in plain words (docs/decisions/1500, 1901), for every screen that involves
// money: what was authorized on the employee's card (the fee), what was charged or released,
// what the grocery card holds and what payroll deducts and when. Pure: the server renders the lines,
// the same with or without JavaScript.

export type StoryDeduction = { amount: string; date: Date; paid: boolean };

export type StoryInput = {
  status: "PENDING" | "APPROVED" | "DECLINED" | "CANCELLED";
  amount: string;
  paid: boolean;
  carded: boolean;
  authorizedAmount: string | null;
  capturedAmount: string | null;
  releasedAmount: string | null;
  /** The fee refunded after the card could not be issued (docs/decisions/1911). */
  refundedAmount?: string | null;
  /** Who pays the fee (decision 1915); the employee when absent. */
  feePaidBy?: "EMPLOYEE" | "COMPANY";
  deductions: StoryDeduction[];
};

function deductionList(deductions: StoryDeduction[]): string {
  const parts = deductions.map(
    (d) =>
      `${formatCents(toCents(d.amount))} on ${formatDate(d.date)}${d.paid ? " (collected)" : ""}`,
  );
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** What checkout is about to do, before the employee presses Pay (decision 1901). */
export function checkoutLines(
  amount: string,
  schedule: StoryDeduction[],
  feePayer: "EMPLOYEE" | "COMPANY" = "EMPLOYEE",
): string[] {
  const cents = toCents(amount);
  const fee = Math.min(PROCESSING_FEE_CENTS, cents);
  if (feePayer === "COMPANY")
    return [
      `Your company pays the ${formatCents(fee)} processing fee: nothing is charged to your card. Pressing Get my card confirms the advance and issues your grocery card.`,
      `The ${formatCents(cents)} advance goes onto your grocery card. Payroll repays it, deducting ${deductionList(schedule)}.`,
    ];
  return [
    `Pressing Pay charges your card only the ${formatCents(fee)} processing fee: it is authorized now and captured when your grocery card is issued. If the card cannot be issued, the authorization is released and nothing is charged.`,
    `The ${formatCents(cents)} advance goes onto your grocery card. It is not charged to your card: payroll repays it, deducting ${deductionList(schedule)}.`,
  ];
}

/** The request's money so far, in plain words (History, the success screen). */
export function storyLines(input: StoryInput): string[] {
  const cents = toCents(input.amount);
  if (input.status === "PENDING")
    return ["Nothing is held or charged while your employer reviews it."];
  if (input.status === "DECLINED") return ["Nothing was held or charged."];
  if (input.status === "CANCELLED") {
    if (input.refundedAmount && toCents(input.refundedAmount) > 0)
      return [
        `Fee refunded: the ${formatCents(toCents(input.refundedAmount))} processing fee was charged and then refunded to your card, because the grocery card could not be issued. Nothing is owed.`,
      ];
    return input.paid && input.releasedAmount
      ? [
          `The hold of ${formatCents(toCents(input.releasedAmount))} was released; nothing was charged.`,
        ]
      : ["Nothing was held or charged."];
  }
  const companyPaid = input.paid && input.feePaidBy === "COMPANY";
  const fee = formatCents(Math.min(PROCESSING_FEE_CENTS, cents));
  if (!input.carded && companyPaid)
    return [
      `Card being issued: your company pays the ${fee} processing fee, and nothing is charged to your card.`,
    ];
  if (input.carded && companyPaid)
    return [
      `Your company paid the ${fee} processing fee: nothing was charged to your card.`,
      `Your grocery card holds ${formatCents(cents)}. Payroll deducts ${deductionList(input.deductions)}.`,
    ];
  if (!input.carded) {
    if (input.paid)
      return [
        `Card being issued: the ${formatCents(toCents(input.authorizedAmount ?? fromCents(Math.min(PROCESSING_FEE_CENTS, cents))))} processing fee is authorized on your card. If the card cannot be issued within the hour, the fee comes back to your card and nothing is owed.`,
      ];
    return [
      `Approved, not paid for yet: nothing is held or charged, and payroll deducts nothing until your card is issued. Unpaid approvals expire after ${PAY_BY_DAYS} days.`,
    ];
  }
  const held = toCents(input.authorizedAmount ?? input.amount);
  const charged = toCents(input.capturedAmount ?? "0");
  const released = toCents(input.releasedAmount ?? "0");
  const card = `Your grocery card holds ${formatCents(cents)}. Payroll deducts ${deductionList(input.deductions)}.`;
  // Paid before checkout charged only the fee: the whole advance was held, the rest released.
  if (released > 0)
    return [
      `Held on your card: ${formatCents(held)}. Charged: ${formatCents(charged)} (the processing fee). Released: ${formatCents(released)}.`,
      card,
    ];
  return [
    `Charged to your card: ${formatCents(charged)} (the processing fee). The advance was not charged to your card.`,
    card,
  ];
}
