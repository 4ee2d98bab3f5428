import { dayStart, isoDay } from "~/utils/pay-schedule";
import { eq } from "drizzle-orm";
import { advanceRequests, employees } from "#db/schema";
import {
  ACCOUNT_INVALID,
  ROUTING_INVALID,
  TERMS_REQUIRED,
} from "~/validation/advance";
import {
  NOT_LINKED,
  ONLY_EMPLOYEES,
  requestAdvance,
} from "~/models/advances/index.server";
import { subscribe, type AppEvent } from "~/services/events.server";
import { db } from "~/utils/db.server";
import { AppError } from "~/utils/errors";
import {
  action as createApi,
  loader as createApiGet,
} from "~/routes/api.advance-requests";
import {
  action as requestPageAction,
  loader as requestPageLoader,
} from "~/routes/_app.request";
import { useTestDatabase } from "#tests/support/db";
import { TERMS_VERSION } from "~/utils/rules";
import { loader as quoteApi } from "~/routes/api.advance-quote";
import { payAndIssueCard, insertAdvance } from "#tests/support/data";
import {
  employeeOf,
  countRequests,
  deductionsOf,
  requestsOf,
  setApprovalLimit,
  setEmployee,
} from "#tests/support/rows";
import { toastOf } from "#tests/support/toasts";
import {
  call,
  createEmployee,
  createEmployer,
  createUnlinkedEmployee,
  requestAs,
} from "#tests/support/factories";

useTestDatabase();

async function postJson(user: Parameters<typeof requestAs>[0], json: unknown) {
  return call(
    createApi,
    await requestAs(user, "/api/advance-requests", { json }),
  );
}

async function linkedEmployee() {
  const employer = await createEmployer();
  const employee = await createEmployee(employer);
  return { employer, employee };
}

