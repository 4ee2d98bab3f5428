import { sql } from "drizzle-orm";
import {
  authorizeCardPurchase,
  closeOwnCard,
  simulateMerchantRefund,
} from "~/models/cards/index.server";
import { companyTotals, owedCents } from "~/models/ledger/index.server";
import {
  createPayrollRun,
  getPayrollRun,
  offboardEmployee,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { db, queryRows } from "~/utils/db.server";
import { isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance } from "#tests/support/data";
import { deductionsOf, employeeOf } from "#tests/support/rows";
import { createEmployee, createEmployer } from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// The repayment schedule's one owner (app/models/repayments): a deduction submitted in a payroll
// run is never deleted or reduced, so the run can always be reconciled; a card's return that
// reaches it is settled after its result. A refund after a write-off first reduces the loss.

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";
const today = isoDay(new Date());

/** What the company owes back to its employees, in cents (0, never -0). */
async function creditOf(companyId: number) {
  return (await companyTotals(db(), companyId)).creditCents + 0;
}

async function cardOf(requestId: number) {
  const [card] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${requestId}`,
  );
  return card;
}

/**
 * A $300 advance over two pay dates (today and in two weeks), its first deduction submitted in
 * today's payroll run, and `spent` cents spent on its card.
 */
async function advanceInRun(spent: number) {
  const employer = await createEmployer();
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: today,
  });
  const user = await createEmployee(employer);
  const request = await cardedAdvance(user, "300.00", 2);
  const card = await cardOf(request.id);
  if (spent > 0)
    await authorizeCardPurchase(card.id, {
      amountCents: spent,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
  const { run } = await createPayrollRun(employer, { payDate: today });
  expect(run.deductions).toHaveLength(1);
  const employee = await employeeOf(user);
  return { employer, user, request, card, run, employee };
}

describe("a deduction submitted in a payroll run", () => {
  it("is neither deleted nor reduced when the card closes unspent: the run is reconciled by its result", async () => {
    const { employer, user, request, card, run, employee } =
      await advanceInRun(0);
    const submitted = run.deductions[0];
    await closeOwnCard(user, card.id);

    // Still in the run, for the amount payroll was sent.
    const view = await getPayrollRun(employer, run.id);
    expect(view.deductions).toMatchObject([
      { id: submitted.id, amount: "150.00", status: "SUBMITTED" },
    ]);
    // The employee owes nothing: the card gave the whole advance back.
    expect(await owedCents(db(), employee.id)).toBe(0);
    expect(await checkInvariants(db())).toEqual([]);

    // Payroll took nothing: nothing more is owed, the run is reconciled.
    const { run: after } = await recordPayrollResults(employer, run.id, {
      results: [{ deductionId: submitted.id, collectedAmount: "0" }],
    });
    expect(after.status).toBe("RECONCILED");
    expect(after.deductions[0]).toMatchObject({
      status: "MISSED",
      collectedAmount: "0.00",
    });
    expect(await deductionsOf(request.id)).toHaveLength(1);
    expect(await owedCents(db(), employee.id)).toBe(0);
    expect(await creditOf(employee.companyId!)).toBe(0);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("collected in full after the card closed unspent: all of it is owed back as a credit", async () => {
    const { employer, user, card, run, employee } = await advanceInRun(0);
    await closeOwnCard(user, card.id);
    const { run: after } = await recordPayrollResults(employer, run.id, {
      results: [
        { deductionId: run.deductions[0].id, collectedAmount: "150.00" },
      ],
    });
    expect(after.status).toBe("RECONCILED");
    expect(await owedCents(db(), employee.id)).toBe(0);
    // Collected $150, spent $0.
    expect(await creditOf(employee.companyId!)).toBe(15_000);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("in part after the card closed with $100 spent: the return covers the rest, the excess is a credit", async () => {
    const { employer, user, request, card, run, employee } =
      await advanceInRun(10_000);
    await closeOwnCard(user, card.id);
    // $200 came back: the scheduled $150 is gone, $50 is held against the submitted one.
    const open = await deductionsOf(request.id);
    expect(open.map((d) => [d.amount, d.status])).toEqual([
      ["150.00", "SUBMITTED"],
    ]);
    expect(await owedCents(db(), employee.id)).toBe(10_000);
    expect(await checkInvariants(db())).toEqual([]);

    const { run: after } = await recordPayrollResults(employer, run.id, {
      results: [
        { deductionId: run.deductions[0].id, collectedAmount: "120.00" },
      ],
    });
    expect(after.status).toBe("RECONCILED");
    // Owed $100 on it; payroll took $120: $20 is owed back, nothing moves to arrears.
    expect(await deductionsOf(request.id)).toHaveLength(1);
    expect(await owedCents(db(), employee.id)).toBe(0);
    expect(await creditOf(employee.companyId!)).toBe(2_000);
    expect(await checkInvariants(db())).toEqual([]);
  });
});

describe("two submitted deductions of one advance", () => {
  for (const order of ["missed first", "collected first"] as const)
    it(`settle against each other whatever the order of the results (${order})`, async () => {
      const employer = await createEmployer();
      await updatePaySchedule(employer, {
        frequency: "BIWEEKLY",
        nextPayDate: today,
      });
      const user = await createEmployee(employer);
      const request = await cardedAdvance(user, "300.00", 2);
      // Both fall due today (crafted), so today's run submits both.
      await db().execute(
        sql`update payroll_deductions set deduction_date = ${today}::date::timestamptz
            where request_id = ${request.id}`,
      );
      const card = await cardOf(request.id);
      await authorizeCardPurchase(card.id, {
        amountCents: 10_000,
        merchantName: "Corner Grocer",
        merchantCategory: GROCERY,
      });
      const { run } = await createPayrollRun(employer, { payDate: today });
      expect(run.deductions).toHaveLength(2);
      await closeOwnCard(user, card.id);
      const employee = await employeeOf(user);
      expect(await owedCents(db(), employee.id)).toBe(10_000);

      // One of them missed, the other collected in full ($150 while only $100 was owed).
      const [a, b] = run.deductions;
      const results = [
        { deductionId: a.id, collectedAmount: "0" },
        { deductionId: b.id, collectedAmount: "150.00" },
      ];
      const { run: after } = await recordPayrollResults(employer, run.id, {
        results: order === "missed first" ? results : results.reverse(),
      });
      expect(after.status).toBe("RECONCILED");
      // Collected $150, spent $100: nothing owed, $50 owed back, no arrears left behind.
      expect(await owedCents(db(), employee.id)).toBe(0);
      expect(await creditOf(employee.companyId!)).toBe(5_000);
      expect(
        (await deductionsOf(request.id)).filter(
          (d) => d.status === "SCHEDULED",
        ),
      ).toEqual([]);
      expect(await checkInvariants(db())).toEqual([]);
    });
});

describe("a refund after a write-off", () => {
  it("first reduces the loss: no credit where payroll collected nothing", async () => {
    const employer = await createEmployer();
    await updatePaySchedule(employer, {
      frequency: "BIWEEKLY",
      nextPayDate: today,
    });
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00");
    const card = await cardOf(request.id);
    await authorizeCardPurchase(card.id, {
      amountCents: 30_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    const employee = await employeeOf(user);
    await offboardEmployee(employer, employee.id, { lastPayDate: today });
    const { run } = await createPayrollRun(employer, { payDate: today });
    await recordPayrollResults(employer, run.id, {
      results: [{ deductionId: run.deductions[0].id, collectedAmount: "0" }],
    });
    expect(
      (await companyTotals(db(), employee.companyId!)).writtenOffCents,
    ).toBe(30_000);

    await simulateMerchantRefund(user, card.id, {
      amount: "100.00",
      merchantName: "Corner Grocer",
    });
    const totals = await companyTotals(db(), employee.companyId!);
    expect(totals.writtenOffCents).toBe(20_000);
    expect(await creditOf(employee.companyId!)).toBe(0);
    expect(await checkInvariants(db())).toEqual([]);
  });
});
