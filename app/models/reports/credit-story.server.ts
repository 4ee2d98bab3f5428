import type { User } from "#db/schema";
import { db } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/utils/i18n";
import { formatCents } from "~/utils/money";
import { dayStart } from "~/utils/pay-schedule";
import { creditPaybackOf } from "~/models/ledger/index.server";
import { settledPayoutsOf } from "~/models/payroll/index.server";

// The employee's history, the credit's part of their money story: what we owe
// them now and when and how it comes back (the ledger's figure, creditPaybackOf, as the
// dashboard and GET /api/employee tell it), then what was paid back, or not paid by payroll.

export type CreditStoryLine =
  | {
      kind: "owed";
      by: "PAYROLL" | "EMPLOYER";
      amountText: string;
      dateText: string | null;
    }
  | {
      kind: "paid";
      by: "PAYROLL" | "EMPLOYER";
      amountText: string;
      dateText: string;
    }
  | { kind: "notPaid"; amountText: string; dateText: string };

/** The credit's lines of an employee's history, newest first; empty when there never was one. */
export async function employeeCreditStory(
  user: User,
  language: Language,
): Promise<CreditStoryLine[]> {
  const [payback, payouts] = await Promise.all([
    creditPaybackOf(db(), { userId: user.id }),
    settledPayoutsOf(db(), { userId: user.id }),
  ]);
  const date = (d: Date) => formatDate(d, language);
  const lines: CreditStoryLine[] = [];
  if (payback)
    lines.push({
      kind: "owed",
      by: payback.by,
      amountText: formatCents(payback.creditCents, language),
      dateText: payback.payDate ? date(dayStart(payback.payDate)) : null,
    });
  for (const p of payouts) {
    const on = p.payDate ? dayStart(p.payDate) : (p.paidAt ?? new Date());
    const amountText = formatCents(p.cents, language);
    lines.push(
      p.status === "NOT_PAID"
        ? { kind: "notPaid", amountText, dateText: date(on) }
        : {
            kind: "paid",
            by: p.method === "PAYROLL" ? "PAYROLL" : "EMPLOYER",
            amountText,
            dateText: date(on),
          },
    );
  }
  return lines;
}
