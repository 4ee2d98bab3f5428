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
} from "~/models/payroll/index.server";
import {
  action as payrollPageAction,
  loader as payrollPageLoader,
} from "~/routes/_app.payroll";
import { loader as employeeApi } from "~/routes/api.employee";
import { action as resultsApi } from "~/routes/api.payroll-runs.$id.results";
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
// A reimbursement line the payroll did not pay: recorded as NOT_PAID from the
// run's page (a plain form) or the results endpoint; nothing is posted, the credit stays owed
// and goes on the next run, which pays it. Bad input is refused with a message, changing nothing.

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";
const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);

async function creditOf(employeeId: number) {
  const [row] = await queryRows<{ credit: string }>(
    db(),
    sql`select coalesce((select -sum(amount) from ledger_postings
          where employee_id = ${employeeId} and account = 'credit'), 0)::text as credit`,
  );
  return toCents(row.credit);
}

async function employeeApiOf(user: User) {
  const res = await call(employeeApi, await requestAs(user, "/api/employee"));
  return (await res.json()) as {
    credit: string;
    creditPayback: { by: string; payDate: string | null } | null;
  };
}

function postResults(employer: User, runId: number, json: unknown) {
  return requestAs(employer, `/api/payroll-runs/${runId}/results`, {
    method: "POST",
    json,
  }).then((req) => call(resultsApi, req, { id: String(runId) }));
}

/** $500 collected, $100 spent, the card closed: a $400 line on the next run. */
async function owedOnARun() {
  const payDay = addDaysIso(isoDay(new Date()), 1);
  const nextPay = addDaysIso(payDay, 14);
  const employer = await createEmployer();
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: payDay,
  });
  const user = await createEmployee(employer);
  const employee = await employeeOf(user);
  const request = await cardedAdvance(user, "500.00", 1);
  const { run: first } = await createPayrollRun(
    employer,
    { payDate: payDay },
    on(payDay),
  );
  await collectAllInRun(employer, first.id, on(payDay));
  const [card] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${request.id}`,
  );
  await authorizeCardPurchase(card.id, {
    amountCents: 10_000,
    merchantName: "Corner Grocer",
    merchantCategory: GROCERY,
  });
  await closeOwnCard(user, card.id);
  const { run } = await createPayrollRun(
    employer,
    { payDate: nextPay },
    on(nextPay),
  );
  expect(run.reimbursements).toHaveLength(1);
  return {
    employer,
    user,
    employee,
    run,
    line: run.reimbursements[0],
    payDay,
    nextPay,
  };
}

describe("payroll did not pay a reimbursement line", () => {
  it("through the API: NOT_PAID, the credit stays owed, the next run pays it", async () => {
    const { employer, user, employee, run, line, nextPay } = await owedOnARun();
    const res = await postResults(employer, run.id, {
      unpaidReimbursements: [line.id],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      status: string;
      reimbursements: { id: number; status: string }[];
    };
    // Nothing else was open: the run is reconciled, the line NOT_PAID.
    expect(body.status).toBe("RECONCILED");
    expect(body.reimbursements).toEqual([
      expect.objectContaining({ id: line.id, status: "NOT_PAID" }),
    ]);
    expect(await creditOf(employee.id)).toBe(40_000);
    // No longer promised on that run: it comes with the pay date after.
    const after = addDaysIso(nextPay, 14);
    expect((await employeeApiOf(user)).creditPayback).toEqual({
      by: "PAYROLL",
      payDate: after,
    });
    expect(await checkInvariants(db())).toEqual([]);
    // The same post again changes nothing.
    const again = await postResults(employer, run.id, {
      unpaidReimbursements: [line.id],
    });
    expect(again.status).toBe(200);
    expect(await creditOf(employee.id)).toBe(40_000);

    const { run: next } = await createPayrollRun(
      employer,
      { payDate: after },
      on(after),
    );
    expect(next.reimbursements).toEqual([
      expect.objectContaining({ amount: "400.00", status: "SUBMITTED" }),
    ]);
    await collectAllInRun(employer, next.id, on(after));
    expect(await creditOf(employee.id)).toBe(0);
    const [audit] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_events where action = 'credit.not_paid'
          and employer_id = ${employee.companyId}`,
    );
    expect(audit.n).toBe(1);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("refuses bad input with a message and changes nothing", async () => {
    const { employer, employee, run, line } = await owedOnARun();
    const refusals: [unknown, number, string][] = [
      [{ unpaidReimbursements: "all" }, 400, "unpaidReimbursements"],
      [{ unpaidReimbursements: [-3] }, 400, "unpaidReimbursements"],
      [{}, 400, "Send at least one result."],
      [
        { unpaidReimbursements: [line.id + 1000] },
        400,
        `Reimbursement line ${line.id + 1000} is not in this payroll run.`,
      ],
      [
        { unpaidReimbursements: [line.id, line.id] },
        400,
        `Reimbursement line ${line.id} appears more than once.`,
      ],
    ];
    for (const [json, status, message] of refusals) {
      const res = await postResults(employer, run.id, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    // No result at all confirms a run with only its lines open: the line is paid.
    const confirmed = await postResults(employer, run.id, { results: [] });
    expect(confirmed.status).toBe(200);
    expect(
      ((await confirmed.json()) as { reimbursements: { status: string }[] })
        .reimbursements[0].status,
    ).toBe("PAID");
    // Paid already: not paid is refused (409).
    const paid = await postResults(employer, run.id, {
      unpaidReimbursements: [line.id],
    });
    expect(paid.status).toBe(409);
    expect(JSON.stringify(await paid.json())).toContain(
      `Reimbursement line ${line.id} is already recorded as paid.`,
    );
    expect(await creditOf(employee.id)).toBe(0);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("from the run's page, a plain form: the line reads Not paid", async () => {
    const { employer, employee, run, line } = await owedOnARun();
    const post = (form: Record<string, string>) =>
      requestAs(employer, "/payroll", { method: "POST", form }).then((req) =>
        call(payrollPageAction, req),
      );
    const bad = await post({
      intent: "line-not-paid",
      runId: String(run.id),
      lineId: "abc",
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(
      "Choose a reimbursement line of this run.",
    );
    const done = await post({
      intent: "line-not-paid",
      runId: String(run.id),
      lineId: String(line.id),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/payroll?run=${run.id}`);
    const page = await call(
      payrollPageLoader,
      await requestAs(employer, `/payroll?run=${run.id}`),
    );
    const data = (await page.json()) as {
      run: { status: string; reimbursements: { status: string }[] };
    };
    expect(data.run.reimbursements[0].status).toBe("NOT_PAID");
    expect(data.run.status).toBe("RECONCILED");
    expect(await creditOf(employee.id)).toBe(40_000);
  });
});