describe("POST /api/advance-requests", () => {
  it("creates a PENDING request with the amount as a money string (201)", async () => {
    const { employee } = await linkedEmployee();
    const own = await employeeOf(employee);
    const res = await postJson(employee, {
      employeeId: own.id,
      amount: "300.00",
      reason: "Groceries for the week",
      repaymentPeriods: 2,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "employeeId",
        "amount",
        "reason",
        "status",
        "repaymentPeriods",
        "requestDate",
        "approvalDate",
        "rejectionDate",
        "rejectionReason",
        "approvedById",
        "cancelledAt",
        "cancellationReason",
        "authorizedAmount",
        "capturedAmount",
        "releasedAmount",
        "termsVersion",
        "termsAcceptedAt",
      ].sort(),
    );
    expect(body).toMatchObject({
      employeeId: own.id,
      amount: "300.00",
      reason: "Groceries for the week",
      status: "PENDING",
      repaymentPeriods: 2,
      approvalDate: null,
    });
    expect(new Date(body.requestDate).toISOString()).toBe(body.requestDate);
    // A pending request does not touch the balance.
    expect((await employeeOf(employee)).availableBalance).toBe("500.00");
  });

  it("accepts a number amount, no employeeId and a null reason", async () => {
    const { employee } = await linkedEmployee();
    const res = await postJson(employee, {
      amount: 250.5,
      reason: null,
      repaymentPeriods: 1,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ amount: "250.50", reason: null });
  });

  it.each([
    ["199.99", "Minimum amount is $200.00"],
    ["500.01", "Maximum amount is $500.00"],
    ["300.123", "Amount can have at most 2 decimal places"],
    [300.123, "Amount can have at most 2 decimal places"],
    ["", "Amount is required"],
    [null, "Amount is required"],
    ["lots", "Amount must be a number"],
  ])(
    "refuses amount %j with 400 '%s' and writes nothing",
    async (amount, message) => {
      const { employee } = await linkedEmployee();
      const before = await countRequests();
      const res = await postJson(employee, { amount, repaymentPeriods: 1 });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message,
        errors: { amount: [message] },
      });
      expect(await countRequests()).toBe(before);
    },
  );

  it("accepts the bounds 200.00 and 500.00 exactly", async () => {
    const { employee } = await linkedEmployee();
    await setEmployee(employee, { availableBalance: "1000.00" });
    expect((await postJson(employee, { amount: "200.00" })).status).toBe(201);
    expect((await postJson(employee, { amount: "500" })).status).toBe(201);
  });

  it.each([0, 4, 1.5, "2"])(
    "refuses repaymentPeriods %j with 400",
    async (repaymentPeriods) => {
      const { employee } = await linkedEmployee();
      const before = await countRequests();
      const res = await postJson(employee, {
        amount: "300.00",
        repaymentPeriods,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.repaymentPeriods).toEqual([
        "Repayment periods must be 1, 2 or 3",
      ]);
      expect(await countRequests()).toBe(before);
    },
  );

  it("refuses another employee's employeeId with 403 and writes nothing", async () => {
    const { employer, employee } = await linkedEmployee();
    const colleague = await createEmployee(employer);
    const theirs = await employeeOf(colleague);
    const before = await countRequests();
    const res = await postJson(employee, {
      employeeId: theirs.id,
      amount: "300.00",
      reason: "not mine",
      repaymentPeriods: 1,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: "You can only request an advance for your own account.",
    });
    expect(await countRequests()).toBe(before);
    expect(await requestsOf(colleague)).toEqual([]);
    expect(await requestsOf(employee)).toEqual([]);
  });

  it("refuses an amount above the available balance with its formatted value", async () => {
    const { employee } = await linkedEmployee();
    await insertAdvance(employee, { amount: "300.00", status: "APPROVED" });
    const before = await countRequests();
    const res = await postJson(employee, { amount: "250.00" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      "Amount exceeds your available balance of $200.00",
    );
    expect(await countRequests()).toBe(before);
    // Exactly the balance is fine.
    expect((await postJson(employee, { amount: "200.00" })).status).toBe(201);
  });

  it("refuses an employee who is not linked to an employer", async () => {
    const solo = await createUnlinkedEmployee();
    const before = await countRequests();
    const res = await postJson(solo, { amount: "200.00" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: NOT_LINKED });
    expect(await countRequests()).toBe(before);
  });

  it("answers 401 when signed out and 403 to an employer", async () => {
    const { employer } = await linkedEmployee();
    const anonymous = await postJson(null, { amount: "300.00" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty("message");
    const wrongRole = await postJson(employer, { amount: "300.00" });
    expect(wrongRole.status).toBe(403);
    expect(await wrongRole.json()).toHaveProperty("message");
  });

  it("answers 400 for a body that is not JSON and 405 for GET", async () => {
    const { employee } = await linkedEmployee();
    const bad = await requestAs(employee, "/api/advance-requests", {
      method: "POST",
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    const res = await call(createApi, bad);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Request body must be valid JSON",
    });
    const get = await call(createApiGet, await requestAs(employee, "/x"));
    expect(get.status).toBe(405);
  });
});

describe("requestAdvance auto-approval", () => {
  it("approves at once an amount strictly under the company's limit; its card brings the deductions", async () => {
    const { employer, employee } = await linkedEmployee();
    await setApprovalLimit(employer, "300.00");
    const payCycleEnd = dayStart(isoDay(new Date(Date.now() + 5 * 86_400_000)));
    await setEmployee(employee, { payCycleEndDate: payCycleEnd });

    const request = await requestAdvance(employee, {
      amount: "250.00",
      repaymentPeriods: 3,
    });
    expect(request).toMatchObject({
      status: "APPROVED",
      approvedById: null,
      amount: "250.00",
    });
    expect(request.approvalDate).toBeInstanceOf(Date);
    expect((await employeeOf(employee)).availableBalance).toBe("250.00");
    expect(await deductionsOf(request.id)).toEqual([]);
    await payAndIssueCard(employee, request);
    const deductions = await deductionsOf(request.id);
    expect(deductions.map((d) => d.amount)).toEqual([
      "83.34",
      "83.33",
      "83.33",
    ]);
    expect(deductions[0].deductionDate.getTime()).toBe(payCycleEnd.getTime());
    expect(
      deductions[1].deductionDate.getTime() -
        deductions[0].deductionDate.getTime(),
    ).toBe(14 * 86_400_000);
  });

  it("leaves an amount equal to the limit PENDING with no deductions", async () => {
    const { employer, employee } = await linkedEmployee();
    await setApprovalLimit(employer, "300.00");
    const request = await requestAdvance(employee, { amount: "300.00" });
    expect(request.status).toBe("PENDING");
    expect(await deductionsOf(request.id)).toEqual([]);
    expect((await employeeOf(employee)).availableBalance).toBe("500.00");
  });

  it("with the default limit (200) nothing is auto-approved", async () => {
    const { employee } = await linkedEmployee();
    const request = await requestAdvance(employee, { amount: 200 });
    expect(request.status).toBe("PENDING");
  });

  it("publishes request.created to the employee and the employer", async () => {
    const { employer, employee } = await linkedEmployee();
    const seen: AppEvent[] = [];
    const stop = await subscribe(
      employer.id,
      (event) => seen.push(event),
      employer.companyId,
    );
    try {
      const request = await requestAdvance(employee, { amount: "300.00" });
      await vi.waitFor(() =>
        expect(seen).toContainEqual(
          expect.objectContaining({
            type: "request.created",
            requestId: request.id,
            to: [employee.id],
            company: employer.companyId,
          }),
        ),
      );
    } finally {
      stop();
    }
  });

  it("refuses an employer actor in the domain too", async () => {
    const { employer } = await linkedEmployee();
    await expect(
      requestAdvance(employer, { amount: "300.00" }),
    ).rejects.toMatchObject({ status: 403, message: ONLY_EMPLOYEES });
    await expect(
      requestAdvance(employer, { amount: "300.00" }),
    ).rejects.toBeInstanceOf(AppError);
  });
});

describe("/request page", () => {
  const valid = {
    amount: "300",
    reason: "Family groceries",
    repaymentPeriods: "2",
    terms: "on",
    paymentMethod: "existing",
    accountType: "checking",
    routingNumber: "",
    accountNumber: "",
    // The disclosure the page showed was for $300.00 over 2 periods.
    quotedFor: "30000:2",
  };

  async function post(
    user: Parameters<typeof requestAs>[0],
    form: Record<string, string>,
  ) {
    return call(requestPageAction, await requestAs(user, "/request", { form }));
  }

  it("submits, redirects to / with the 'Request submitted' toast", async () => {
    const { employee } = await linkedEmployee();
    const res = await post(employee, valid);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      title: "Request submitted",
      description:
        "Your grocery advance request has been submitted successfully.",
    });
    const [created] = await requestsOf(employee);
    expect(created).toMatchObject({
      amount: "300.00",
      reason: "Family groceries",
      repaymentPeriods: 2,
      status: "PENDING",
    });
  });

  it("shows the spec's messages for a missing amount and unticked terms", async () => {
    const { employee } = await linkedEmployee();
    const res = await post(employee, { ...valid, amount: "", terms: "" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error).toMatchObject({
      amount: ["Amount is required"],
      terms: [TERMS_REQUIRED],
    });
    expect(await requestsOf(employee)).toEqual([]);
  });

  it.each([
    ["199", "Minimum amount is $200.00"],
    ["510", "Maximum amount is $500.00"],
    ["250.555", "Amount can have at most 2 decimal places"],
  ])("refuses amount %s with '%s'", async (amount, message) => {
    const { employee } = await linkedEmployee();
    const res = await post(employee, { ...valid, amount });
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.amount).toEqual([message]);
    expect(await requestsOf(employee)).toEqual([]);
  });

  it("checks the different account's routing and account numbers, and never stores them", async () => {
    const { employee } = await linkedEmployee();
    const bad = await post(employee, {
      ...valid,
      paymentMethod: "new",
      routingNumber: "12345",
      accountNumber: "12",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error).toMatchObject({
      routingNumber: [ROUTING_INVALID],
      accountNumber: [ACCOUNT_INVALID],
    });
    expect(await requestsOf(employee)).toEqual([]);

    const good = await post(employee, {
      ...valid,
      paymentMethod: "new",
      accountType: "savings",
      routingNumber: "021000021",
      accountNumber: "123456789",
    });
    expect(good.status).toBe(302);
    const [row] = await db()
      .select()
      .from(advanceRequests)
      .where(eq(advanceRequests.employeeId, (await employeeOf(employee)).id));
    expect(JSON.stringify(row)).not.toContain("021000021");
    expect(JSON.stringify(row)).not.toContain("123456789");
  });

  it("ignores the different-account fields when the existing account is chosen", async () => {
    const { employee } = await linkedEmployee();
    const res = await post(employee, { ...valid, routingNumber: "x" });
    expect(res.status).toBe(302);
  });

  it("shows 'Request failed' with the server's message when the domain refuses", async () => {
    const solo = await createUnlinkedEmployee();
    const res = await post(solo, valid);
    expect(res.status).toBe(400);
    const body = await res.json();
    // A refusal that belongs to no field: the form-level error (titled 'Request failed' on
    // the page), and no toast.
    expect(body.toast).toBeUndefined();
    expect(body.result.error).toEqual({ "": [NOT_LINKED] });

    const { employee } = await linkedEmployee();
    await setEmployee(employee, { availableBalance: "250.00" });
    const over = await post(employee, valid);
    expect(over.status).toBe(400);
    const overBody = await over.json();
    // Over the balance is the amount's error: under the amount, nowhere else.
    expect(overBody.toast).toBeUndefined();
    expect(overBody.result.error).toEqual({
      amount: ["Amount exceeds your available balance of $250.00"],
    });
  });

  it("tells the page whether the employee is linked", async () => {
    const solo = await createUnlinkedEmployee();
    const res = await call(
      requestPageLoader,
      await requestAs(solo, "/request"),
    );
    expect(await res.json()).toMatchObject({
      prefill: { amount: 200, repaymentPeriods: 1 },
      linked: false,
      availableBalanceText: "$0.00",
      // Not linked: the form stays, and submitting says why it cannot be used.
      belowMinimum: false,
    });
  });

  it("shows the cost of the prefilled advance: fee, total, APR, deductions, terms version", async () => {
    const { employee } = await linkedEmployee();
    const res = await call(
      requestPageLoader,
      await requestAs(employee, "/request?amount=300&repaymentPeriods=1"),
    );
    const body = await res.json();
    expect(body.quote).toMatchObject({
      amountCents: 30000,
      feeCents: 1599,
      totalCents: 31599,
      apr: 137,
      termsVersion: TERMS_VERSION,
    });
    expect(body.quote.schedule).toHaveLength(1);
    expect(body.quote.schedule[0].amountCents).toBe(30000);
  });

  it("available to request is the balance less pending requests; under $200 the form is not offered", async () => {
    const { employee } = await linkedEmployee();
    await insertAdvance(employee, { amount: "350.00" });
    const res = await call(
      requestPageLoader,
      await requestAs(employee, "/request"),
    );
    expect(await res.json()).toMatchObject({
      availableBalanceText: "$150.00",
      belowMinimum: true,
      linked: true,
    });
    // The refusal names the same figure.
    const refused = await post(employee, { ...valid, quotedFor: "30000:2" });
    expect((await refused.json()).result.error).toEqual({
      amount: ["Amount exceeds your available balance of $150.00"],
    });
  });

  it("without the disclosure for the submitted values, answers a review and creates nothing", async () => {
    const { employee } = await linkedEmployee();
    // The page showed the cost of $200 over 1 period; the employee typed 300 and 2 periods.
    const review = await post(employee, { ...valid, quotedFor: "20000:1" });
    expect(review.status).toBe(200);
    const body = await review.json();
    expect(body.review).toMatchObject({
      amountCents: 30000,
      feeCents: 1599,
      totalCents: 31599,
      // 15.99 on 284.01 repaid 150.00 at 15 and 29 days (biweekly after the first).
      apr: 92.7,
    });
    expect(
      body.review.schedule.map((d: { amountCents: number }) => d.amountCents),
    ).toEqual([15000, 15000]);
    expect(await requestsOf(employee)).toEqual([]);
    // Confirming the same values (the review's disclosure) creates the request.
    const confirmed = await post(employee, valid);
    expect(confirmed.status).toBe(302);
    expect(await requestsOf(employee)).toHaveLength(1);
  });

  it("checks the balance before the review: $300 with $250 available is refused, not quoted for confirming", async () => {
    const { employee } = await linkedEmployee();
    await insertAdvance(employee, { amount: "250.00" });
    // The page showed the cost of $200; the employee typed 300: no review to confirm.
    const refused = await post(employee, { ...valid, quotedFor: "20000:1" });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.review).toBeUndefined();
    expect(body.result.error).toEqual({
      amount: ["Amount exceeds your available balance of $250.00"],
    });
    // The cost box beside the field is the submitted amount's, not the page's $200.
    expect(body.quote).toMatchObject({ amountCents: 30000 });
    expect(await requestsOf(employee)).toHaveLength(1);
  });

  it("refuses employers (403) and sends anonymous visitors to /auth", async () => {
    const { employer } = await linkedEmployee();
    const before = await countRequests();
    const denied = await post(employer, valid);
    expect(denied.status).toBe(403);
    const anonymous = await post(null, valid);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      "/auth?redirectTo=%2Frequest",
    );
    const loader = await call(
      requestPageLoader,
      await requestAs(employer, "/request"),
    );
    expect(loader.status).toBe(403);
    expect(await countRequests()).toBe(before);
  });

  it("keeps the employees row consistent after refusals", async () => {
    const { employee } = await linkedEmployee();
    await post(employee, { ...valid, amount: "600" });
    const [row] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, employee.id));
    expect(row.availableBalance).toBe("500.00");
  });
});

