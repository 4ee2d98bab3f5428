import { addDays } from "date-fns";
import { sql } from "drizzle-orm";
import { advanceRequests } from "#db/schema";
import {
  exportNextPayrollCsv,
  parseRunDate,
  runPayroll,
  createPayrollRun,
  FUTURE_RUN,
  getPayrollRun,
} from "~/models/payroll/index.server";

import { isoDay } from "~/utils/pay-schedule";
import { loader as exportLoader } from "~/routes/payroll.export";
import {
  action as payrollAction,
  loader as payrollLoader,
} from "~/routes/_app.payroll";
import { db, queryRows } from "~/utils/db.server";
import { toCents } from "~/utils/money";
import { useTestDatabase } from "#tests/support/db";
import { toastOf } from "#tests/support/toasts";
import { insertAdvance, cardedAdvance } from "#tests/support/data";
import { companyIdOf, deductionsOf, employeeOf } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
useTestDatabase();

const noon = (day: Date) => new Date(day.getTime() + 12 * 3_600_000);

describe("runPayroll (the command)", () => {
  it("submits what is due in each company's run, once, and collects nothing", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00", 3);
    expect((await employeeOf(user)).availableBalance).toBe("200.00");
    const [first, second] = await deductionsOf(request.id);

    // A run before the first deduction date submits nothing.
    const day = addDays(first.deductionDate, -1);
    const early = await runPayroll(day, noon(day));
    expect(early.deductionsSubmitted).toBe(0);

    const runDate = first.deductionDate;
    const summary = await runPayroll(runDate, noon(runDate));
    expect(summary).toMatchObject({
      deductionsSubmitted: 1,
      totalSubmitted: "100.00",
      employers: 1,
    });
    const after = await deductionsOf(request.id);
    expect(after[0]).toMatchObject({ status: "SUBMITTED", isPaid: false });
    expect(after[0].runId).not.toBeNull();
    expect(after[1].status).toBe("SCHEDULED");
    // Submitted is not collected: the balance waits for the result.
    expect((await employeeOf(user)).availableBalance).toBe("200.00");
    // The company's next pay date moved on past the run.
    expect((await employeeOf(user)).payCycleEndDate!.getTime()).toBe(
      second.deductionDate.getTime(),
    );

    const again = await runPayroll(runDate, noon(runDate));
    expect(again.deductionsSubmitted).toBe(0);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("refuses a date in the future", async () => {
    await expect(runPayroll(addDays(new Date(), 1))).rejects.toMatchObject({
      status: 400,
      message: FUTURE_RUN,
    });
  });

  it("submits each deduction once when three runs race", async () => {
    const employer = await createEmployer();
    const users = await Promise.all([
      createEmployee(employer),
      createEmployee(employer),
    ]);
    for (const u of users) await cardedAdvance(u, "250.00", 2);
    const runDate = addDays(new Date(), 60);
    const results = await Promise.all([
      runPayroll(runDate, runDate),
      runPayroll(runDate, runDate),
      runPayroll(runDate, runDate),
    ]);
    // Other tests' companies may have deductions due too: count this company's.
    expect(
      results.reduce((n, r) => n + r.deductionsSubmitted, 0),
    ).toBeGreaterThanOrEqual(4);
    const [mine] = await queryRows<{ n: number; total: string }>(
      db(),
      sql`select count(*)::int as n, sum(d.amount)::text as total
          from payroll_deductions d join advance_requests r on r.id = d.request_id
          join employees e on e.id = r.employee_id
          where e.employer_id = ${companyIdOf(employer)} and d.status = 'SUBMITTED'`,
    );
    expect(mine).toEqual({ n: 4, total: "500.00" });
    const [{ runs }] = await queryRows<{ runs: number }>(
      db(),
      sql`select count(*)::int as runs from payroll_runs where company_id = ${companyIdOf(employer)}`,
    );
    expect(runs).toBe(1);
  });

  it("limits the employer's run to their own company", async () => {
    const a = await createEmployer();
    const b = await createEmployer();
    const ua = await createEmployee(a);
    const ub = await createEmployee(b);
    const ra = await cardedAdvance(ua, "200.00");
    const rb = await cardedAdvance(ub, "200.00");
    const [da] = await deductionsOf(ra.id);
    const { run } = await createPayrollRun(
      a,
      { payDate: isoDay(da.deductionDate) },
      noon(da.deductionDate),
    );
    expect(run.deductions).toHaveLength(1);
    expect((await deductionsOf(rb.id))[0].status).toBe("SCHEDULED");
    await expect(getPayrollRun(b, run.id)).rejects.toMatchObject({
      status: 404,
    });
    // The run's page and its file answer another company's employer 404, never 500.
    const page = await call(
      payrollLoader,
      await requestAs(b, `/payroll?run=${run.id}`),
    );
    expect(page.status).toBe(404);
    const file = await call(
      exportLoader,
      await requestAs(b, `/payroll/export?run=${run.id}`),
    );
    expect(file.status).toBe(404);
    expect(await file.text()).toBe("Payroll run not found.");
    // Its own company's employer gets both.
    expect(
      (await call(payrollLoader, await requestAs(a, `/payroll?run=${run.id}`)))
        .status,
    ).toBe(200);
  });

  it("parses run dates strictly", () => {
    expect(parseRunDate("2026-11-22").getDate()).toBe(22);
    expect(() => parseRunDate("2026-02-30")).toThrow(
      "Use a date like 2026-11-22.",
    );
    expect(() => parseRunDate("tomorrow")).toThrow();
  });
});

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("payroll export", () => {
  it("exports the next payroll's deductions as quoted CSV matching the database", async () => {
    const employer = await createEmployer();
    const tricky = await createEmployee(employer, {
      firstName: 'Jo "JJ"',
      lastName: "O'Neil, Jr.",
      department: "=SUM(A1)",
    });
    const plain = await createEmployee(employer);
    const other = await createEmployee(await createEmployer());
    await cardedAdvance(tricky, "500.00", 3);
    await cardedAdvance(plain, "210.00");
    await cardedAdvance(other, "400.00");
    await insertAdvance(plain, { amount: "220.00", status: "PENDING" });
    // Approved but never paid for: no deductions, so not in the export (the money model).
    const unpaid = await insertAdvance(plain, {
      amount: "200.00",
      status: "APPROVED",
    });

    const res = await call(
      exportLoader,
      await requestAs(employer, "/payroll/export"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="payroll-deductions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([
      "Employee",
      "Email",
      "Department",
      "Deduction Date",
      "Amount",
      "Request ID",
    ]);
    // The next payroll (the company's next pay date) collects the first deduction of each
    // carded advance.
    expect(rows).toHaveLength(2);
    const names = rows.map((r) => r[0]).sort();
    expect(names).toEqual([`Eddie Employee`, `Jo "JJ" O'Neil, Jr.`].sort());
    expect(rows.find((r) => r[0].startsWith("Jo"))![2]).toBe("'=SUM(A1)");
    const total = rows.reduce((sum, r) => sum + toCents(r[4]), 0);
    const [expected] = await queryRows<{ total: string }>(
      db(),
      sql`select coalesce(sum(d.amount), 0)::text as total from payroll_deductions d
          join advance_requests r on r.id = d.request_id
          join employees e on e.id = r.employee_id
          where e.employer_id = ${companyIdOf(employer)} and d.status = 'SCHEDULED'
            and d.deduction_date < ${addDays(new Date(), 16).toISOString()}::timestamptz`,
    );
    expect(total).toBe(toCents(expected.total));
    expect(total).toBe(16667 + 21000);
    expect(rows.map((r) => r[5])).not.toContain(String(unpaid.id));
    const ids = await db()
      .select({ id: advanceRequests.id })
      .from(advanceRequests);
    for (const r of rows) expect(ids.map((x) => String(x.id))).toContain(r[5]);
  });

  it("is for employers only", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const res = await call(
      exportLoader,
      await requestAs(employee, "/payroll/export"),
    );
    expect(res.status).toBe(403);
    const anon = await call(
      exportLoader,
      await requestAs(null, "/payroll/export"),
    );
    expect(anon.status).toBe(302);
    await expect(exportNextPayrollCsv(employee)).rejects.toThrow();
  });
});

