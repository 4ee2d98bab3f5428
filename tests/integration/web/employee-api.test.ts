import {
  loader as employeeApi,
  action as employeeApiPost,
} from "~/routes/api.employee";
import { loader as ownRequestsApi } from "~/routes/api.advance-requests.employee";
import { loader as upcomingApi } from "~/routes/api.payroll-deductions.upcoming";
import { loader as cardsApi } from "~/routes/api.virtual-cards";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import { employeeOf } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  createUnlinkedEmployee,
  requestAs,
} from "#tests/support/factories";

// One database is enough: what is checked is who may call each read and the fields of its answer;
// the reads are domain functions with their own tests on both. (.ci/run runs it on PostgreSQL
// only.)
useTestDatabase();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MONEY = /^\d+\.\d{2}$/;

type Loader = Parameters<typeof call>[0];
const ENDPOINTS: Array<[string, Loader]> = [
  ["/api/employee", employeeApi],
  ["/api/advance-requests/employee", ownRequestsApi],
  ["/api/payroll-deductions/upcoming", upcomingApi],
  ["/api/virtual-cards", cardsApi],
];

async function get(
  user: Parameters<typeof requestAs>[0],
  path: string,
  loader: Loader,
) {
  return call(loader, await requestAs(user, path));
}

async function seeded() {
  const employer = await createEmployer();
  const employee = await createEmployee(employer);
  const approved = await insertAdvance(employee, {
    amount: "300.00",
    periods: 2,
    status: "APPROVED",
    reason: "Groceries",
  });
  await insertAdvance(employee, { amount: "200.00" });
  await insertCard(approved);
  // Someone else's data must never show.
  const other = await createEmployee(employer);
  const theirs = await insertAdvance(other, {
    amount: "400.00",
    status: "APPROVED",
  });
  await insertCard(theirs);
  return { employer, employee, other };
}

describe("employee read endpoints: access", () => {
  it.each(ENDPOINTS)("%s answers 401 when signed out", async (path, loader) => {
    const res = await get(null, path, loader);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it.each(ENDPOINTS)("%s answers 403 to an employer", async (path, loader) => {
    const employer = await createEmployer();
    const res = await get(employer, path, loader);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it.each(ENDPOINTS)("%s is not cached", async (path, loader) => {
    const { employee } = await seeded();
    const res = await get(employee, path, loader);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses other methods with 405", async () => {
    const { employee } = await seeded();
    const res = await call(
      employeeApiPost,
      await requestAs(employee, "/api/employee", { json: {} }),
    );
    expect(res.status).toBe(405);
  });
});

describe("employee read endpoints: exact fields", () => {
  it("GET /api/employee: id, availableBalance, payCycleEndDate", async () => {
    const { employee } = await seeded();
    const res = await get(employee, "/api/employee", employeeApi);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "availableBalance",
        "availableToRequest",
        "credit",
        "creditPayback",
        "id",
        "owed",
        "payCycleEndDate",
      ].sort(),
    );
    // The $300 carded advance is owed (the ledger); the max advance less it is available.
    expect(body).toEqual({
      id: (await employeeOf(employee)).id,
      availableBalance: "200.00",
      payCycleEndDate: expect.stringMatching(ISO),
      owed: "300.00",
      // The pending $200 request takes the rest of the balance.
      availableToRequest: "0.00",
      credit: "0.00",
      // Nothing owed back, so nothing to say how it comes back.
      creditPayback: null,
    });
  });

  it("GET /api/employee: a self-registered employee has no pay cycle yet", async () => {
    const solo = await createUnlinkedEmployee();
    const res = await get(solo, "/api/employee", employeeApi);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      availableBalance: "0.00",
      payCycleEndDate: null,
      owed: "0.00",
      availableToRequest: "0.00",
      credit: "0.00",
      creditPayback: null,
    });
  });

  it("GET /api/advance-requests/employee: own requests, newest first", async () => {
    const { employee } = await seeded();
    const res = await get(
      employee,
      "/api/advance-requests/employee",
      ownRequestsApi,
    );
    const body = await res.json();
    expect(body).toHaveLength(2);
    for (const r of body) {
      expect(Object.keys(r).sort()).toEqual(
        [
          "amount",
          "approvalDate",
          "approvedById",
          "cancelledAt",
          "cancellationReason",
          "authorizedAmount",
          "capturedAmount",
          "releasedAmount",
          "termsVersion",
          "termsAcceptedAt",
          "employeeId",
          "id",
          "reason",
          "rejectionDate",
          "rejectionReason",
          "repaymentPeriods",
          "requestDate",
          "status",
        ].sort(),
      );
      expect(r.amount).toMatch(MONEY);
      expect(r.requestDate).toMatch(ISO);
    }
    expect(body.map((r: { amount: string }) => r.amount)).toEqual([
      "200.00",
      "300.00",
    ]);
    expect(body[1]).toMatchObject({
      status: "APPROVED",
      reason: "Groceries",
      repaymentPeriods: 2,
      approvalDate: expect.stringMatching(ISO),
    });
  });

  it("GET /api/payroll-deductions/upcoming: id, amount, deductionDate, earliest first", async () => {
    const { employee } = await seeded();
    const res = await get(
      employee,
      "/api/payroll-deductions/upcoming",
      upcomingApi,
    );
    const body = await res.json();
    expect(body).toEqual([
      {
        id: expect.any(Number),
        amount: "150.00",
        deductionDate: expect.stringMatching(ISO),
      },
      {
        id: expect.any(Number),
        amount: "150.00",
        deductionDate: expect.stringMatching(ISO),
      },
    ]);
    expect(Date.parse(body[0].deductionDate)).toBeLessThan(
      Date.parse(body[1].deductionDate),
    );
  });

  it("GET /api/virtual-cards: the spec's eight fields, masked number, spent and remaining", async () => {
    const { employee } = await seeded();
    const res = await get(employee, "/api/virtual-cards", cardsApi);
    const body = await res.json();
    expect(body).toEqual([
      {
        id: expect.any(Number),
        cardNumber: "•••• •••• •••• 4242",
        status: "active",
        expiryMonth: 3,
        expiryYear: 2029,
        amount: "300.00",
        spendingLimits: expect.any(String),
        createdAt: expect.stringMatching(ISO),
        spentAmount: "0.00",
        remainingBalance: "300.00",
      },
    ]);
    expect(JSON.parse(body[0].spendingLimits)).toMatchObject({
      restrictions: "Grocery stores only",
    });
  });

  it("empty lists for an employee with nothing yet", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    for (const [path, loader] of ENDPOINTS.slice(1)) {
      const res = await get(employee, path, loader);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
  });
});
