import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import {
  authorizeCardPurchase,
  closeExpiredCards,
  closeOwnCard,
  getOwnCard,
} from "~/models/cards/index.server";
import { companyTotals, owedCents } from "~/models/ledger/index.server";
import {
  offboardEmployee,
  createPayrollRun,
  FUTURE_RUN,
  getPayrollRun,
  recordPayrollResults,
  runScheduledPayroll,
} from "~/models/payroll/index.server";
import {
  getPaySchedule,
  updateCompanySettings,
  updatePaySchedule,
} from "~/models/companies/index.server";
import { requestAdvance } from "~/models/advances/index.server";
import {
  getEmployerReport,
  checkInvariants,
} from "~/models/reports/index.server";
import { db, queryRows } from "~/utils/db.server";
import { dayStart, isoDay, addDaysIso } from "~/utils/pay-schedule";
import { LEFT_COMPANY } from "~/utils/rules";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, cardedAdvance } from "#tests/support/data";
import { deductionsOf, employeeOf } from "#tests/support/rows";
import {
  appErrorOf,
  createEmployee,
  createEmployer,
} from "#tests/support/factories";

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";

async function expectConsistent() {
  expect(await checkInvariants(db())).toEqual([]);
}

async function cardOf(requestId: number) {
  const [card] = await queryRows<{ id: number; status: string }>(
    db(),
    sql`select id, status from virtual_cards where request_id = ${requestId}`,
  );
  return card;
}

async function ledgerOf(employeeId: number) {
  return queryRows<{ event: string; account: string; amount: string }>(
    db(),
    sql`select j.event, p.account, p.amount::text as amount
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.employee_id = ${employeeId} order by j.id, p.id`,
  );
}

const settings = (maxAdvance: number) => ({
  companyName: "Acme Groceries Inc.",
  contactEmail: "",
  contactPhone: "",
  maxAdvance,
  approvalLimit: 0,
  notifyNewRequests: true,
  notifyMonthlyReports: true,
  notifySystemUpdates: false,
});

/** An employer on a biweekly schedule whose next pay date is `next`. */
async function companyPaying(next: string, now = new Date()) {
  const employer = await createEmployer();
  await updatePaySchedule(
    employer,
    { frequency: "BIWEEKLY", nextPayDate: next },
    now,
  );
  return employer;
}

/** Noon on a "yyyy-MM-dd" day: the moment a test acts on that day. */
const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);

describe("the available balance is derived", () => {
  it("follows the max advance down and back up: $500 → $300 → $500", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    expect((await employeeOf(user)).availableBalance).toBe("500.00");
    await updateCompanySettings(employer, settings(300));
    expect((await employeeOf(user)).availableBalance).toBe("300.00");
    await updateCompanySettings(employer, settings(500));
    expect((await employeeOf(user)).availableBalance).toBe("500.00");

    // With an advance owed: max − owed, both ways.
    await cardedAdvance(user, "250.00");
    expect((await employeeOf(user)).availableBalance).toBe("250.00");
    await updateCompanySettings(employer, settings(200));
    expect((await employeeOf(user)).availableBalance).toBe("0.00");
    await updateCompanySettings(employer, settings(500));
    expect((await employeeOf(user)).availableBalance).toBe("250.00");
    await expectConsistent();
  });
});