describe("Run payroll action", () => {
  it("needs the confirmation and runs for the employer's company", async () => {
    const employer = await createEmployer();
    const unconfirmed = await call(
      payrollAction,
      await requestAs(employer, "/payroll", { form: {} }),
    );
    expect(unconfirmed.status).toBe(400);
    const ok = await call(
      payrollAction,
      await requestAs(employer, "/payroll", { form: { confirm: "on" } }),
    );
    // Nothing was due: it says so, and creates no run to look at.
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/payroll");
    expect(await toastOf(ok)).toEqual({
      type: "success",
      title: "Nothing to submit",
      description: "There were no deductions due.",
    });
    const employee = await createEmployee(employer);
    const denied = await call(
      payrollAction,
      await requestAs(employee, "/payroll", { form: { confirm: "on" } }),
    );
    expect(denied.status).toBe(403);
  });

  it("says what this press submitted, and nothing when the run already took it", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const request = await cardedAdvance(employee, "300.00", 2);
    // Both deductions due by today (crafted dates).
    await db().execute(
      sql`update payroll_deductions set deduction_date = now() - interval '1 day'
        where request_id = ${request.id}`,
    );
    const run = async () =>
      call(
        payrollAction,
        await requestAs(employer, "/payroll", { form: { confirm: "on" } }),
      );
    const first = await run();
    expect(first.headers.get("Location")).toMatch(/^\/payroll\?run=\d+$/);
    expect(await toastOf(first)).toMatchObject({
      title: "Payroll run created",
      description:
        "2 deductions submitted, $300.00 in total. Record what payroll collected when it is done.",
    });
    // The same day's run already holds them: nothing new, and the message says so.
    expect(await toastOf(await run())).toMatchObject({
      title: "Nothing to submit",
      description: "There were no deductions due.",
    });
  });
});
