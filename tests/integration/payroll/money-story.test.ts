import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import { advanceRequests, auditEvents, sandboxPayments } from "#db/schema";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import {
  authorizeCardPurchase,
  spentCents,
  completeSandboxCheckout,
} from "~/models/cards/index.server";

import {
  exportNextPayrollCsv,
  runPayroll,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { db } from "~/utils/db.server";
import { toCents } from "~/utils/money";
import { employeeOf, deductionsOf } from "#tests/support/rows";
import { dayStart, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { createEmployee, createEmployer } from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// One $300 advance through the whole money loop: request → approve →
// checkout (a hold) → card (the fee captured, the rest released, the schedule made) → payroll.
// The story is printed for the record.

const database = useTestDatabase();

it("one $300 advance: held, charged, released, card, purchases, deductions, payroll", async () => {
  const story: string[] = [];
  const say = (line: string) => story.push(line);
  const employer = await createEmployer();
  const employee = await createEmployee(employer, { firstName: "Maya" });
  // The company pays every two weeks, next in 6 days.
  const payCycleEnd = dayStart(isoDay(addDays(new Date(), 6)));
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: isoDay(payCycleEnd),
  });
  const balance = async () => (await employeeOf(employee)).availableBalance;
  say(`Database: ${database.kind}. Starting balance $${await balance()}.`);

  const filed = await requestAdvance(employee, {
    amount: "300.00",
    repaymentPeriods: 2,
    reason: "Groceries",
  });
  say(`1. Request #${filed.id}: $300.00 over 2 pay periods → ${filed.status}.`);

  const approved = await approveAdvance(employer, filed.id);
  expect(await deductionsOf(filed.id)).toEqual([]);
  expect((await exportNextPayrollCsv(employer)).rows).toBe(0);
  say(
    `2. Approved: $300.00 reserved (available balance now $${await balance()}); ` +
      `deductions: none yet; payroll export rows: 0.`,
  );
  expect(await balance()).toBe("200.00");

  await completeSandboxCheckout(employee, {
    amount: "300.00",
    advanceRequestId: approved.id,
    card: {
      number: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: "123",
    },
  });
  const [payment] = await db()
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.requestId, filed.id));
  const [row] = await db()
    .select()
    .from(advanceRequests)
    .where(eq(advanceRequests.id, filed.id));
  expect(payment).toMatchObject({
    amountCents: 1599,
    authorizedCents: 1599,
    capturedCents: 1599,
    releasedCents: 0,
    status: "succeeded",
  });
  expect(row).toMatchObject({
    authorizedAmount: "15.99",
    capturedAmount: "15.99",
    releasedAmount: "0.00",
  });
  say(
    `3. Checkout ("Pay $15.99"): authorized $${row.authorizedAmount}, the fee only, on the employee's card (sandbox intent ${payment.id}); the advance is never charged to it.`,
  );
  say(
    `4. Card issued: charged $${row.capturedAmount} (the processing fee, captured from the authorization); ` +
      `released $${row.releasedAmount}; sandbox records authorized ${payment.authorizedCents}¢, ` +
      `captured ${payment.capturedCents}¢, released ${payment.releasedCents}¢.`,
  );
  const [card] = await db().query.virtualCards.findMany({
    where: (c, { eq: is }) => is(c.requestId, filed.id),
  });
  expect(card.amount).toBe("300.00");
  say(
    `5. Grocery card ${card.cardNumber}: holds $${card.amount}, grocery stores only.`,
  );

  // Purchases: the card decides each one (grocery only, within what is left).
  const purchases = [
    {
      amountCents: 8250,
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
    },
    {
      amountCents: 1850,
      merchantName: "Luigi's Trattoria",
      merchantCategory: "eating_places_restaurants",
    },
    {
      amountCents: 25000,
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
    },
  ];
  const decisions = [];
  for (const [i, purchase] of purchases.entries()) {
    const decision = await authorizeCardPurchase(card.id, purchase);
    decisions.push(decision.approved);
    say(
      `5.${i + 1} Purchase $${(purchase.amountCents / 100).toFixed(2)} at ${purchase.merchantName} ` +
        `(${purchase.merchantCategory}): ` +
        (decision.approved ? "approved." : `declined — ${decision.reason}`),
    );
  }
  expect(decisions).toEqual([true, false, false]);
  const spent = await spentCents(db(), card.id);
  expect(spent).toBe(8250);
  say(
    `    The card has spent $${(spent / 100).toFixed(2)}; $${((toCents(card.amount) - spent) / 100).toFixed(2)} remains.`,
  );

  const deductions = await deductionsOf(filed.id);
  const sum = deductions.reduce((s, d) => s + toCents(d.amount), 0);
  expect(sum).toBe(30000);
  expect(deductions.map((d) => d.amount)).toEqual(["150.00", "150.00"]);
  expect(deductions[0].deductionDate.getTime()).toBe(payCycleEnd.getTime());
  say(
    `6. Payroll deductions: ${deductions
      .map((d) => `$${d.amount} on ${format(d.deductionDate, "yyyy-MM-dd")}`)
      .join(", ")} (sum $${(sum / 100).toFixed(2)}, to the cent).`,
  );
  const feeCents = toCents(row.capturedAmount!);
  say(
    `7. Total repayment: $${(feeCents / 100).toFixed(2)} fee by card + $${(sum / 100).toFixed(2)} by payroll = ` +
      `$${((feeCents + sum) / 100).toFixed(2)} (the calculator's total repayment).`,
  );
  expect(feeCents + sum).toBe(31599);

  const csv = await exportNextPayrollCsv(employer);
  expect(csv.rows).toBe(1);
  for (const [i, d] of deductions.entries()) {
    // On the pay date the run submits the deduction; payroll's result collects it.
    const onPayDay = new Date(d.deductionDate.getTime() + 12 * 3_600_000);
    const run = await runPayroll(d.deductionDate, onPayDay);
    expect(run.deductionsSubmitted).toBe(1);
    const [submitted] = (await deductionsOf(filed.id)).filter(
      (x) => x.status === "SUBMITTED",
    );
    await recordPayrollResults(employer, submitted.runId!, {
      results: [
        { deductionId: submitted.id, collectedAmount: submitted.amount },
      ],
    });
    say(
      `8.${i + 1} Payroll run ${format(d.deductionDate, "yyyy-MM-dd")}: submitted $${run.totalSubmitted}, ` +
        `collected in full; available balance $${await balance()}.`,
    );
  }
  expect(await balance()).toBe("500.00");
  const audit = await db()
    .select({ action: auditEvents.action, amount: auditEvents.amount })
    .from(auditEvents)
    .where(eq(auditEvents.requestId, filed.id))
    .orderBy(auditEvents.id);
  say(
    `9. Audit trail: ${audit.map((a) => `${a.action}${a.amount ? ` $${a.amount}` : ""}`).join(" → ")}.`,
  );
  expect(audit.map((a) => a.action)).toEqual([
    "request.filed",
    "request.approved",
    "request.paid",
    "fee.captured",
    "card.issued",
  ]);
  expect(await checkInvariants(db())).toEqual([]);
  console.info(`\nThe money story of one $300 advance\n${story.join("\n")}\n`);
});
