import { eq, sql } from "drizzle-orm";
import { advanceRequests, type User } from "#db/schema";
import {
  authorizeCardPurchase,
  closeOwnCard,
  requestMoneyOf,
  simulateMerchantRefund,
} from "~/models/cards/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { createWebhookEndpoint } from "~/models/integrations/index.server";
import {
  createPayrollRun,
  offboardEmployee,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { loader as dashboardLoader } from "~/routes/_app._index";
import { loader as payrollPageLoader } from "~/routes/_app.payroll";
import { loader as employeeApi } from "~/routes/api.employee";
import { loader as payrollRunApi } from "~/routes/api.payroll-runs.$id";
import { loader as cardsApi } from "~/routes/api.virtual-cards";
import { db, queryRows } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { toCents } from "~/utils/money";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance } from "#tests/support/data";
import { deductionsOf, employeeOf } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// What payroll did with each deduction, told the same way on every surface (docs/decisions/
// 0103): the employee's money story, the run's page and API, the deduction.collected webhook;
// and after a mixed sequence every surface agrees with the ledger.

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";

/** Noon on a "yyyy-MM-dd" day: the moment a test acts on that day. */
const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);
const day = (iso: string) => formatDate(dayStart(iso));

async function companyPaying(next: string) {
  const employer = await createEmployer();
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: next,
  });
  return employer;
}

/** The request's money story on /history, as one string. */
async function storyOf(requestId: number) {
  const rows = await db()
    .select()
    .from(advanceRequests)
    .where(eq(advanceRequests.id, requestId));
  return (await requestMoneyOf(rows)).get(requestId)!.story.join(" ");
}

/** A run on `payDay` with each of its deductions' results, by index. */
async function runWithResults(
  employer: User,
  payDay: string,
  collected: (d: { id: number; amount: string }, i: number) => string,
) {
  const { run } = await createPayrollRun(
    employer,
    { payDate: payDay },
    on(payDay),
  );
  await recordPayrollResults(
    employer,
    run.id,
    {
      results: run.deductions.map((d, i) => ({
        deductionId: d.id,
        collectedAmount: collected(d, i),
      })),
    },
    on(payDay),
  );
  return run;
}

async function runJson(employer: User, runId: number) {
  const res = await call(
    payrollRunApi,
    await requestAs(employer, `/api/payroll-runs/${runId}`),
    { id: String(runId) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as {
    deductions: Array<{
      id: number;
      amount: string;
      status: string;
      collectedAmount: string | null;
      shortfall: string;
      arrearsDeductionId: number | null;
      writtenOffAmount: string;
    }>;
  };
}

describe("the employee's money story tells what payroll did", () => {
  it("a missed result: the $250.00 moved to the next pay date, not '$250, $250 and $250'", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const nextDay = addDaysIso(payDay, 14);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "500.00", 2);
    await runWithResults(employer, payDay, () => "0");

    const story = await storyOf(request.id);
    expect(story).toContain(
      `$250.00 not collected on ${day(payDay)}, $250.00 moved to ${day(nextDay)}`,
    );
    expect(story).toContain(
      `$250.00 on ${day(nextDay)} (carried over from ${day(payDay)})`,
    );
  });

  it("a partial result: '$50.00 of $111.11 collected', not '(collected)'", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const nextDay = addDaysIso(payDay, 14);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "222.22", 2);
    await runWithResults(employer, payDay, () => "50.00");

    const story = await storyOf(request.id);
    expect(story).toContain(
      `$50.00 of $111.11 collected on ${day(payDay)}, $61.11 moved to ${day(nextDay)}`,
    );
    expect(story).not.toContain("(collected)");
  });

  it("a written-off shortfall is told as written off, not as still to be deducted", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00", 1);
    await authorizeCardPurchase(await cardIdOf(request.id), {
      amountCents: 20_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    await offboardEmployee(
      employer,
      (await employeeOf(user)).id,
      { lastPayDate: payDay },
      on(isoDay(new Date())),
    );
    // The last paycheck covers $40 of the $200 spent: the rest is a loss.
    await runWithResults(employer, payDay, () => "40.00");

    const story = await storyOf(request.id);
    expect(story).toContain(
      `$40.00 of $200.00 collected on ${day(payDay)}, $160.00 written off`,
    );
    expect(await deductionsOf(request.id)).toHaveLength(1);
  });
});

async function cardIdOf(requestId: number): Promise<number> {
  const [card] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${requestId}`,
  );
  return card.id;
}

describe("a partial collection reconciles from the run and its webhook", () => {
  it("carries collectedAmount, shortfall and arrearsDeductionId", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const employer = await companyPaying(payDay);
    const endpoint = await createWebhookEndpoint(employer, {
      url: "https://payroll.example.com/hooks",
      events: ["deduction.collected"],
    });
    const user = await createEmployee(employer);
    const request = await cardedAdvance(user, "300.00", 2);
    const run = await runWithResults(employer, payDay, () => "100.00");
    const [first, , arrears] = await deductionsOf(request.id);
    expect(arrears).toMatchObject({ arrearsOfId: first.id, amount: "50.00" });

    const expected = {
      id: first.id,
      amount: "150.00",
      status: "COLLECTED",
      collectedAmount: "100.00",
      shortfall: "50.00",
      arrearsDeductionId: arrears.id,
      writtenOffAmount: "0.00",
    };
    expect((await runJson(employer, run.id)).deductions).toEqual([
      expect.objectContaining(expected),
    ]);
    const [delivery] = await queryRows<{ payload: string }>(
      db(),
      sql`select payload from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    expect(JSON.parse(delivery.payload).data).toMatchObject({
      ...expected,
      payrollRunId: run.id,
    });
    // The run's page has the same figures to show.
    const page = await call(
      payrollPageLoader,
      await requestAs(employer, `/payroll?run=${run.id}`),
    );
    const data = (await page.json()) as {
      run: { deductions: Array<Record<string, unknown>> };
    };
    expect(data.run.deductions[0]).toMatchObject(expected);
  });
});

