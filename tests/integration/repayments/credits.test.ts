import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import {
  authorizeCardPurchase,
  closeOwnCard,
  requestMoneyOf,
} from "~/models/cards/index.server";

import { updatePaySchedule } from "~/models/companies/index.server";
import {
  collectAllInRun,
  createPayrollRun,
  offboardEmployee,
  payrollRunCsv,
  recordLeaverPayout,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { loader as dashboardLoader } from "~/routes/_app._index";
import {
  action as employeePageAction,
  loader as employeePageLoader,
} from "~/routes/_app.employees.$id";
import { loader as employeeApi } from "~/routes/api.employee";
import { action as payoutApi } from "~/routes/api.employees.$id.credit-payout";
import { loader as payrollRunApi } from "~/routes/api.payroll-runs.$id";
import { db, queryRows } from "~/utils/db.server";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { toCents } from "~/utils/money";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance } from "#tests/support/data";
import { employeeOf } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// Credits paid back: what payroll collected beyond what the cards spent is
// shown to the employee ("We owe you"), netted first against their other advances, otherwise
// paid back as a reimbursement line on the next payroll run (confirmed by its results) or, for
// a leaver, by a payment the employer records; every step on the ledger, the invariants holding.

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";
const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);

async function companyPaying(next: string) {
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

/** The ledger's figures for an employee: owed, credit, paid back. */
async function ledgerOf(employeeId: number) {
  const [row] = await queryRows<{
    owed: string;
    credit: string;
    paid_back: string;
  }>(
    db(),
    sql`select
          coalesce((select sum(amount) from ledger_postings
            where employee_id = ${employeeId} and account in ('receivable', 'arrears')), 0)::text as owed,
          coalesce((select -sum(amount) from ledger_postings
            where employee_id = ${employeeId} and account = 'credit'), 0)::text as credit,
          coalesce((select sum(p.amount) from journal_entries j join ledger_postings p on p.entry_id = j.id
            where j.employee_id = ${employeeId} and j.event = 'credit.paid_back'
              and p.account = 'credit'), 0)::text as paid_back`,
  );
  return {
    owed: toCents(row.owed),
    credit: toCents(row.credit),
    paidBack: toCents(row.paid_back),
  };
}

async function employeeApiOf(user: User) {
  const res = await call(employeeApi, await requestAs(user, "/api/employee"));
  expect(res.status).toBe(200);
  return (await res.json()) as {
    owed: string;
    credit: string;
    creditPayback: { by: string; payDate: string | null } | null;
  };
}

async function dashboardCredit(user: User) {
  const res = await call(dashboardLoader, await requestAs(user, "/"));
  const body = (await res.json()) as {
    employee: {
      credit: { amount: string; by: string; dateText: string | null } | null;
    };
  };
  return body.employee.credit;
}

async function runJson(employer: User, runId: number) {
  const res = await call(
    payrollRunApi,
    await requestAs(employer, `/api/payroll-runs/${runId}`),
    { id: String(runId) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as {
    status: string;
    reimbursementTotal: string;
    reimbursements: Array<{
      employeeId: number;
      amount: string;
      status: string;
    }>;
  };
}

async function expectNoViolations() {
  expect(await checkInvariants(db())).toEqual([]);
}

describe("a credit is paid back with the next paycheck", () => {
  it("the audit's $500 collected, $100 spent, closed: We owe you $400.00, a reimbursement line, then $0", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const nextPay = addDaysIso(payDay, 14);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const employee = await employeeOf(user);
    const request = await cardedAdvance(user, "500.00", 1);
    const cardId = await cardIdOf(request.id);
    // Payroll collects the $500 in full; the card spends $100 and is closed.
    const { run: first } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await collectAllInRun(employer, first.id, on(payDay));
    await authorizeCardPurchase(cardId, {
      amountCents: 10_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    await closeOwnCard(user, cardId);

    expect(await ledgerOf(employee.id)).toEqual({
      owed: 0,
      credit: 40_000,
      paidBack: 0,
    });
    const me = await employeeApiOf(user);
    expect(me.credit).toBe("400.00");
    expect(me.creditPayback).toEqual({ by: "PAYROLL", payDate: nextPay });
    expect(await dashboardCredit(user)).toMatchObject({
      amount: "400.00",
      by: "PAYROLL",
    });
    await expectNoViolations();
    // The history's story of the closed card tells what it spent and gave back, not the
    // $500.00 it once held.
    const [story] = (await requestMoneyOf([request]))
      .get(request.id)!
      .story.slice(-1);
    expect(story).toContain(
      "Your grocery card is closed: $100.00 spent, $400.00 given back.",
    );
    expect(story).not.toContain("holds");

    // The next run carries a $400.00 reimbursement line: in its JSON, its file and its view.
    const { run } = await createPayrollRun(
      employer,
      { payDate: nextPay },
      on(nextPay),
    );
    expect(run.status).toBe("SUBMITTED");
    expect(run.reimbursements).toEqual([
      expect.objectContaining({
        employeeId: employee.id,
        amount: "400.00",
        status: "SUBMITTED",
      }),
    ]);
    const json = await runJson(employer, run.id);
    expect(json.reimbursementTotal).toBe("400.00");
    expect(json.reimbursements).toEqual([
      expect.objectContaining({ amount: "400.00", status: "SUBMITTED" }),
    ]);
    const { csv } = payrollRunCsv(run);
    expect(csv.split("\r\n")[0]).toContain("reimbursementAmount");
    expect(csv).toContain(`,${employee.id},`);
    expect(csv).toContain("REIMBURSEMENT_SUBMITTED,,400.00");
    // Promised on the run: the API says when it comes back.
    expect((await employeeApiOf(user)).creditPayback).toEqual({
      by: "PAYROLL",
      payDate: nextPay,
    });
    await expectNoViolations();

    // The run's results confirm it: paid, posted, the credit 0, the run reconciled.
    await collectAllInRun(employer, run.id, on(nextPay));
    const done = await runJson(employer, run.id);
    expect(done.status).toBe("RECONCILED");
    expect(done.reimbursements[0].status).toBe("PAID");
    expect(await ledgerOf(employee.id)).toEqual({
      owed: 0,
      credit: 0,
      paidBack: 40_000,
    });
    const after = await employeeApiOf(user);
    expect(after.credit).toBe("0.00");
    expect(after.creditPayback).toBeNull();
    expect(await dashboardCredit(user)).toBeNull();
    const [audit] = await queryRows<{ amount: string }>(
      db(),
      sql`select amount::text as amount from audit_events where action = 'credit.paid_back'
          and employer_id = ${employee.companyId}`,
    );
    expect(audit.amount).toBe("400.00");
    await expectNoViolations();
  });

  it("a run's results that leave a deduction open do not pay its reimbursement lines yet", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const nextPay = addDaysIso(payDay, 14);
    const employer = await companyPaying(payDay);
    const owedBack = await createEmployee(employer);
    const other = await createEmployee(employer);
    const a = await cardedAdvance(owedBack, "300.00", 1);
    await cardedAdvance(other, "200.00", 1);
    // Both collected on the first pay date; only the other employee's advance is still due.
    const { run: first } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await collectAllInRun(employer, first.id, on(payDay));
    await closeOwnCard(owedBack, await cardIdOf(a.id));
    const b = await cardedAdvance(other, "200.00", 1);
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${nextPay}::date::timestamptz
          where request_id = ${b.id}`,
    );
    const { run } = await createPayrollRun(
      employer,
      { payDate: nextPay },
      on(nextPay),
    );
    expect(run.reimbursements.map((l) => l.amount)).toEqual(["300.00"]);
    expect(run.deductions).toHaveLength(1);
    // Nothing but the reimbursement may not be confirmed while a deduction is open.
    await expect(
      recordPayrollResults(employer, run.id, { results: [] }, on(nextPay)),
    ).rejects.toMatchObject({ status: 400 });
    await recordPayrollResults(
      employer,
      run.id,
      {
        results: [
          { deductionId: run.deductions[0].id, collectedAmount: "200.00" },
        ],
      },
      on(nextPay),
    );
    const done = await runJson(employer, run.id);
    expect(done.status).toBe("RECONCILED");
    expect(done.reimbursements[0].status).toBe("PAID");
    expect((await ledgerOf((await employeeOf(owedBack)).id)).credit).toBe(0);
    await expectNoViolations();
  });
});

describe("a credit is netted first against the employee's other advances", () => {
  it("a $400 credit takes $200 off another advance's deductions; $200 is left to pay back", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const employee = await employeeOf(user);
    const a = await cardedAdvance(user, "500.00", 1);
    const { run } = await createPayrollRun(
      employer,
      { payDate: payDay },
      on(payDay),
    );
    await collectAllInRun(employer, run.id, on(payDay));
    // A second advance after the run: its $200 is scheduled for a later pay date.
    const b = await cardedAdvance(user, "200.00", 2);
    await authorizeCardPurchase(await cardIdOf(a.id), {
      amountCents: 10_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    await closeOwnCard(user, await cardIdOf(a.id));

    expect(await ledgerOf(employee.id)).toEqual({
      owed: 0,
      credit: 20_000,
      paidBack: 0,
    });
    const [open] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from payroll_deductions
          where request_id = ${b.id} and status = 'SCHEDULED'`,
    );
    expect(open.n).toBe(0);
    const me = await employeeApiOf(user);
    expect(me.owed).toBe("0.00");
    expect(me.credit).toBe("200.00");
    await expectNoViolations();
  });
});

describe("a leaver's credit is paid by the employer", () => {
  it("the audit's leaver owed $150: the employer records the payment, the credit is 0", async () => {
    const today = isoDay(new Date());
    const employer = await companyPaying(today);
    const user = await createEmployee(employer);
    const employee = await employeeOf(user);
    const request = await cardedAdvance(user, "300.00", 2);
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${today}::date::timestamptz
          where id = (select min(id) from payroll_deductions where request_id = ${request.id})`,
    );
    const { run } = await createPayrollRun(employer, { payDate: today });
    expect(run.deductions.map((d) => d.amount)).toEqual(["150.00"]);
    await collectAllInRun(employer, run.id);
    // Not a leaver yet: the employer cannot pay it directly (it comes with the next paycheck).
    const early = await call(
      payoutApi,
      await requestAs(employer, `/api/employees/${employee.id}/credit-payout`, {
        method: "POST",
        json: {},
      }),
      { id: String(employee.id) },
    );
    expect(early.status).toBe(409);
    // She leaves today, $150 collected and $0 spent: the card's $300 comes back.
    await offboardEmployee(employer, employee.id, { lastPayDate: today });
    expect(await ledgerOf(employee.id)).toEqual({
      owed: 0,
      credit: 15_000,
      paidBack: 0,
    });
    const me = await employeeApiOf(user);
    expect(me.credit).toBe("150.00");
    expect(me.creditPayback).toEqual({ by: "EMPLOYER", payDate: null });
    expect(await dashboardCredit(user)).toMatchObject({
      amount: "150.00",
      by: "EMPLOYER",
    });

    const res = await call(
      payoutApi,
      await requestAs(employer, `/api/employees/${employee.id}/credit-payout`, {
        method: "POST",
        json: { reference: "CHK-1042" },
      }),
      { id: String(employee.id) },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      employeeId: employee.id,
      amount: "150.00",
      method: "RECORDED",
      reference: "CHK-1042",
    });
    expect(await ledgerOf(employee.id)).toEqual({
      owed: 0,
      credit: 0,
      paidBack: 15_000,
    });
    expect((await employeeApiOf(user)).creditPayback).toBeNull();
    // Nothing left to pay: a second payment is refused and changes nothing.
    await expect(
      recordLeaverPayout(employer, employee.id, {}),
    ).rejects.toMatchObject({ status: 409 });
    const audit = await queryRows<{ details: { reference?: string } }>(
      db(),
      sql`select details from audit_events where action = 'credit.paid_back'
          and employer_id = ${employee.companyId}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].details.reference).toBe("CHK-1042");
    await expectNoViolations();
  });

  it("refuses an employee of another company (404) and an employee caller (403)", async () => {
    const employer = await companyPaying(isoDay(new Date()));
    const stranger = await createEmployer();
    const user = await createEmployee(employer);
    const employee = await employeeOf(user);
    await expect(
      recordLeaverPayout(stranger, employee.id, {}),
    ).rejects.toMatchObject({ status: 404 });
    const res = await call(
      payoutApi,
      await requestAs(user, `/api/employees/${employee.id}/credit-payout`, {
        method: "POST",
        json: {},
      }),
      { id: String(employee.id) },
    );
    expect(res.status).toBe(403);
  });

  it("the employee's page tells the employer and records the payment from a plain form", async () => {
    const today = isoDay(new Date());
    const employer = await companyPaying(today);
    const user = await createEmployee(employer);
    const employee = await employeeOf(user);
    const request = await cardedAdvance(user, "300.00", 1);
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${today}::date::timestamptz
          where request_id = ${request.id}`,
    );
    const { run } = await createPayrollRun(employer, { payDate: today });
    await collectAllInRun(employer, run.id);
    await offboardEmployee(employer, employee.id, { lastPayDate: today });
    const page = async () =>
      (await (
        await call(
          employeePageLoader,
          await requestAs(employer, `/employees/${employee.id}`),
          { id: String(employee.id) },
        )
      ).json()) as { credit: { amount: string; by: string } | null };
    expect((await page()).credit).toEqual({
      amount: "$300.00",
      by: "EMPLOYER",
      payDate: null,
    });
    const post = (form: Record<string, string>) =>
      requestAs(employer, `/employees/${employee.id}`, {
        method: "POST",
        form,
      }).then((req) =>
        call(employeePageAction, req, { id: String(employee.id) }),
      );
    // Unconfirmed: refused with the message, nothing paid.
    const refused = await post({ intent: "payout", reference: "CHK-7" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(
      "Please confirm that the company has paid this amount to the employee.",
    );
    expect((await ledgerOf(employee.id)).credit).toBe(30_000);
    const paid = await post({
      intent: "payout",
      reference: "CHK-7",
      confirm: "on",
    });
    expect(paid.status).toBe(302);
    expect((await page()).credit).toBeNull();
    expect(await ledgerOf(employee.id)).toEqual({
      owed: 0,
      credit: 0,
      paidBack: 30_000,
    });
    await expectNoViolations();
  });
});
