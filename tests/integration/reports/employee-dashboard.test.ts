import { dayStart, isoDay } from "~/utils/pay-schedule";
import { addDays } from "date-fns";
import { eq } from "drizzle-orm";
import { payrollDeductions } from "#db/schema";
import {
  cardRestrictions,
  loadEmployeeDashboard,
} from "~/models/reports/index.server";
import { db } from "~/utils/db.server";
import { loader as dashboardLoader } from "~/routes/_app._index";
import { loader as historyLoader } from "~/routes/_app.history";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import { deductionsOf, setEmployee } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  createUnlinkedEmployee,
  requestAs,
} from "#tests/support/factories";

useTestDatabase();

const DAY = 86_400_000;

async function linkedEmployee() {
  const employer = await createEmployer();
  const employee = await createEmployee(employer, { firstName: "Nora" });
  return { employer, employee };
}

describe("employee dashboard figures", () => {
  it("says what is available to request when pending requests take part of the balance", async () => {
    const { employee } = await linkedEmployee();
    expect(
      (await loadEmployeeDashboard(employee)).availableToRequestText,
    ).toBeNull();
    await insertAdvance(employee, { amount: "350.00" });
    await insertAdvance(employee, { amount: "200.00", status: "DECLINED" });
    const data = await loadEmployeeDashboard(employee);
    // The balance (SPEC's card) stays; the figure /request shows and refuses with is beside it.
    expect(data).toMatchObject({
      availableBalanceText: "$500.00",
      availableToRequestText: "$150.00",
    });
    // Folding the pending sum into the year-to-date query kept its figures.
    expect(data.yearToDate).toMatchObject({
      totalText: "$0.00",
      approvedCount: 0,
    });
  });

  it("shows the empty states of a new employee", async () => {
    const { employee } = await linkedEmployee();
    const data = await loadEmployeeDashboard(employee);
    expect(data).toMatchObject({
      firstName: "Nora",
      linked: true,
      availableBalance: "500.00",
      availableBalanceText: "$500.00",
      nextDeduction: null,
      yearToDate: { total: "0.00", totalText: "$0.00", approvedCount: 0 },
      cards: [],
      awaitingPayment: [],
      recent: [],
      upcoming: [],
    });
    expect(data.payCycleEndsText).toMatch(/^[A-Z][a-z]{2} [1-9]\d?, \d{4}$/);
  });

  it("says 'Not set' and not linked for a self-registered employee", async () => {
    const solo = await createUnlinkedEmployee();
    const data = await loadEmployeeDashboard(solo);
    expect(data).toMatchObject({
      linked: false,
      availableBalanceText: "$0.00",
      payCycleEndsText: null,
    });
  });

  it("lists upcoming deductions earliest first with Pay Period and Remaining", async () => {
    const { employee } = await linkedEmployee();
    // The company pays every two weeks, next in 4 days.
    const payCycleEnd = dayStart(isoDay(new Date(Date.now() + 4 * DAY)));
    await setEmployee(employee, { payCycleEndDate: payCycleEnd });
    // A: 300 over 2 → 150 on the pay cycle end, 150 two weeks later. B: 200 in one.
    // Both are carded: deductions exist once the card is issued (the money model).
    const a = await insertAdvance(employee, {
      amount: "300.00",
      periods: 2,
      status: "APPROVED",
      carded: true,
    });
    const b = await insertAdvance(employee, {
      amount: "200.00",
      periods: 1,
      status: "APPROVED",
      carded: true,
    });
    const data = await loadEmployeeDashboard(employee);
    expect(data.upcoming.map((d) => [d.amount, d.remaining])).toEqual([
      ["150.00", "350.00"],
      ["200.00", "150.00"],
      ["150.00", "0.00"],
    ]);
    expect(data.upcoming.map((d) => d.remainingText)).toEqual([
      "$350.00",
      "$150.00",
      "$0.00",
    ]);
    expect(data.nextDeduction).toMatchObject({
      amount: "150.00",
      amountText: "$150.00",
    });
    // The pay period runs from the pay date before the deduction's through it.
    const first = (await deductionsOf(a.id))[0];
    expect(first.deductionDate.getTime()).toBe(payCycleEnd.getTime());
    const fmt = (d: Date) =>
      d.toLocaleDateString("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
      });
    expect(data.upcoming[0].payPeriodText).toBe(
      `${fmt(addDays(payCycleEnd, -14))} – ${fmt(payCycleEnd)}`,
    );
    expect(data.nextDeduction?.dateText).toBe(data.upcoming[0].dateText);

    // A deduction collected by payroll is no longer upcoming.
    await db()
      .update(payrollDeductions)
      .set({
        isPaid: true,
        status: "COLLECTED",
        collectedAmount: first.amount,
        paymentDate: new Date(),
      })
      .where(eq(payrollDeductions.id, first.id));
    const after = await loadEmployeeDashboard(employee);
    expect(after.upcoming.map((d) => [d.amount, d.remaining])).toEqual([
      ["200.00", "150.00"],
      ["150.00", "0.00"],
    ]);
    expect(after.nextDeduction?.amount).toBe("200.00");
    expect(b.status).toBe("APPROVED");
  });

  it("counts year to date across a year boundary: this year's approved sum, all approved count", async () => {
    const { employee } = await linkedEmployee();
    const now = new Date(2026, 0, 10, 12, 0, 0);
    await insertAdvance(employee, {
      amount: "220.00",
      status: "APPROVED",
      requestDate: new Date(2025, 11, 20, 12),
    });
    await insertAdvance(employee, {
      amount: "230.00",
      status: "APPROVED",
      requestDate: new Date(2026, 0, 5, 12),
      // approved on a later day: the request date decides the year
      approvalDate: new Date(2026, 0, 6, 12),
    });
    await insertAdvance(employee, {
      amount: "250.00",
      status: "PENDING",
      requestDate: new Date(2026, 0, 8, 12),
    });
    await insertAdvance(employee, {
      amount: "260.00",
      status: "DECLINED",
      requestDate: new Date(2026, 0, 9, 12),
    });
    const data = await loadEmployeeDashboard(employee, now);
    expect(data.yearToDate).toEqual({
      total: "230.00",
      totalText: "$230.00",
      approvedCount: 2,
    });
    // A year later, nothing was requested "this year" but both still count as approved.
    const nextYear = await loadEmployeeDashboard(
      employee,
      new Date(2027, 1, 1, 12),
    );
    expect(nextYear.yearToDate).toMatchObject({
      total: "0.00",
      approvedCount: 2,
    });
  });

  it("shows the 4 newest requests in Recent Activity", async () => {
    const { employee } = await linkedEmployee();
    await setEmployee(employee, { availableBalance: "5000.00" });
    const base = Date.now() - 10 * DAY;
    const amounts = ["201.00", "202.00", "203.00", "204.00", "205.00"];
    for (const [i, amount] of amounts.entries()) {
      await insertAdvance(employee, {
        amount,
        requestDate: new Date(base + i * DAY),
        status: i === 4 ? "DECLINED" : "PENDING",
      });
    }
    const data = await loadEmployeeDashboard(employee);
    expect(data.recent.map((r) => [r.amountText, r.status])).toEqual([
      ["$205.00", "DECLINED"],
      ["$204.00", "PENDING"],
      ["$203.00", "PENDING"],
      ["$202.00", "PENDING"],
    ]);
  });

  it("shows cards, and a 'Complete payment' link for an approved request without one", async () => {
    const { employee } = await linkedEmployee();
    const paid = await insertAdvance(employee, {
      amount: "250.00",
      status: "APPROVED",
    });
    const unpaid = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
    });
    await insertCard(paid, {
      expiryMonth: 3,
      expiryYear: 2029,
      createdAt: new Date(2026, 1, 14, 12),
    });
    const data = await loadEmployeeDashboard(employee);
    expect(data.cards).toEqual([
      {
        id: expect.any(Number),
        cardNumber: "•••• •••• •••• 4242",
        status: "active",
        expiry: "03/2029",
        amount: "$250.00",
        restrictions: "Grocery stores only",
        issued: "Feb 14, 2026",
        remaining: "$250.00",
      },
    ]);
    expect(data.awaitingPayment).toEqual([
      {
        id: unpaid.id,
        amount: "200.00",
        amountText: "$200.00",
        companyPays: false,
        feeText: "$15.99",
        // Approval + 7 days: the last day to pay before the approval expires.
        payByText: expect.stringMatching(/^[A-Z][a-z]{2} [1-9]\d?, \d{4}$/),
        checkoutUrl: `/checkout?amount=200.00&requestId=${unpaid.id}`,
      },
    ]);
  });

  it("reads the restrictions text, defaulting to 'Grocery stores only'", () => {
    expect(
      cardRestrictions(JSON.stringify({ restrictions: "Food only" })),
    ).toBe("Food only");
    expect(cardRestrictions("{}")).toBe("Grocery stores only");
    expect(cardRestrictions("not json")).toBe("Grocery stores only");
    expect(cardRestrictions(null)).toBe("Grocery stores only");
  });

  it("never shows another employee's data", async () => {
    const { employer, employee } = await linkedEmployee();
    const other = await createEmployee(employer);
    const theirs = await insertAdvance(other, {
      amount: "300.00",
      status: "APPROVED",
    });
    await insertCard(theirs);
    const data = await loadEmployeeDashboard(employee);
    expect(data).toMatchObject({
      recent: [],
      upcoming: [],
      cards: [],
      awaitingPayment: [],
      nextDeduction: null,
      yearToDate: { approvedCount: 0 },
    });
  });

  it("serves the employee dashboard from / for employees", async () => {
    const { employee } = await linkedEmployee();
    const res = await call(dashboardLoader, await requestAs(employee, "/"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.role).toBe("EMPLOYEE");
    expect(body.employee.firstName).toBe("Nora");
  });
});

