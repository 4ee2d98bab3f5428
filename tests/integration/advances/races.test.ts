import { addDays } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { advanceRequests, type User } from "#db/schema";
import {
  approveAdvance,
  declineAdvance,
  BALANCE_NO_LONGER_COVERS,
  requestAdvance,
} from "~/models/advances/index.server";

import { runPayroll } from "~/models/payroll/index.server";
import { updateCompanySettings } from "~/models/companies/index.server";
import { action as requestsApi } from "~/routes/api.advance-requests";
import { action as approveApi } from "~/routes/api.advance-requests.$id.approve";
import { db, queryRows } from "~/utils/db.server";
import { toCents } from "~/utils/money";
import { insertAdvance, insertCard } from "#tests/support/data";
import { employeeOf, setApprovalLimit, setEmployee } from "#tests/support/rows";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// Races, on PGlite and on PostgreSQL (TEST_DATABASE_URL): concurrent requests and
// approvals at the edge of an employee's balance, payroll runs racing them, card rows racing
// for one request, and a lower max advance racing approvals. After each, checkInvariants()
// finds nothing, and every employee's balance plus their unpaid deductions equals the max
// advance they started from (nothing was lost or counted twice).
//
// Covered elsewhere, not repeated here: 20 concurrent approvals of one request and an approve
// racing a decline (approval.test.ts "gives exactly one success…", "lets exactly one of a
// racing approve and decline win…", "gives exactly one success to concurrent declines"), and
// concurrent payroll runs (payroll.test.ts "pays each deduction once when two runs race").

const database = useTestDatabase();
let racesRun = 0;

afterAll(() => {
  console.info(`races: ${racesRun} concurrent scenarios on ${database.kind}`);
});

async function expectConsistent() {
  expect(await checkInvariants(db())).toEqual([]);
}

/**
 * Balance + unpaid deductions + approved amounts still waiting for their card (reserved at
 * approval; their deductions come with the card), in cents: the max advance while nothing is
 * capped.
 */
async function ledgerOf(user: User): Promise<number> {
  const employee = await employeeOf(user);
  const [row] = await queryRows<{ unpaid: string; reserved: string }>(
    db(),
    sql`select
          (select coalesce(sum(d.amount), 0)::text
             from payroll_deductions d join advance_requests r on r.id = d.request_id
             where r.employee_id = ${employee.id} and d.is_paid = false) as unpaid,
          (select coalesce(sum(r.amount), 0)::text from advance_requests r
             where r.employee_id = ${employee.id} and r.status = 'APPROVED'
               and not exists (select 1 from virtual_cards c where c.request_id = r.id)) as reserved`,
  );
  return (
    toCents(employee.availableBalance) +
    toCents(row.unpaid) +
    toCents(row.reserved)
  );
}

async function company(employees = 1) {
  const employer = await createEmployer();
  const staff: User[] = [];
  for (let i = 0; i < employees; i++)
    staff.push(await createEmployee(employer));
  return { employer, staff };
}

const rejected = (results: PromiseSettledResult<unknown>[]) =>
  results.filter((r): r is PromiseRejectedResult => r.status === "rejected");