describe("the pay schedule", () => {
  it("reads and sets the schedule, and refuses dates that do not fit", async () => {
    const employer = await createEmployer();
    expect((await getPaySchedule(employer)).frequency).toBe("BIWEEKLY");
    const now = on("2026-11-25");
    await updatePaySchedule(
      employer,
      { frequency: "MONTHLY", nextPayDate: "2026-11-30" },
      now,
    );
    expect(await getPaySchedule(employer)).toEqual({
      frequency: "MONTHLY",
      nextPayDate: "2026-11-30",
    });
    const monthly = await appErrorOf(
      updatePaySchedule(
        employer,
        { frequency: "MONTHLY", nextPayDate: "2026-11-27" },
        now,
      ),
    );
    expect(monthly.status).toBe(400);
    expect(monthly.message).toBe(
      "A monthly schedule pays on the last day of the month.",
    );
    const past = await appErrorOf(
      updatePaySchedule(
        employer,
        { frequency: "WEEKLY", nextPayDate: "2026-11-24" },
        now,
      ),
    );
    expect(past.message).toBe("The next pay date cannot be in the past.");
    const bad = await appErrorOf(
      updatePaySchedule(
        employer,
        { frequency: "DAILY", nextPayDate: "x" },
        now,
      ),
    );
    expect(bad.status).toBe(400);
  });

  it("puts deductions on the company's pay dates", async () => {
    const today = isoDay(new Date());
    const next = addDaysIso(today, 3);
    const employer = await companyPaying(next);
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00", 3);
    const ds = await deductionsOf(request.id);
    expect(ds.map((d) => isoDay(d.deductionDate))).toEqual([
      next,
      addDaysIso(next, 14),
      addDaysIso(next, 28),
    ]);
    expect(isoDay((await employeeOf(user)).payCycleEndDate!)).toBe(next);
  });
});

