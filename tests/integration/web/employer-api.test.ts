import { subDays } from "date-fns";
import { loader as employeesApi } from "~/routes/api.employees";
import { loader as pendingApi } from "~/routes/api.advance-requests.pending";
import { loader as allApi } from "~/routes/api.advance-requests.all";
import {
  action as approveApi,
  loader as approveGet,
} from "~/routes/api.advance-requests.$id.approve";
import { action as declineApi } from "~/routes/api.advance-requests.$id.decline";
import { loader as employerRequestsApi } from "~/routes/api.employer.advance-requests";
import { insertAdvance } from "#tests/support/data";
import {
  employeeOf,
  balanceOf,
  clearDepartment,
  deductionsOf,
  requestRow,
} from "#tests/support/rows";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// One database is enough: what is checked is who may call each endpoint and the shape of its
// answer; approve, decline and the reads are domain functions with their own tests on both.
// (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

const ISO = expect.stringMatching(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
);

/** An employer with two employees and requests in every status, plus a stranger company. */
async function scenario() {
  const employer = await createEmployer();
  const ann = await createEmployee(employer, {
    firstName: "Ann",
    lastName: "Archer",
    email: "ann@example.com",
    department: "Bakery",
  });
  const ben = await createEmployee(employer, {
    firstName: "Ben",
    lastName: "Baker",
    email: "ben@example.com",
  });
  await clearDepartment(ben);
  const older = await insertAdvance(ann, {
    amount: "250.00",
    periods: 2,
    reason: "Groceries",
    requestDate: subDays(new Date(), 3),
  });
  const newer = await insertAdvance(ben, {
    amount: "300.00",
    requestDate: subDays(new Date(), 1),
  });
  const approved = await insertAdvance(ben, {
    amount: "200.00",
    status: "APPROVED",
    approverId: employer.id,
    requestDate: subDays(new Date(), 5),
  });
  const declined = await insertAdvance(ann, {
    status: "DECLINED",
    requestDate: subDays(new Date(), 7),
  });
  const stranger = await createEmployer();
  const outsider = await createEmployee(stranger);
  const foreign = await insertAdvance(outsider);
  return {
    employer,
    ann,
    ben,
    older,
    newer,
    approved,
    declined,
    stranger,
    outsider,
    foreign,
  };
}

const GETS = [
  ["/api/employees", employeesApi],
  ["/api/advance-requests/pending", pendingApi],
  ["/api/advance-requests/all", allApi],
  ["/api/employer/advance-requests", employerRequestsApi],
] as const;