describe("/history", () => {
  it("lists the employee's requests newest first with the Response Date rule", async () => {
    const { employee } = await linkedEmployee();
    await insertAdvance(employee, {
      amount: "210.00",
      reason: "  ",
      requestDate: new Date(2026, 0, 1, 12),
      status: "APPROVED",
      approvalDate: new Date(2026, 0, 2, 12),
    });
    await insertAdvance(employee, {
      amount: "220.00",
      reason: "Soup",
      periods: 3,
      requestDate: new Date(2026, 0, 3, 12),
      status: "DECLINED",
      approvalDate: new Date(2026, 0, 4, 12),
    });
    await insertAdvance(employee, {
      amount: "230.00",
      requestDate: new Date(2026, 0, 5, 12),
    });
    const res = await call(
      historyLoader,
      await requestAs(employee, "/history"),
    );
    const { requests } = await res.json();
    expect(
      requests.map((r: Record<string, unknown>) => {
        // The money lines, the note and the cancel button are checked in
        // cancel-and-expiry.test.ts.
        const {
          id: _id,
          story: _story,
          note: _note,
          cancellable: _cancellable,
          ...rest
        } = r;
        return rest;
      }),
    ).toEqual([
      {
        requestDate: "Jan 5, 2026",
        amount: "$230.00",
        reason: "N/A",
        repaymentPeriods: 1,
        status: "PENDING",
        responseDate: "N/A",
      },
      {
        requestDate: "Jan 3, 2026",
        amount: "$220.00",
        reason: "Soup",
        repaymentPeriods: 3,
        status: "DECLINED",
        responseDate: "Jan 4, 2026",
      },
      {
        requestDate: "Jan 1, 2026",
        amount: "$210.00",
        reason: "N/A",
        repaymentPeriods: 1,
        status: "APPROVED",
        responseDate: "Jan 2, 2026",
      },
    ]);
  });

  it("is for employees only", async () => {
    const { employer } = await linkedEmployee();
    const res = await call(
      historyLoader,
      await requestAs(employer, "/history"),
    );
    expect(res.status).toBe(403);
  });
});