describe("payroll runs are reconciled", () => {
  it("refuses a run dated in the future", async () => {
    const employer = await createEmployer();
    const tomorrow = addDaysIso(isoDay(new Date()), 1);
    const error = await appErrorOf(
      createPayrollRun(employer, { payDate: tomorrow }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(FUTURE_RUN);
  });

  it("records one full, one partial and one failed collection, with arrears on the next pay date", async () => {
    const today = isoDay(new Date());
    const payDay = addDaysIso(today, 2);
    const employer = await companyPaying(payDay);
    const [full, partial, failed] = await Promise.all(
      ["Fay", "Pat", "Finn"].map((firstName) =>
        createEmployee(employer, { firstName }),
      ),
    );
    const requests = [];
    for (const u of [full, partial, failed])
      requests.push(await cardedAdvance(u, "200.00"));

    // On the pay date the run submits the three deductions; nothing is collected yet.
    const { run, created } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    expect(created).toBe(true);
    expect(run.status).toBe("SUBMITTED");
    expect(run.deductions.map((d) => d.status)).toEqual([
      "SUBMITTED",
      "SUBMITTED",
      "SUBMITTED",
    ]);
    expect(run.total).toBe("600.00");
    expect(await getPaySchedule(employer)).toMatchObject({
      nextPayDate: addDaysIso(payDay, 14),
    });
    await expectConsistent();
    for (const u of [full, partial, failed])
      expect(await owedCents(db(), (await employeeOf(u)).id)).toBe(20000);

    const id = (r: { id: number }) =>
      run.deductions.find((d) => d.id === deductionIds.get(r.id))!.id;
    const deductionIds = new Map<number, number>();
    for (const r of requests)
      deductionIds.set(r.id, (await deductionsOf(r.id))[0].id);

    const { run: after, recorded } = await recordPayrollResults(
      employer,
      run.id,
      {
        results: [
          { deductionId: id(requests[0]), collectedAmount: "200.00" },
          { deductionId: id(requests[1]), collectedAmount: "75.50" },
          { deductionId: id(requests[2]), collectedAmount: "0" },
        ],
      },
      on(payDay),
    );
    expect(recorded).toBe(3);
    expect(after.status).toBe("RECONCILED");
    const status = (r: { id: number }) =>
      after.deductions.find((d) => d.id === id(r))!.status;
    expect(status(requests[0])).toBe("COLLECTED");
    expect(status(requests[1])).toBe("COLLECTED");
    expect(status(requests[2])).toBe("MISSED");

    // Arrears on the next pay date, linked to the original.
    const [, partialArrears] = await deductionsOf(requests[1].id);
    expect(partialArrears).toMatchObject({
      amount: "124.50",
      status: "SCHEDULED",
      arrearsOfId: id(requests[1]),
    });
    expect(isoDay(partialArrears.deductionDate)).toBe(addDaysIso(payDay, 14));
    const [, failedArrears] = await deductionsOf(requests[2].id);
    expect(failedArrears.amount).toBe("200.00");

    expect(await owedCents(db(), (await employeeOf(full)).id)).toBe(0);
    expect(await owedCents(db(), (await employeeOf(partial)).id)).toBe(12450);
    expect(await owedCents(db(), (await employeeOf(failed)).id)).toBe(20000);
    expect((await employeeOf(full)).availableBalance).toBe("500.00");
    expect((await employeeOf(partial)).availableBalance).toBe("375.50");
    expect((await employeeOf(failed)).availableBalance).toBe("300.00");

    // The same results again change nothing; a different one is refused.
    const again = await recordPayrollResults(employer, run.id, {
      results: [{ deductionId: id(requests[1]), collectedAmount: "75.50" }],
    });
    expect(again.recorded).toBe(0);
    const changed = await appErrorOf(
      recordPayrollResults(employer, run.id, {
        results: [{ deductionId: id(requests[1]), collectedAmount: "80.00" }],
      }),
    );
    expect(changed.status).toBe(409);
    // Not in the run, more than due: 400, nothing recorded.
    const notIn = await appErrorOf(
      recordPayrollResults(employer, run.id, {
        results: [{ deductionId: partialArrears.id, collectedAmount: "1.00" }],
      }),
    );
    expect(notIn.status).toBe(400);
    expect(notIn.message).toBe(
      `Deduction ${partialArrears.id} is not in this payroll run.`,
    );

    const totals = await companyTotals(
      db(),
      (await employeeOf(full)).companyId!,
    );
    expect(totals.fundedCents).toBe(60000);
    expect(totals.collectedCents).toBe(27550);
    expect(totals.owedCents).toBe(32450);
    await expectConsistent();

    // The next pay date's run collects the arrears; more than due is refused.
    const nextDay = addDaysIso(payDay, 14);
    const second = await createPayrollRun(
      employer,
      { payDate: nextDay },
      on(nextDay),
    );
    expect(second.run.deductions).toHaveLength(2);
    const tooMuch = await appErrorOf(
      recordPayrollResults(employer, second.run.id, {
        results: [
          { deductionId: partialArrears.id, collectedAmount: "124.51" },
        ],
      }),
    );
    // The refusal names the employee and both amounts, not the deduction's id.
    expect(tooMuch.message).toBe(
      "The $124.51 collected from Pat Employee is more than the $124.50 due.",
    );
    await recordPayrollResults(employer, second.run.id, {
      results: second.run.deductions.map((d) => ({
        deductionId: d.id,
        collectedAmount: d.amount,
      })),
    });
    for (const u of [full, partial, failed])
      expect((await employeeOf(u)).availableBalance).toBe("500.00");
    await expectConsistent();
  });

  it("records each deduction once when 20 result posts race", async () => {
    const today = isoDay(new Date());
    const employer = await companyPaying(addDaysIso(today, 1));
    const users: User[] = [];
    for (let i = 0; i < 4; i += 1) users.push(await createEmployee(employer));
    for (const u of users) await cardedAdvance(u, "210.00");
    const payDay = addDaysIso(today, 1);
    const { run } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    const results = run.deductions.map((d) => ({
      deductionId: d.id,
      collectedAmount: "100.00",
    }));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        recordPayrollResults(employer, run.id, { results }, on(payDay)),
      ),
    );
    const recorded = outcomes
      .filter((o) => o.status === "fulfilled")
      .map(
        (o) =>
          (o as PromiseFulfilledResult<{ recorded: number }>).value.recorded,
      );
    expect(recorded.reduce((a, b) => a + b, 0)).toBe(4);
    const [{ n }] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from journal_entries j
          join payroll_deductions d on d.id = j.deduction_id
          where d.run_id = ${run.id} and j.event = 'deduction.collected'`,
    );
    expect(n).toBe(4);
    const [{ arrears }] = await queryRows<{ arrears: number }>(
      db(),
      sql`select count(*)::int as arrears from payroll_deductions
          where arrears_of_id in (select id from payroll_deductions where run_id = ${run.id})`,
    );
    expect(arrears).toBe(4);
    await expectConsistent();
  });

  it("the daily job creates the run on a pay date and never records a collection", async () => {
    const today = isoDay(new Date());
    const payDay = addDaysIso(today, 1);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "200.00");
    // The day before: nothing. On the pay date: a run with the deduction, submitted.
    await runScheduledPayroll(on(today));
    expect((await deductionsOf(request.id))[0].status).toBe("SCHEDULED");
    const result = await runScheduledPayroll(on(payDay));
    expect(result.deductions).toBeGreaterThanOrEqual(1);
    const [d] = await deductionsOf(request.id);
    expect(d).toMatchObject({ status: "SUBMITTED", isPaid: false });
    expect(await owedCents(db(), (await employeeOf(user)).id)).toBe(20000);
    const run = await getPayrollRun(employer, d.runId!);
    expect(run.status).toBe("SUBMITTED");
    // Three days unreconciled: one reminder.
    const later = await runScheduledPayroll(
      new Date(on(payDay).getTime() + 4 * 86_400_000),
    );
    expect(later.reminders).toBeGreaterThanOrEqual(1);
    await expectConsistent();
  });
});

describe("unspent card balances come back", () => {
  it("a card funded $300, $120 spent, closed: $120 owed, the latest deductions reduced", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00", 3);
    const card = await cardOf(request.id);
    for (const cents of [7000, 5000])
      expect(
        (
          await authorizeCardPurchase(card.id, {
            amountCents: cents,
            merchantName: "Corner Grocer",
            merchantCategory: GROCERY,
          })
        ).approved,
      ).toBe(true);
    await closeOwnCard(user, card.id);
    expect((await cardOf(request.id)).status).toBe("closed");
    const employee = await employeeOf(user);
    expect(await owedCents(db(), employee.id)).toBe(12000);
    const ds = await deductionsOf(request.id);
    // 100 + 100 + 100 less 180, the latest first: 100 + 20 left.
    expect(ds.map((d) => d.amount)).toEqual(["100.00", "20.00"]);
    expect(employee.availableBalance).toBe("380.00");
    const later = await authorizeCardPurchase(card.id, {
      amountCents: 100,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    expect(later.approved).toBe(false);
    const twice = await appErrorOf(closeOwnCard(user, card.id));
    expect(twice.status).toBe(409);
    await expectConsistent();
  });
});

describe("a card at the end of its validity", () => {
  it("is closed by the daily job and gives back what it did not spend", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "200.00");
    const card = await cardOf(request.id);
    await authorizeCardPurchase(card.id, {
      amountCents: 7_500,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    const [row] = await queryRows<{ m: number; y: number }>(
      db(),
      sql`select expiry_month as m, expiry_year as y from virtual_cards where id = ${card.id}`,
    );
    // The month after its expiry month.
    const after = new Date(
      Date.UTC(row.m === 12 ? row.y + 1 : row.y, row.m % 12, 2),
    );
    expect(
      await closeExpiredCards(new Date(Date.UTC(row.y, row.m - 1, 28))),
    ).toBe(0);
    expect(await closeExpiredCards(after)).toBeGreaterThanOrEqual(1);
    expect((await cardOf(request.id)).status).toBe("closed");
    expect(await owedCents(db(), (await employeeOf(user)).id)).toBe(7_500);
    await expectConsistent();
  });
});

describe("a card closed after payroll collected more than it spent", () => {
  it("owes the difference back to the employee as a credit, never a negative debt", async () => {
    const today = isoDay(new Date());
    const payDay = addDaysIso(today, 1);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00", 2);
    const card = await cardOf(request.id);
    await authorizeCardPurchase(card.id, {
      amountCents: 5_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    // The first $150 is collected; then the card ($250 left) closes.
    const { run } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await recordPayrollResults(employer, run.id, {
      results: run.deductions.map((d) => ({
        deductionId: d.id,
        collectedAmount: d.amount,
      })),
    });
    await closeOwnCard(user, card.id);
    const employee = await employeeOf(user);
    expect(await owedCents(db(), employee.id)).toBe(0);
    expect(await deductionsOf(request.id)).toHaveLength(1);
    // Spent $50, collected $150: $100 is owed back to the employee.
    const totals = await companyTotals(db(), employee.companyId!);
    expect(totals.creditCents).toBe(10_000);
    // The card page tells the employee.
    const view = await getOwnCard(user, card.id);
    expect(view).toMatchObject({ creditCents: 10_000, remainingCents: 0 });
    expect(employee.availableBalance).toBe("500.00");
    await expectConsistent();
  });
});

describe("leavers", () => {
  it("offboards an employee with a card, a pending request and three deductions", async () => {
    const today = isoDay(new Date());
    const employer = await companyPaying(addDaysIso(today, 2));
    const user = await createEmployee(employer);
    const carded = await cardedAdvance(user, "300.00", 3);
    const card = await cardOf(carded.id);
    await authorizeCardPurchase(card.id, {
      amountCents: 15000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    const pending = await insertAdvance(user, {
      amount: "200.00",
      status: "PENDING",
    });
    const employee = await employeeOf(user);
    const lastPayDate = addDaysIso(today, 2);

    const done = await offboardEmployee(employer, employee.id, { lastPayDate });
    expect(done).toMatchObject({
      cardsClosed: 1,
      requestsCancelled: 1,
    });
    expect((await cardOf(carded.id)).status).toBe("closed");
    const [cancelled] = await queryRows<{ status: string }>(
      db(),
      sql`select status from advance_requests where id = ${pending.id}`,
    );
    expect(cancelled.status).toBe("CANCELLED");
    // $150 spent: owed, all of it on the last pay date.
    const ds = await deductionsOf(carded.id);
    expect(ds.map((d) => isoDay(d.deductionDate))).toEqual(
      ds.map(() => lastPayDate),
    );
    expect(ds.reduce((s, d) => s + Number(d.amount) * 100, 0)).toBe(15000);
    expect(await owedCents(db(), employee.id)).toBe(15000);
    expect((await employeeOf(user)).availableBalance).toBe("0.00");
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "200", repaymentPeriods: 1 }),
    );
    expect(refused.message).toBe(LEFT_COMPANY);
    const twice = await appErrorOf(
      offboardEmployee(employer, employee.id, { lastPayDate }),
    );
    expect(twice.status).toBe(409);
    const other = await appErrorOf(
      offboardEmployee(await createEmployer(), employee.id, { lastPayDate }),
    );
    expect(other.status).toBe(404);

    // The last paycheck covers $40: the rest is written off, a loss for the company.
    const { run } = await createPayrollRun(
      employer,
      { payDate: lastPayDate },
      on(lastPayDate),
    );
    await recordPayrollResults(
      employer,
      run.id,
      {
        results: run.deductions.map((d, i) => ({
          deductionId: d.id,
          collectedAmount: i === 0 ? "40.00" : "0",
        })),
      },
      on(lastPayDate),
    );
    expect(await owedCents(db(), employee.id)).toBe(0);
    const totals = await companyTotals(db(), employee.companyId!);
    expect(totals.writtenOffCents).toBe(11000);
    // The reports show it as a loss.
    const report = await getEmployerReport(employer);
    expect(report.repayment).toMatchObject({
      writtenOffCents: 11000,
      collectedCents: 4000,
      owedCents: 0,
    });
    expect(totals.collectedCents).toBe(4000);
    expect(totals.returnedCents).toBe(15000);
    const events = (await ledgerOf(employee.id)).map((l) => l.event);
    expect(events).toContain("card.unspent_returned");
    expect(events).toContain("deduction.written_off");
    await expectConsistent();
  });
});
