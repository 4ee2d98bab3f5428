import { sql } from "drizzle-orm";
import * as templates from "~/services/mail/templates";
import { queryRows, type Executor } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import type { Language } from "~/utils/i18n";
import { dayStart } from "~/utils/pay-schedule";
import { creditPaybackOf } from "~/models/ledger/index.server";
import { enqueueMail, mailOrigin } from "./mail.server";
import { pushNotice } from "./push-notices.server";

// What the program owes an employee back (a credit; decision 0107) told to them (decision 0118):
// an e-mail when a credit arises (a card's close, a payroll result that collected more than was
// owed, an offboarding that leaves a leaver owed money) saying how much and how and when it comes
// back, and one when it is paid back. The figures are the ledger's (creditPaybackOf), read in the
// transaction that made them. A credit arising to come with a paycheck also pushes "a credit on
// its way" (decision 0116). Always sent: it is the employee's own money, not a reminder they can
// turn off. Each is enqueued once per event (its key).

type Recipient = {
  user_id: number;
  email: string;
  first_name: string;
  language: Language | null;
};

async function recipientOf(
  tx: Executor,
  employeeId: number,
): Promise<Recipient | null> {
  const [row] = await queryRows<Recipient>(
    tx,
    sql`select u.id as user_id, u.email, u.first_name, u.language
        from employees e join users u on u.id = e.user_id
        where e.id = ${employeeId}`,
  );
  return row ?? null;
}

/**
 * To the employee, in the caller's transaction: we owe you what their credit now is, and how it
 * comes back. Nothing when nothing is owed (a credit netted whole against their other advances).
 * `key` names the event that made it (`card:12`, `deduction:34`, `offboarded:5`).
 */
export async function notifyCreditOwed(
  tx: Executor,
  employeeId: number,
  key: string,
): Promise<void> {
  const payback = await creditPaybackOf(tx, employeeId);
  if (!payback) return;
  const to = await recipientOf(tx, employeeId);
  if (!to) return;
  const language = to.language ?? "en";
  const amount = formatCents(payback.creditCents, language);
  if (payback.by === "PAYROLL")
    await pushNotice(
      tx,
      { id: to.user_id, language: to.language },
      "credit.coming",
      `credit.coming:${key}`,
      "creditComing",
      { amount },
      "/",
    );
  await enqueueMail(tx, {
    userId: to.user_id,
    to: to.email,
    kind: "credit.owed",
    dedupeKey: `credit.owed:${key}`,
    mail: templates.creditOwedMail({
      origin: mailOrigin(),
      to: { firstName: to.first_name },
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
  employeeId: number,
  payout: {
    payoutId: number;
    cents: number;
    by: "PAYROLL" | "EMPLOYER";
    /** The run's pay date ("yyyy-MM-dd"), or the instant the payment was recorded. */
    on: string | Date;
  },
): Promise<void> {
  const to = await recipientOf(tx, employeeId);
  if (!to) return;
  const language = to.language ?? "en";
  const still = await creditPaybackOf(tx, employeeId);
  await enqueueMail(tx, {
    userId: to.user_id,
    to: to.email,
    kind: "credit.paid_back",
    dedupeKey: `credit.paid_back:${payout.payoutId}`,
    mail: templates.creditPaidBackMail({
      origin: mailOrigin(),
      to: { firstName: to.first_name },
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
