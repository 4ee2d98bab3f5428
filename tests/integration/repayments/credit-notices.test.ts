import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import {
  authorizeCardPurchase,
  closeOwnCard,
} from "~/models/cards/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { setUserLanguage } from "~/models/people/index.server";
import {
  collectAllInRun,
  createPayrollRun,
  offboardEmployee,
  recordLeaverPayout,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { db, queryRows } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance } from "#tests/support/data";
import { useMailDelivery } from "#tests/support/mail-delivery";
import { employeeOf } from "#tests/support/rows";
import { createEmployee, createEmployer } from "#tests/support/factories";

// The credit's e-mails, on a real SMTP receiver through the job queue: when the
// program comes to owe an employee money back (a card closed with collected beyond spent, a
// payroll result that collected more than was still owed, a leaver owed money) the employee is
// told how much and how and when it comes back, in their language; and again when it is paid.

useTestDatabase();

const smtp = useMailDelivery();

const GROCERY = "grocery_stores_supermarkets";
const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);

type Received = {
  to: string[];
  mail: { subject?: string; text?: string; html?: string | false };
};
const about = (address: string, subject: RegExp) => (m: Received) =>
  m.to.includes(address) && subject.test(m.mail.subject ?? "");

async function company(next: string) {
  const employer = await createEmployer({ firstName: "Elena" });
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: next,
  });
  return employer;
}

async function cardIdOf(requestId: number) {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${requestId}`,
  );
  return row.id;
}

async function spend(requestId: number, cents: number) {
  await authorizeCardPurchase(await cardIdOf(requestId), {
    amountCents: cents,
    merchantName: "Corner Grocer",
    merchantCategory: GROCERY,
  });
}

async function creditMails(user: User) {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from mail_outbox
        where user_id = ${user.id} and kind in ('credit.owed', 'credit.paid_back')`,
  );
  return row.n;
}

describe("the credit's e-mails", () => {
  it("a card closed with $400 collected beyond spent: we owe you, then paid back with the paycheck", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const nextPay = addDaysIso(payDay, 14);
    const employer = await company(payDay);
    const user = await createEmployee(employer, {
      firstName: "Ana",
      email: `ana-${employer.id}@example.com`,
    });
    const request = await cardedAdvance(user, "500.00", 1);
    const { run: first } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await collectAllInRun(employer, first.id, on(payDay));
    await spend(request.id, 10_000);
    await closeOwnCard(user, await cardIdOf(request.id));

    const [owed] = await smtp.waitFor(1, about(user.email, /We owe you/));
    expect(owed.mail.subject).toBe("We owe you $400.00");
    expect(owed.mail.text).toContain("Hi Ana,");
    expect(owed.mail.text).toContain(
      "Payroll collected more than your grocery cards spent, so we owe you $400.00.",
    );
    expect(owed.mail.text).toContain(
      `It comes back on ${formatDate(dayStart(nextPay), "en")}, added to your paycheck.`,
    );
    expect(owed.mail.text).toContain(
      "How it comes back: Added to your paycheck",
    );
    expect(owed.mail.text).toContain("/history");

    const { run } = await createPayrollRun(
      employer,
      { payDate: nextPay },
      on(nextPay),
    );
    await collectAllInRun(employer, run.id, on(nextPay));
    const [paid] = await smtp.waitFor(1, about(user.email, /paid back to you/));
    expect(paid.mail.subject).toBe("$400.00 paid back to you");
    expect(paid.mail.text).toContain(
      `The $400.00 we owed you was added to your paycheck of ${formatDate(dayStart(nextPay), "en")}.`,
    );
    expect(paid.mail.text).toContain("Nothing more is owed back to you.");
    // Told once each, however the run's page is pressed again.
    await collectAllInRun(employer, run.id, on(nextPay));
    expect(await creditMails(user)).toBe(2);
  });

  it("a payroll result that collects more than was still owed: the employee is told the credit", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const employer = await company(payDay);
    const user = await createEmployee(employer, {
      firstName: "Bo",
      email: `bo-${employer.id}@example.com`,
    });
    const request = await cardedAdvance(user, "300.00", 1);
    // The $300 deduction is in the run when the card spends $100 and closes: its $200 is held.
    const { run } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await spend(request.id, 10_000);
    await closeOwnCard(user, await cardIdOf(request.id));
    expect(await creditMails(user)).toBe(0);
    // Payroll took the whole $300: $200 more than was still owed.
    await recordPayrollResults(
      employer,
      run.id,
      {
        results: [
          { deductionId: run.deductions[0].id, collectedAmount: "300.00" },
        ],
      },
      on(payDay),
    );
    const [owed] = await smtp.waitFor(1, about(user.email, /We owe you/));
    expect(owed.mail.subject).toBe("We owe you $200.00");
    expect(owed.mail.text).toContain("added to your paycheck");
  });

  it("a Spanish leaver owed $150: told once that her employer pays it, then that it was paid", async () => {
    const today = isoDay(new Date());
    const employer = await company(today);
    const user = await createEmployee(employer, {
      firstName: "Rosa",
      email: `rosa-${employer.id}@example.com`,
    });
    await setUserLanguage(user.id, "es");
    const employee = await employeeOf(user);
    const request = await cardedAdvance(user, "300.00", 2);
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${today}::date::timestamptz
          where id = (select min(id) from payroll_deductions where request_id = ${request.id})`,
    );
    const { run } = await createPayrollRun(employer, { payDate: today });
    await collectAllInRun(employer, run.id);
    await offboardEmployee(employer, employee.id, { lastPayDate: today });

    const [owed] = await smtp.waitFor(1, about(user.email, /Te debemos/));
    expect(owed.mail.subject).toBe("Te debemos $150.00");
    expect(owed.mail.text).toContain("Hola, Rosa:");
    expect(owed.mail.text).toContain(
      "tu empleador te lo devuelve directamente y registra el pago",
    );
    expect(owed.mail.text).toContain("Cómo se devuelve: Lo paga tu empleador");
    expect(owed.mail.text).not.toMatch(/\b(Hi|Amount|paycheck)\b/);

    await recordLeaverPayout(employer, employee.id, { reference: "CHK-1" });
    const [paid] = await smtp.waitFor(1, about(user.email, /Te devolvimos/));
    expect(paid.mail.subject).toBe("Te devolvimos $150.00");
    expect(paid.mail.text).toContain(
      "Tu empleador registró que te pagó los $150.00 que te debíamos",
    );
    expect(paid.mail.text).toContain("Ya no te debemos nada.");
    // One mail for the credit (the card's close during offboarding is not told twice).
    expect(await creditMails(user)).toBe(2);
  });

  it("a credit netted whole against another advance sends nothing", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const employer = await company(payDay);
    const user = await createEmployee(employer, {
      email: `cy-${employer.id}@example.com`,
    });
    const a = await cardedAdvance(user, "200.00", 1);
    const { run } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await collectAllInRun(employer, run.id, on(payDay));
    // A second advance of $300 still owed: the $200 coming back is netted against it.
    await cardedAdvance(user, "300.00", 1);
    await closeOwnCard(user, await cardIdOf(a.id));
    expect(await creditMails(user)).toBe(0);
  });
});