describe("GET /api/advance-quote", () => {
  it("answers the fee, total, APR, deductions and terms version as JSON", async () => {
    const { employee } = await linkedEmployee();
    const res = await call(
      quoteApi,
      await requestAs(
        employee,
        "/api/advance-quote?amount=300&repaymentPeriods=1",
      ),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      amount: "300.00",
      fee: "15.99",
      total: "315.99",
      apr: 137,
      termsVersion: TERMS_VERSION,
    });
    expect(body.schedule).toEqual([
      { date: expect.any(String), amount: "300.00" },
    ]);
    const three = await (
      await call(
        quoteApi,
        await requestAs(
          employee,
          "/api/advance-quote?amount=500&repaymentPeriods=3",
        ),
      )
    ).json();
    expect(three.schedule.map((d: { amount: string }) => d.amount)).toEqual([
      "166.67",
      "166.67",
      "166.66",
    ]);
  });

  it("refuses a bad amount with the form's message (400), employers (403) and anonymous callers (401)", async () => {
    const { employer, employee } = await linkedEmployee();
    const low = await call(
      quoteApi,
      await requestAs(employee, "/api/advance-quote?amount=150"),
    );
    expect(low.status).toBe(400);
    expect((await low.json()).message).toBe("Minimum amount is $200.00");
    expect(
      (
        await call(
          quoteApi,
          await requestAs(employer, "/api/advance-quote?amount=300"),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          quoteApi,
          await requestAs(null, "/api/advance-quote?amount=300"),
        )
      ).status,
    ).toBe(401);
  });
});
