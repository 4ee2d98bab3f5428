import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import {
  authorizeCardPurchase,
  closeOwnCard,
} from "~/models/cards/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import {
  collectAllInRun,
  createPayrollRun,
  offboardEmployee,
  recordLeaverPayout,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import {
  employerToDo,
  loadEmployeeDashboard,
} from "~/models/reports/index.server";
import { loader as dashboardLoader } from "~/routes/_app._index";
import { loader as historyLoader } from "~/routes/_app.history";
import { loader as reportsLoader } from "~/routes/_app.reports";
import { db, queryRows } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance } from "#tests/support/data";
import { employeeOf } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Credits shown to the employer and in the employee's history: the employer
// dashboard's "Owed back to employees", the to-do's leaver owed money (owners and admins), the
// report's owed back and paid back, and the history's "We owe you … it comes back on …" then
// the payback, every figure the ledger's.

useTestDatabase();

const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);

async function company(next: string) {
  const employer = await createEmployer();
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

async function owedBackOnDashboard(employer: User) {
  const res = await call(dashboardLoader, await requestAs(employer, "/"));
  return ((await res.json()) as { employer: { owedBack: string } }).employer
    .owedBack;
}

async function reportFigures(employer: User) {
  const res = await call(reportsLoader, await requestAs(employer, "/reports"));
  const { report } = (await res.json()) as {
    report: { repayment: { creditCents: number; paidBackCents: number } };
  };
  return {
    owedBack: report.repayment.creditCents,
    paidBack: report.repayment.paidBackCents,
  };
}

async function history(user: User) {
  const res = await call(historyLoader, await requestAs(user, "/history"));
  return ((await res.json()) as { credit: unknown[] }).credit;
}

describe("credits on the employer's and the employee's screens", () => {
  it("$400 owed back: the dashboard, the report and the history tell it, then its payback", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const nextPay = addDaysIso(payDay, 14);
    const employer = await company(payDay);
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "500.00", 1);
    const { run: first } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await collectAllInRun(employer, first.id, on(payDay));
    expect(await owedBackOnDashboard(employer)).toBe("0.00");
    expect(await history(user)).toEqual([]);
    await authorizeCardPurchase(await cardIdOf(request.id), {
      amountCents: 10_000,
      merchantName: "Corner Grocer",
      merchantCategory: "grocery_stores_supermarkets",
    });
    await closeOwnCard(user, await cardIdOf(request.id));

    expect(await owedBackOnDashboard(employer)).toBe("400.00");
    expect(await reportFigures(employer)).toEqual({
      owedBack: 40_000,
      paidBack: 0,
    });
    const next = formatDate(dayStart(nextPay), "en");
    expect(await history(user)).toEqual([
      { kind: "owed", by: "PAYROLL", amountText: "$400.00", dateText: next },
    ]);

    // The next run's line is not paid: the history says so, and it is still owed.
    const { run } = await createPayrollRun(
      employer,
      { payDate: nextPay },
      on(nextPay),
    );
    await recordPayrollResults(
      employer,
      run.id,
      { unpaidReimbursements: [run.reimbursements[0].id] },
      on(nextPay),
    );
    const after = addDaysIso(nextPay, 14);
    expect(await history(user)).toEqual([
      {
        kind: "owed",
        by: "PAYROLL",
        amountText: "$400.00",
        dateText: formatDate(dayStart(after), "en"),
      },
      { kind: "notPaid", amountText: "$400.00", dateText: next },
    ]);
    // The run after pays it.
    const { run: third } = await createPayrollRun(
      employer,
      { payDate: after },
      on(after),
    );
    await collectAllInRun(employer, third.id, on(after));
    expect(await owedBackOnDashboard(employer)).toBe("0.00");
    expect(await reportFigures(employer)).toEqual({
      owedBack: 0,
      paidBack: 40_000,
    });
    expect((await history(user))[0]).toEqual({
      kind: "paid",
      by: "PAYROLL",
      amountText: "$400.00",
      dateText: formatDate(dayStart(after), "en"),
    });
  });

  it("a leaver owed $150: on the owner's to-do (not an approver's) until the payment is recorded", async () => {
    const today = isoDay(new Date());
    const employer = await company(today);
    const user = await createEmployee(employer, {
      firstName: "Rosa",
      lastName: "Diaz",
    });
    const employee = await employeeOf(user);
    const request = await cardedAdvance(user, "300.00", 2);
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${today}::date::timestamptz
          where id = (select min(id) from payroll_deductions where request_id = ${request.id})`,
    );
    const { run } = await createPayrollRun(employer, { payDate: today });
    await collectAllInRun(employer, run.id);
    await offboardEmployee(employer, employee.id, { lastPayDate: today });

    const toDo = await employerToDo(employer, 0, new Date(), "en");
    expect(toDo).toContainEqual({
      kind: "leaverOwed",
      name: "Rosa Diaz",
      amountText: "$150.00",
      to: `/employees/${employee.id}`,
    });
    const approver = { ...employer, companyRole: "APPROVER" as const };
    expect(
      (await employerToDo(approver, 0, new Date(), "en")).map((i) => i.kind),
    ).not.toContain("leaverOwed");
    expect(await owedBackOnDashboard(employer)).toBe("150.00");
    expect(await history(user)).toEqual([
      { kind: "owed", by: "EMPLOYER", amountText: "$150.00", dateText: null },
    ]);
    // Her own to-do says her employer pays it, as her dashboard's card does.
    expect((await loadEmployeeDashboard(user)).toDo).toContainEqual({
      kind: "credit",
      amountText: "$150.00",
      byEmployer: true,
      to: "/history",
    });
    // Spanish: the same figures, in words the page renders from its catalogue.
    const es = await employerToDo(employer, 0, new Date(), "es");
    expect(es).toContainEqual(
      expect.objectContaining({ kind: "leaverOwed", amountText: "$150.00" }),
    );

    await recordLeaverPayout(employer, employee.id, { reference: "CHK-9" });
    expect(
      (await employerToDo(employer, 0, new Date(), "en")).map((i) => i.kind),
    ).not.toContain("leaverOwed");
    expect(await owedBackOnDashboard(employer)).toBe("0.00");
    expect(await reportFigures(employer)).toEqual({
      owedBack: 0,
      paidBack: 15_000,
    });
    expect(await history(user)).toEqual([
      {
        kind: "paid",
        by: "EMPLOYER",
        amountText: "$150.00",
        dateText: formatDate(new Date(), "en"),
      },
    ]);
  });
});
