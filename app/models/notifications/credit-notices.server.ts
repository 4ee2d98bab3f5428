import * as templates from "~/services/mail/templates";
import type { Executor } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { dayStart } from "~/utils/pay-schedule";
import { creditPaybackOf } from "~/models/ledger/index.server";
import { enqueueMail, mailOrigin } from "./mail.server";
import { pushNotice } from "./push-notices.server";
import type { EmployeeRecipient } from "./recipient.server";

// What the program owes an employee back (a credit) told to them:
// an e-mail when a credit arises (a card's close, a payroll result that collected more than was
// owed, an offboarding that leaves a leaver owed money) saying how much and how and when it comes
// back, and one when it is paid back. The figures are the ledger's (creditPaybackOf), read in the
// transaction that made them. A credit arising to come with a paycheck also pushes "a credit on
// its way". Always sent: it is the employee's own money, not a reminder they can
// turn off. Each is enqueued once per event (its key). The caller passes the employee as
// people reads them (employeeRecipient).

/**
 * To the employee, in the caller's transaction: we owe you what their credit now is, and how it
 * comes back. Nothing when nothing is owed (a credit netted whole against their other advances).
 * `key` names the event that made it (`card:12`, `deduction:34`, `offboarded:5`).
 */
export async function notifyCreditOwed(
  tx: Executor,
  to: EmployeeRecipient | null,
  key: string,
): Promise<void> {
  if (!to) return;
  const payback = await creditPaybackOf(tx, to.employeeId);
  if (!payback) return;
  const language = to.language ?? "en";
  const amount = formatCents(payback.creditCents, language);
  if (payback.by === "PAYROLL")
    await pushNotice(
      tx,
      { id: to.id, language: to.language },
      "credit.coming",
      `credit.coming:${key}`,
      "creditComing",
      { amount },
      "/",
    );
  await enqueueMail(tx, {
    userId: to.id,
    to: to.email,
    kind: "credit.owed",
    dedupeKey: `credit.owed:${key}`,
    mail: templates.creditOwedMail({
      origin: mailOrigin(),
      to: { firstName: to.firstName },
      amount,
      by: payback.by,
      date: payback.payDate
        ? formatDate(dayStart(payback.payDate), language)
        : null,
      language,
    }),
  });
}

/**
 * To the employee, in the caller's transaction: a payout of their credit was paid (a run's
 * reimbursement line with the paycheck of `on`, or a payment their employer recorded on `on`).
 */
export async function notifyCreditPaidBack(
  tx: Executor,
  to: EmployeeRecipient | null,
  payout: {
    payoutId: number;
    cents: number;
    by: "PAYROLL" | "EMPLOYER";
    /** The run's pay date ("yyyy-MM-dd"), or the instant the payment was recorded. */
    on: string | Date;
  },
): Promise<void> {
  if (!to) return;
  const language = to.language ?? "en";
  const still = await creditPaybackOf(tx, to.employeeId);
  await enqueueMail(tx, {
    userId: to.id,
    to: to.email,
    kind: "credit.paid_back",
    dedupeKey: `credit.paid_back:${payout.payoutId}`,
    mail: templates.creditPaidBackMail({
      origin: mailOrigin(),
      to: { firstName: to.firstName },
      amount: formatCents(payout.cents, language),
      by: payout.by,
      on: formatDate(
        typeof payout.on === "string" ? dayStart(payout.on) : payout.on,
        language,
      ),
      stillOwed: still ? formatCents(still.creditCents, language) : null,
      language,
    }),
  });
}