/** The ledger's own sums, straight from the postings. */
async function ledger(employeeId: number) {
  const [row] = await queryRows<{ owed: string; credit: string }>(
    db(),
    sql`select
          coalesce((select sum(amount) from ledger_postings
            where employee_id = ${employeeId} and account in ('receivable', 'arrears')), 0)::text as owed,
          coalesce((select -sum(amount) from ledger_postings
            where employee_id = ${employeeId} and account = 'credit'), 0)::text as credit`,
  );
  const cards = await queryRows<{ id: number; spent: string; left: string }>(
    db(),
    sql`select c.id,
          coalesce((select -sum(amount) from ledger_postings where card_id = c.id and account = 'merchants'), 0)::text as spent,
          coalesce((select -sum(amount) from ledger_postings where card_id = c.id and account = 'card'), 0)::text as left
        from virtual_cards c join advance_requests r on r.id = c.request_id
        where r.employee_id = ${employeeId}`,
  );
  const collected = await queryRows<{ id: number; collected: string }>(
    db(),
    sql`select j.deduction_id as id, sum(p.amount)::text as collected
        from journal_entries j join ledger_postings p on p.entry_id = j.id
        where j.employee_id = ${employeeId} and p.account = 'payroll'
        group by j.deduction_id`,
  );
  return {
    owed: toCents(row.owed),
    credit: toCents(row.credit),
    cards: new Map(
      cards.map((c) => [
        c.id,
        { spent: toCents(c.spent), left: toCents(c.left) },
      ]),
    ),
    collected: new Map(collected.map((c) => [c.id, toCents(c.collected)])),
  };
}

describe("every surface agrees with the ledger", () => {
  it("after purchases, a refund, a partial and a missed result and a close", async () => {
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const employer = await companyPaying(payDay);
    const user = await createEmployee(employer);
    const a = await cardedAdvance(user, "300.00", 2);
    const b = await cardedAdvance(user, "200.00", 1);
    const cardA = await cardIdOf(a.id);
    const cardB = await cardIdOf(b.id);
    for (const cents of [12_045, 2_045])
      await authorizeCardPurchase(cardA, {
        amountCents: cents,
        merchantName: "Fresh Market",
        merchantCategory: GROCERY,
      });
    await simulateMerchantRefund(user, cardA, {
      amount: "20.45",
      merchantName: "Fresh Market",
    });
    await authorizeCardPurchase(cardB, {
      amountCents: 3_000,
      merchantName: "Corner Grocer",
      merchantCategory: GROCERY,
    });
    // A's first $150 collected in part ($100), B's $200 missed; then card A closes.
    const run = await runWithResults(employer, payDay, (d) =>
      d.amount === "150.00" ? "100.00" : "0",
    );
    await closeOwnCard(user, cardA);

    const employeeId = (await employeeOf(user)).id;
    const truth = await ledger(employeeId);
    // Spent $120.45 on A: owed 300 − 100 collected − 179.55 returned; B's $200 in arrears.
    expect(truth.owed).toBe(2_045 + 20_000);
    expect(truth.cards.get(cardA)).toEqual({ spent: 12_045, left: 0 });
    expect(truth.cards.get(cardB)).toEqual({ spent: 3_000, left: 17_000 });

    const me = (await (
      await call(employeeApi, await requestAs(user, "/api/employee"))
    ).json()) as Record<string, string>;
    expect(toCents(me.owed)).toBe(truth.owed);
    expect(toCents(me.credit)).toBe(truth.credit);
    expect(toCents(me.availableBalance)).toBe(50_000 - truth.owed);

    const cards = (await (
      await call(cardsApi, await requestAs(user, "/api/virtual-cards"))
    ).json()) as Array<{
      id: number;
      spentAmount: string;
      remainingBalance: string;
    }>;
    for (const c of cards)
      expect({
        spent: toCents(c.spentAmount),
        left: toCents(c.remainingBalance),
      }).toEqual(truth.cards.get(c.id));

    const view = await runJson(employer, run.id);
    expect(view.deductions).toHaveLength(2);
    for (const d of view.deductions) {
      const collected = truth.collected.get(d.id) ?? 0;
      expect(toCents(d.collectedAmount ?? "0")).toBe(collected);
      expect(toCents(d.shortfall)).toBe(toCents(d.amount) - collected);
    }

    const dashboard = (await (
      await call(dashboardLoader, await requestAs(user, "/"))
    ).json()) as {
      employee: {
        availableBalance: string;
        availableToRequest: string;
        cards: Array<{ id: number; remaining: string }>;
      };
    };
    const d = dashboard.employee;
    expect(toCents(d.availableBalance)).toBe(50_000 - truth.owed);
    expect(d.availableToRequest).toBe(me.availableToRequest);
    for (const c of d.cards)
      expect(toCents(c.remaining.replace(/[$,]/g, ""))).toBe(
        truth.cards.get(c.id)!.left,
      );
  });
});