describe("employer endpoints: who may call them", () => {
  it("answers 401 when signed out and 403 to an employee, with a message", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const pending = await insertAdvance(employee);
    for (const [path, loader] of GETS) {
      const anon = await call(loader, await requestAs(null, path));
      expect(anon.status, path).toBe(401);
      expect(await anon.json()).toEqual({ message: expect.any(String) });
      const asEmployee = await call(loader, await requestAs(employee, path));
      expect(asEmployee.status, path).toBe(403);
      expect(await asEmployee.json()).toEqual({
        message: "You don't have permission to access this resource.",
      });
    }
    for (const [verb, action] of [
      ["approve", approveApi],
      ["decline", declineApi],
    ] as const) {
      const path = `/api/advance-requests/${pending.id}/${verb}`;
      const params = { id: String(pending.id) };
      const anon = await call(
        action,
        await requestAs(null, path, { method: "POST" }),
        params,
      );
      expect(anon.status).toBe(401);
      const asEmployee = await call(
        action,
        await requestAs(employee, path, { method: "POST" }),
        params,
      );
      expect(asEmployee.status).toBe(403);
    }
    expect((await requestRow(pending.id)).status).toBe("PENDING");
  });

  it("answers 405 to the wrong method", async () => {
    const res = await call(
      approveGet,
      await requestAs(null, "/api/advance-requests/1/approve"),
    );
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("GET /api/employees", () => {
  it("lists only the employer's employees with the spec's fields, their status and last pay date", async () => {
    const { employer, ann, ben } = await scenario();
    const res = await call(
      employeesApi,
      await requestAs(employer, "/api/employees"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.json();
    expect(body).toEqual([
      {
        id: (await employeeOf(ann)).id,
        firstName: "Ann",
        lastName: "Archer",
        email: "ann@example.com",
        department: "Bakery",
        availableBalance: "500.00",
        status: "ACTIVE",
        lastPayDate: null,
      },
      {
        id: (await employeeOf(ben)).id,
        firstName: "Ben",
        lastName: "Baker",
        email: "ben@example.com",
        department: null,
        availableBalance: "300.00",
        status: "ACTIVE",
        lastPayDate: null,
      },
    ]);
  });
});

describe("GET /api/advance-requests/pending", () => {
  it("lists the pending requests, oldest first, each with its employee embedded", async () => {
    const { employer, ann, ben, older, newer } = await scenario();
    const res = await call(
      pendingApi,
      await requestAs(employer, "/api/advance-requests/pending"),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual([
      {
        id: older.id,
        employeeId: (await employeeOf(ann)).id,
        amount: "250.00",
        reason: "Groceries",
        status: "PENDING",
        repaymentPeriods: 2,
        requestDate: ISO,
        approvalDate: null,
        rejectionDate: null,
        rejectionReason: null,
        approvedById: null,
        cancelledAt: null,
        cancellationReason: null,
        authorizedAmount: null,
        capturedAmount: null,
        releasedAmount: null,
        termsVersion: null,
        termsAcceptedAt: null,
        employee: {
          firstName: "Ann",
          lastName: "Archer",
          department: "Bakery",
          availableBalance: "500.00",
        },
      },
      {
        id: newer.id,
        employeeId: (await employeeOf(ben)).id,
        amount: "300.00",
        reason: null,
        status: "PENDING",
        repaymentPeriods: 1,
        requestDate: ISO,
        approvalDate: null,
        rejectionDate: null,
        rejectionReason: null,
        approvedById: null,
        cancelledAt: null,
        cancellationReason: null,
        authorizedAmount: null,
        capturedAmount: null,
        releasedAmount: null,
        termsVersion: null,
        termsAcceptedAt: null,
        employee: {
          firstName: "Ben",
          lastName: "Baker",
          department: null,
          availableBalance: "300.00",
        },
      },
    ]);
    expect(body[0].requestDate).toBe(older.requestDate.toISOString());
  });
});

describe("GET /api/advance-requests/all", () => {
  it("lists every request of the employer's employees, newest first", async () => {
    const { employer, older, newer, approved, declined, ben } =
      await scenario();
    const res = await call(
      allApi,
      await requestAs(employer, "/api/advance-requests/all"),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((r: { id: number }) => r.id)).toEqual([
      newer.id,
      older.id,
      approved.id,
      declined.id,
    ]);
    expect(body[2]).toEqual({
      id: approved.id,
      employeeId: (await employeeOf(ben)).id,
      amount: "200.00",
      reason: null,
      status: "APPROVED",
      repaymentPeriods: 1,
      requestDate: ISO,
      approvalDate: ISO,
      rejectionDate: null,
      rejectionReason: null,
      approvedById: employer.id,
      cancelledAt: null,
      cancellationReason: null,
      authorizedAmount: null,
      capturedAmount: null,
      releasedAmount: null,
      termsVersion: null,
      termsAcceptedAt: null,
    });
    expect(body[3]).toMatchObject({
      status: "DECLINED",
      rejectionDate: ISO,
      rejectionReason: "Declined by employer",
    });
  });
});

describe("GET /api/employer/advance-requests", () => {
  it("lists id, status, amount and requestDate of the employer's requests only", async () => {
    const { employer, newer, older, approved, declined } = await scenario();
    const res = await call(
      employerRequestsApi,
      await requestAs(employer, "/api/employer/advance-requests"),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: newer.id,
        status: "PENDING",
        amount: "300.00",
        requestDate: newer.requestDate.toISOString(),
      },
      { id: older.id, status: "PENDING", amount: "250.00", requestDate: ISO },
      {
        id: approved.id,
        status: "APPROVED",
        amount: "200.00",
        requestDate: ISO,
      },
      {
        id: declined.id,
        status: "DECLINED",
        amount: "300.00",
        requestDate: ISO,
      },
    ]);
  });
});

describe("POST /api/advance-requests/{id}/approve", () => {
  it("approves and answers the request; a second approval is 409", async () => {
    const { employer, older, ann } = await scenario();
    const path = `/api/advance-requests/${older.id}/approve`;
    const res = await call(
      approveApi,
      await requestAs(employer, path, { method: "POST" }),
      { id: String(older.id) },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: older.id,
      employeeId: (await employeeOf(ann)).id,
      amount: "250.00",
      reason: "Groceries",
      status: "APPROVED",
      repaymentPeriods: 2,
      requestDate: older.requestDate.toISOString(),
      approvalDate: ISO,
      rejectionDate: null,
      rejectionReason: null,
      approvedById: employer.id,
      cancelledAt: null,
      cancellationReason: null,
      authorizedAmount: null,
      capturedAmount: null,
      releasedAmount: null,
      termsVersion: null,
      termsAcceptedAt: null,
    });
    // Approval reserves the amount; the deductions come with the card (the money model).
    expect(await deductionsOf(older.id)).toHaveLength(0);
    expect(await balanceOf(ann)).toBe("250.00");

    const again = await call(
      approveApi,
      await requestAs(employer, path, { method: "POST" }),
      { id: String(older.id) },
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: "This request has already been decided.",
    });
  });

  it("answers 404 for another employer's request and for a bad id", async () => {
    const { employer, foreign, outsider } = await scenario();
    for (const id of [String(foreign.id), "abc", "0", "-1", "99999999999"]) {
      const res = await call(
        approveApi,
        await requestAs(employer, `/api/advance-requests/${id}/approve`, {
          method: "POST",
        }),
        { id },
      );
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({
        message: "Advance request not found",
      });
    }
    expect((await requestRow(foreign.id)).status).toBe("PENDING");
    expect(await balanceOf(outsider)).toBe("500.00");
  });

  it("answers 409 when the balance no longer covers the amount", async () => {
    const { employer, ben, newer } = await scenario();
    // Ben has 300.00 left after his approved 200.00; take more away.
    await insertAdvance(ben, { amount: "200.00", status: "APPROVED" });
    const res = await call(
      approveApi,
      await requestAs(employer, `/api/advance-requests/${newer.id}/approve`, {
        method: "POST",
      }),
      { id: String(newer.id) },
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The employee's available balance no longer covers this amount.",
    });
    expect((await requestRow(newer.id)).status).toBe("PENDING");
  });
});

describe("POST /api/advance-requests/{id}/decline", () => {
  async function decline(
    employer: Awaited<ReturnType<typeof createEmployer>>,
    id: number,
    init: { json?: unknown; body?: string } = {},
  ) {
    const request = await requestAs(
      employer,
      `/api/advance-requests/${id}/decline`,
      init.json !== undefined
        ? { json: init.json }
        : {
            method: "POST",
            body: init.body,
            headers: { "Content-Type": "application/json" },
          },
    );
    return call(declineApi, request, { id: String(id) });
  }

  it("declines with the default reason when the body is empty or has none", async () => {
    const { employer, older, newer, ann } = await scenario();
    const res = await decline(employer, older.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: older.id,
      employeeId: (await employeeOf(ann)).id,
      amount: "250.00",
      reason: "Groceries",
      status: "DECLINED",
      repaymentPeriods: 2,
      requestDate: ISO,
      approvalDate: null,
      rejectionDate: ISO,
      rejectionReason: "Declined by employer",
      approvedById: null,
      cancelledAt: null,
      cancellationReason: null,
      authorizedAmount: null,
      capturedAmount: null,
      releasedAmount: null,
      termsVersion: null,
      termsAcceptedAt: null,
    });
    const nullReason = await decline(employer, newer.id, {
      json: { reason: null },
    });
    expect((await nullReason.json()).rejectionReason).toBe(
      "Declined by employer",
    );
  });

  it("keeps a given reason and refuses one over 500 characters with 400", async () => {
    const { employer, older, newer } = await scenario();
    const tooLong = await decline(employer, older.id, {
      json: { reason: "x".repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      message: "Reason must be at most 500 characters",
      errors: { reason: ["Reason must be at most 500 characters"] },
    });
    const notText = await decline(employer, older.id, { json: { reason: 5 } });
    expect(notText.status).toBe(400);
    const malformed = await decline(employer, older.id, { body: "{oops" });
    expect(malformed.status).toBe(400);
    expect((await requestRow(older.id)).status).toBe("PENDING");

    const res = await decline(employer, newer.id, {
      json: { reason: "Please repay your current advance first." },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).rejectionReason).toBe(
      "Please repay your current advance first.",
    );
  });

  it("answers 404 for another employer's request and 409 for a decided one", async () => {
    const { employer, foreign, approved } = await scenario();
    const res = await decline(employer, foreign.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Advance request not found" });
    expect((await requestRow(foreign.id)).status).toBe("PENDING");
    const decided = await decline(employer, approved.id);
    expect(decided.status).toBe(409);
    expect(await decided.json()).toEqual({
      message: "This request has already been decided.",
    });
  });
});