describe("races at the edge of the balance", () => {
  it("five concurrent $300 requests, auto-approved under a raised limit, spend $500 once", async () => {
    const { employer, staff } = await company();
    const [user] = staff;
    await setApprovalLimit(employer, "400.00");
    const responses = await Promise.all(
      Array.from({ length: 5 }, async () =>
        call(
          requestsApi,
          await requestAs(user, "/api/advance-requests", {
            json: { amount: "300.00", repaymentPeriods: 2 },
          }),
        ),
      ),
    );
    racesRun++;
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    for (const res of responses.filter((r) => r.status === 400)) {
      expect(await res.json()).toMatchObject({
        message: "Amount exceeds your available balance of $200.00",
      });
    }
    expect((await employeeOf(user)).availableBalance).toBe("200.00");
    expect(await ledgerOf(user)).toBe(50_000);
    await expectConsistent();
  });

  it("ten concurrent $200 auto-approved requests: exactly two fit in $500", async () => {
    const { employer, staff } = await company();
    const [user] = staff;
    await setApprovalLimit(employer, "250.00");
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        requestAdvance(user, { amount: "200.00", repaymentPeriods: 3 }),
      ),
    );
    racesRun++;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of rejected(results))
      expect(r.reason).toMatchObject({ status: 400 });
    expect((await employeeOf(user)).availableBalance).toBe("100.00");
    expect(await ledgerOf(user)).toBe(50_000);
    await expectConsistent();
  });

  it("three pending $300 requests approved at once over HTTP: one wins, two get 409", async () => {
    const { employer, staff } = await company();
    const [user] = staff;
    const pending = [];
    for (let i = 0; i < 3; i++)
      pending.push(await insertAdvance(user, { amount: "300.00", periods: 3 }));
    const responses = await Promise.all(
      pending.map(async (p) =>
        call(
          approveApi,
          await requestAs(employer, `/api/advance-requests/${p.id}/approve`, {
            method: "POST",
          }),
          { id: String(p.id) },
        ),
      ),
    );
    racesRun++;
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const res of responses.filter((r) => r.status === 409))
      expect(await res.json()).toEqual({ message: BALANCE_NO_LONGER_COVERS });
    const statuses = await db()
      .select({ status: advanceRequests.status })
      .from(advanceRequests)
      .where(eq(advanceRequests.employeeId, (await employeeOf(user)).id));
    expect(statuses.map((s) => s.status).sort()).toEqual([
      "APPROVED",
      "PENDING",
      "PENDING",
    ]);
    expect((await employeeOf(user)).availableBalance).toBe("200.00");
    expect(await ledgerOf(user)).toBe(50_000);
    await expectConsistent();
  });

  it("approvals, declines and auto-approved requests racing for one balance", async () => {
    const { employer, staff } = await company();
    const [user] = staff;
    await setApprovalLimit(employer, "300.00");
    const pending = [];
    for (let i = 0; i < 3; i++)
      pending.push(await insertAdvance(user, { amount: "250.00", periods: 2 }));
    const results = await Promise.allSettled([
      approveAdvance(employer, pending[0].id),
      requestAdvance(user, { amount: "250.00", repaymentPeriods: 1 }),
      approveAdvance(employer, pending[1].id),
      declineAdvance(employer, pending[2].id, "Race"),
      approveAdvance(employer, pending[2].id),
      requestAdvance(user, { amount: "250.00", repaymentPeriods: 3 }),
    ]);
    racesRun++;
    // $500 holds exactly two $250 advances, whichever path approved them.
    const [{ approved }] = await queryRows<{ approved: number }>(
      db(),
      sql`select count(*)::int as approved from advance_requests
          where employee_id = ${(await employeeOf(user)).id} and status = 'APPROVED'`,
    );
    expect(approved).toBe(2);
    for (const r of rejected(results))
      expect([400, 409]).toContain((r.reason as { status: number }).status);
    expect((await employeeOf(user)).availableBalance).toBe("0.00");
    expect(await ledgerOf(user)).toBe(50_000);
    await expectConsistent();
  });
});

describe("pending requests cap", () => {
  it("20 concurrent $500 requests against a $500 balance: exactly one is filed", async () => {
    const { staff } = await company();
    const [user] = staff;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        requestAdvance(user, { amount: "500.00", repaymentPeriods: 1 }),
      ),
    );
    racesRun++;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of rejected(results)) {
      expect((r.reason as { status: number }).status).toBe(400);
      expect((r.reason as Error).message).toBe(
        "Amount exceeds your available balance of $0.00",
      );
    }
    const rows = await db()
      .select({ status: advanceRequests.status })
      .from(advanceRequests)
      .where(eq(advanceRequests.employeeId, (await employeeOf(user)).id));
    expect(rows.map((r) => r.status)).toEqual(["PENDING"]);
    await expectConsistent();
  });

  it("counts pending amounts against the balance, and approved ones only once", async () => {
    const { employer, staff } = await company();
    const [user] = staff;
    const first = await requestAdvance(user, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    expect(first.status).toBe("PENDING");
    // $500 balance, $300 pending: $200 is left to ask for.
    await expect(
      requestAdvance(user, { amount: "250.00", repaymentPeriods: 1 }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Amount exceeds your available balance of $200.00",
    });
    // Over HTTP the same message, on the amount field.
    const res = await call(
      requestsApi,
      await requestAs(user, "/api/advance-requests", {
        method: "POST",
        json: { amount: 250, repaymentPeriods: 1 },
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "Amount exceeds your available balance of $200.00",
      errors: { amount: ["Amount exceeds your available balance of $200.00"] },
    });
    // Once approved, the $300 is out of the balance ($200 left) and no longer pending.
    await approveAdvance(employer, first.id);
    const second = await requestAdvance(user, {
      amount: "200.00",
      repaymentPeriods: 1,
    });
    expect(second.status).toBe("PENDING");
    await expect(
      requestAdvance(user, { amount: "200.00", repaymentPeriods: 1 }),
    ).rejects.toMatchObject({
      message: "Amount exceeds your available balance of $0.00",
    });
    await expectConsistent();
  });
});

