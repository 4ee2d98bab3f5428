import { addDays } from "date-fns";
import {
  authorizeCardPurchase,
  closeOwnCard,
} from "~/models/cards/index.server";
import { inviteEmployee } from "~/models/companies/index.server";
import {
  createPayrollRun,
  offboardEmployee,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import {
  loadEmployeeDashboard,
  loadEmployerDashboard,
} from "~/models/reports/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { loader as dashboardLoader } from "~/routes/_app._index";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance, insertAdvance } from "#tests/support/data";
import { employeeOf } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import { db, queryRows } from "~/utils/db.server";
import { sql } from "drizzle-orm";

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";
const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);

async function cardOf(requestId: number) {
  const [card] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${requestId}`,
  );
  return card;
}

describe("the employee's to-do", () => {
  it("asks first to pay for an approved advance, with its deadline and the checkout", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Nora" });
    expect((await loadEmployeeDashboard(employee)).toDo).toEqual([]);
    const approvalDate = new Date();
    const request = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      approvalDate,
    });
    const data = await loadEmployeeDashboard(employee);
    expect(data.toDo).toEqual([
      expect.objectContaining({
        kind: "pay",
        requestId: request.id,
        amountText: "$300.00",
        feeText: "$15.99",
        companyPays: false,
        payByText: expect.stringMatching(/^[A-Z][a-z]{2} [1-9]\d?, \d{4}$/),
        to: `/checkout?amount=300.00&requestId=${request.id}`,
      }),
    ]);
    // Spanish dates and money on a Spanish page.
    const es = await loadEmployeeDashboard(employee, new Date(), "es");
    expect(es.toDo[0]).toMatchObject({
      kind: "pay",
      payByText: expect.stringMatching(/^\d{1,2} [a-z]{3}\.? \d{4}$/),
    });
  });

  it("shows a purchase declined in the last days, then a credit owed", async () => {
    const today = isoDay(new Date());
    const payDay = addDaysIso(today, 1);
    const employer = await createEmployer();
    await updatePaySchedule(employer, {
      frequency: "BIWEEKLY",
      nextPayDate: payDay,
    });
    const employee = await createEmployee(employer);
    const request = await cardedAdvance(employee, "300.00", 2);
    const card = await cardOf(request.id);
    expect((await loadEmployeeDashboard(employee)).toDo).toEqual([]);
    await authorizeCardPurchase(card.id, {
      amountCents: 4_000,
      merchantName: "Gas & Go",
      merchantCategory: "service_stations",
    });
    const declined = await loadEmployeeDashboard(employee);
    expect(declined.toDo).toEqual([
      expect.objectContaining({
        kind: "declinedPurchase",
        amountText: "$40.00",
        merchant: "Gas & Go",
        reason: expect.any(String),
        to: `/cards/${card.id}`,
      }),
    ]);
    // A week on, it is no longer something to do.
    expect(
      (await loadEmployeeDashboard(employee, addDays(new Date(), 8))).toDo,
    ).toEqual([]);

    // Spent $50, collected $150, then the card closed: $100 is owed back.
    await authorizeCardPurchase(card.id, {
      amountCents: 5_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
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
    await closeOwnCard(employee, card.id);
    const credit = await loadEmployeeDashboard(employee);
    expect(credit.toDo.at(-1)).toEqual({
      kind: "credit",
      amountText: "$100.00",
      byEmployer: false,
      to: "/history",
    });
  });
});

describe("the employer's to-do", () => {
  it("gives owners and admins runs, invitations and people not paid; approvers the requests", async () => {
    const today = isoDay(new Date());
    const payDay = addDaysIso(today, 1);
    const owner = await createEmployer();
    await updatePaySchedule(owner, {
      frequency: "BIWEEKLY",
      nextPayDate: payDay,
    });
    expect((await loadEmployerDashboard(owner)).toDo).toEqual([]);

    const ana = await createEmployee(owner, { firstName: "Ana" });
    const ben = await createEmployee(owner, { firstName: "Ben" });
    const leaver = await createEmployee(owner, { firstName: "Lee" });
    await insertAdvance(ana, { amount: "250.00" });
    await insertAdvance(ben, { amount: "300.00", status: "APPROVED" });
    await insertAdvance(leaver, { amount: "200.00", status: "APPROVED" });
    await offboardEmployee(owner, (await employeeOf(leaver)).id, {
      lastPayDate: today,
    });
    await inviteEmployee(owner, {
      email: `${uniqueName("invitee")}@example.com`,
      firstName: "Ivy",
      lastName: "Invitee",
    });
    const carded = await createEmployee(owner, { firstName: "Cy" });
    await cardedAdvance(carded, "200.00");
    const { run } = await createPayrollRun(
      owner,
      { payDate: payDay },
      on(payDay),
    );

    const data = await loadEmployerDashboard(owner);
    expect(data.toDo).toEqual([
      { kind: "approvals", count: 1, to: "/approvals" },
      {
        kind: "runs",
        count: 1,
        payDateText: expect.stringMatching(/^[A-Z][a-z]{2} [1-9]\d?, \d{4}$/),
        to: `/payroll?run=${run.id}`,
      },
      { kind: "invitations", count: 1, to: "/employees" },
      // Ben, approved and not paid for; not the leaver, nor Cy, who has his card.
      {
        kind: "unpaid",
        name: "Ben Employee",
        amountText: "$300.00",
        companyPays: false,
        payByText: expect.any(String),
        to: `/employees/${(await employeeOf(ben)).id}`,
      },
    ]);

    const approver = { ...owner, companyRole: "APPROVER" as const };
    expect((await loadEmployerDashboard(approver)).toDo).toEqual([
      { kind: "approvals", count: 1, to: "/approvals" },
    ]);
  });

  it("is on the dashboard page's data, first", async () => {
    const owner = await createEmployer();
    const employee = await createEmployee(owner);
    await insertAdvance(employee, { amount: "250.00" });
    const res = await call(dashboardLoader, await requestAs(owner, "/"));
    const body = (await res.json()) as {
      employer: { toDo: { kind: string }[] };
    };
    expect(body.employer.toDo).toEqual([
      { kind: "approvals", count: 1, to: "/approvals" },
    ]);
  });
});