describe("payroll racing approvals and requests", () => {
  it("keeps balance + unpaid deductions at the max advance for every employee", async () => {
    const { employer, staff } = await company(3);
    await setApprovalLimit(employer, "300.00");
    // Approved advances whose deductions fall due before the run date.
    for (const user of staff) {
      await setEmployee(user, { payCycleEndDate: addDays(new Date(), 2) });
      await insertAdvance(user, {
        amount: "200.00",
        status: "APPROVED",
        periods: 2,
      });
    }
    const pending = await Promise.all(
      staff.map((user) => insertAdvance(user, { amount: "300.00" })),
    );
    const runDate = addDays(new Date(), 20);
    const results = await Promise.allSettled([
      runPayroll(runDate),
      ...pending.map((p) => approveAdvance(employer, p.id)),
      ...staff.map((user) =>
        requestAdvance(user, { amount: "250.00", repaymentPeriods: 1 }),
      ),
      runPayroll(runDate),
    ]);
    racesRun++;
    for (const r of rejected(results))
      expect([400, 409]).toContain((r.reason as { status: number }).status);
    for (const user of staff) expect(await ledgerOf(user)).toBe(50_000);
    await expectConsistent();
  });

  it("survives rounds of random concurrent actions", async () => {
    const { employer, staff } = await company(3);
    await setApprovalLimit(employer, "250.00");
    const amounts = ["200.00", "240.00", "250.00", "300.00", "500.00"];
    let seed = 8;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 8; round++) {
      const pending = await db()
        .select({ id: advanceRequests.id })
        .from(advanceRequests)
        .where(eq(advanceRequests.status, "PENDING"));
      const actions: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++) {
        const user = staff[next(staff.length)];
        const choice = next(4);
        if (choice === 0 || pending.length === 0) {
          actions.push(
            requestAdvance(user, {
              amount: amounts[next(amounts.length)],
              repaymentPeriods: 1 + next(3),
            }),
          );
        } else if (choice === 1) {
          actions.push(
            declineAdvance(employer, pending[next(pending.length)].id),
          );
        } else if (choice === 2) {
          actions.push(runPayroll(addDays(new Date(), 15 * (1 + next(4)))));
        } else {
          actions.push(
            approveAdvance(employer, pending[next(pending.length)].id),
          );
        }
      }
      const results = await Promise.allSettled(actions);
      racesRun++;
      for (const r of rejected(results))
        expect([400, 409]).toContain((r.reason as { status: number }).status);
      for (const user of staff) expect(await ledgerOf(user)).toBe(50_000);
      await expectConsistent();
    }
  });
});

describe("cards and settings racing", () => {
  it("concurrent card rows for one request: the unique index keeps exactly one", async () => {
    // The card-issuing function of the payments branch relies on this index; its own race
    // test (two create-grocery-card calls at once) comes with that branch.
    const { staff } = await company();
    const request = await insertAdvance(staff[0], {
      amount: "300.00",
      status: "APPROVED",
    });
    await db()
      .update(advanceRequests)
      .set({ paidAt: new Date() })
      .where(eq(advanceRequests.id, request.id));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => insertCard(request)),
    );
    racesRun++;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await expectConsistent();
  });

  it("a lower max advance caps balances, also while approvals race it", async () => {
    const { employer, staff } = await company(2);
    const [a, b] = staff;
    const pending = await insertAdvance(a, { amount: "300.00" });
    const results = await Promise.allSettled([
      updateCompanySettings(employer, {
        companyName: "Capped Co",
        contactEmail: "",
        contactPhone: "",
        maxAdvance: 300,
        approvalLimit: 0,
        notifyNewRequests: false,
        notifyMonthlyReports: false,
        notifySystemUpdates: false,
      }),
      approveAdvance(employer, pending.id),
    ]);
    racesRun++;
    expect(results[0].status).toBe("fulfilled");
    // Either the approval came first (500 - 300 = 200, under the cap) or the cap did
    // (300 - 300 = 0): never above the new max, never below zero.
    expect(["0.00", "200.00"]).toContain(
      (await employeeOf(a)).availableBalance,
    );
    expect((await employeeOf(b)).availableBalance).toBe("300.00");
    await expectConsistent();
  });
});
