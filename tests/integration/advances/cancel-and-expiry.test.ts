import { subDays } from "date-fns";
import { eq } from "drizzle-orm";
import { auditEvents, sandboxPayments } from "#db/schema";
import {
  approveAdvance,
  ALREADY_CANCELLED,
  CANNOT_CANCEL_DECLINED,
  CANNOT_CANCEL_PAID,
  cancelAdvance,
  EXPIRED_REASON,
  expireUnpaidAdvances,
  createPaymentIntent,
  listPendingRequests,
} from "~/models/advances/index.server";

import {
  exportNextPayrollCsv,
  runPayroll,
  createPayrollRun,
} from "~/models/payroll/index.server";
import { loader as dashboardLoader } from "~/routes/_app._index";
import {
  action as historyAction,
  loader as historyLoader,
} from "~/routes/_app.history";
import { action as cancelApi } from "~/routes/api.advance-requests.$id.cancel";
import { subscribe, type AppEvent } from "~/services/events.server";
import { db } from "~/utils/db.server";
import {
  insertAdvance,
  payAndIssueCard,
  cardedAdvance,
} from "#tests/support/data";
import { balanceOf, deductionsOf, requestRow } from "#tests/support/rows";
import { toastOf } from "#tests/support/toasts";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// Self-service cancel and the 7-day expiry of unpaid approvals: status
// CANCELLED, the reserved balance back exactly once whatever races it, the employer's queue
// told live; an approved advance never paid for has no deductions and is never collected.

useTestDatabase();

async function company() {
  const employer = await createEmployer();
  const employee = await createEmployee(employer);
  return { employer, employee };
}

async function auditOf(id: number) {
  return db()
    .select({ action: auditEvents.action, actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(eq(auditEvents.requestId, id))
    .orderBy(auditEvents.id);
}

describe("an approved advance never paid for", () => {
  it("has no deductions, is not exported and is not collected by payroll", async () => {
    const { employer, employee } = await company();
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      periods: 2,
    });
    expect(await balanceOf(employee)).toBe("200.00");
    expect(await deductionsOf(approved.id)).toEqual([]);
    const csv = await exportNextPayrollCsv(employer);
    expect(csv.rows).toBe(0);
    const { run } = await createPayrollRun(employer, {});
    expect(run.deductions).toHaveLength(0);
    expect(await balanceOf(employee)).toBe("200.00");
    expect(await checkInvariants(db())).toEqual([]);
  });
});

describe("cancelAdvance", () => {
  it("cancels a PENDING request (nothing was reserved) and tells the employer's queue live", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee, { amount: "250.00" });
    const heard: AppEvent[] = [];
    const stop = await subscribe(
      employer.id,
      (e) => heard.push(e),
      employer.companyId,
    );
    const cancelled = await cancelAdvance(employee, pending.id);
    expect(cancelled).toMatchObject({
      status: "CANCELLED",
      cancelledById: employee.id,
      cancellationReason: "Cancelled by the employee",
    });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(await balanceOf(employee)).toBe("500.00");
    const queue = await listPendingRequests(employer, 100, 0);
    expect(queue.map((r) => r.id)).not.toContain(pending.id);
    await expect
      .poll(() => heard.map((e) => `${e.type}:${e.requestId}`))
      .toContain(`request.cancelled:${pending.id}`);
    stop();
    expect(await auditOf(pending.id)).toEqual([
      { action: "request.cancelled", actorId: employee.id },
    ]);
  });

  it("cancels an APPROVED request with no card: the reserved amount comes back, its intent is cancelled", async () => {
    const { employee } = await company();
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
    });
    // The employee opened checkout (an intent exists) but never paid.
    await createPaymentIntent(employee, {
      amount: "300.00",
      advanceRequestId: approved.id,
    });
    expect(await balanceOf(employee)).toBe("200.00");
    await cancelAdvance(employee, approved.id);
    expect(await balanceOf(employee)).toBe("500.00");
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.requestId, approved.id));
    expect(payment).toMatchObject({
      status: "canceled",
      authorizedCents: 0,
      capturedCents: 0,
    });
    expect(await deductionsOf(approved.id)).toEqual([]);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("refuses a paid, declined or cancelled request, someone else's (404) and an employer (403)", async () => {
    const { employer, employee } = await company();
    const carded = await cardedAdvance(employee, "200.00");
    expect(await appErrorOf(cancelAdvance(employee, carded.id))).toMatchObject({
      status: 409,
      message: CANNOT_CANCEL_PAID,
    });
    const declined = await insertAdvance(employee, { status: "DECLINED" });
    expect(
      await appErrorOf(cancelAdvance(employee, declined.id)),
    ).toMatchObject({ status: 409, message: CANNOT_CANCEL_DECLINED });
    const pending = await insertAdvance(employee, { amount: "200.00" });
    await cancelAdvance(employee, pending.id);
    expect(await appErrorOf(cancelAdvance(employee, pending.id))).toMatchObject(
      { status: 409, message: ALREADY_CANCELLED },
    );
    const stranger = await createEmployee(employer);
    const theirs = await insertAdvance(stranger, { amount: "200.00" });
    expect((await appErrorOf(cancelAdvance(employee, theirs.id))).status).toBe(
      404,
    );
    expect((await appErrorOf(cancelAdvance(employer, theirs.id))).status).toBe(
      403,
    );
    expect((await requestRow(theirs.id)).status).toBe("PENDING");
    expect((await requestRow(carded.id)).status).toBe("APPROVED");
  });

  it("cancel racing approve: one order or the other, the balance consistent, returned at most once", async () => {
    const { employer, employee } = await company();
    for (let round = 0; round < 6; round++) {
      const pending = await insertAdvance(employee, { amount: "200.00" });
      const [cancel, approve] = await Promise.allSettled([
        cancelAdvance(employee, pending.id),
        approveAdvance(employer, pending.id),
      ]);
      const row = await requestRow(pending.id);
      // Either the cancel came first (the approval finds it decided: 409), or the approval came
      // first and the cancel took an approved request (its amount comes back).
      expect(cancel.status).toBe("fulfilled");
      expect(row.status).toBe("CANCELLED");
      if (approve.status === "rejected")
        expect(approve.reason).toMatchObject({ status: 409 });
      expect(await balanceOf(employee)).toBe("500.00");
    }
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("cancel racing cancel (and the API racing the form): exactly one wins, the balance back once", async () => {
    const { employee } = await company();
    for (let round = 0; round < 4; round++) {
      const approved = await insertAdvance(employee, {
        amount: "300.00",
        status: "APPROVED",
      });
      expect(await balanceOf(employee)).toBe("200.00");
      const id = String(approved.id);
      const results = await Promise.all([
        call(
          cancelApi,
          await requestAs(employee, `/api/advance-requests/${id}/cancel`, {
            method: "POST",
            json: {},
          }),
          { id },
        ),
        call(
          historyAction,
          await requestAs(employee, "/history", {
            form: { intent: "cancel", requestId: id, redirectTo: "/" },
          }),
        ),
        cancelAdvance(employee, approved.id).then(
          () => 200,
          (e: { status: number }) => e.status,
        ),
      ]);
      const statuses = results.map((r) =>
        typeof r === "number" ? r : r.status,
      );
      expect(statuses.filter((s) => s === 200 || s === 302)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(2);
      expect(await balanceOf(employee)).toBe("500.00");
      const audit = await auditOf(approved.id);
      expect(
        audit.filter((a) => a.action === "request.cancelled"),
      ).toHaveLength(1);
    }
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("a cancelled approval cannot be paid afterwards", async () => {
    const { employee } = await company();
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
    });
    await cancelAdvance(employee, approved.id);
    await expect(payAndIssueCard(employee, approved)).rejects.toMatchObject({
      status: 409,
    });
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.requestId, approved.id));
    expect(payment).toBeUndefined();
  });
});

describe("POST /api/advance-requests/{id}/cancel and the Cancel request form", () => {
  it("API: 200 with the cancelled request; 404, 403, 401, 405 as the conventions say", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee, { amount: "220.00" });
    const id = String(pending.id);
    const post = async (user: typeof employee | null, path = id) =>
      call(
        cancelApi,
        await requestAs(user, `/api/advance-requests/${path}/cancel`, {
          method: "POST",
          json: {},
        }),
        { id: path },
      );
    expect((await post(null)).status).toBe(401);
    const asEmployer = await post(employer);
    expect(asEmployer.status).toBe(403);
    expect(await asEmployer.json()).toEqual({ message: expect.any(String) });
    expect((await post(employee, "abc")).status).toBe(404);
    expect((await post(employee, "999999")).status).toBe(404);
    const ok = await post(employee);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      id: pending.id,
      status: "CANCELLED",
      cancellationReason: "Cancelled by the employee",
      cancelledAt: expect.stringMatching(/Z$/),
    });
    const again = await post(employee);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: ALREADY_CANCELLED });
  });

  it("the form (no JavaScript needed): redirects back with a toast; a refusal stays with 'Cancel failed'", async () => {
    const { employee } = await company();
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
    });
    const res = await call(
      historyAction,
      await requestAs(employee, "/history", {
        form: {
          intent: "cancel",
          requestId: String(approved.id),
          redirectTo: "/",
        },
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      title: "Request cancelled",
    });
    const again = await call(
      historyAction,
      await requestAs(employee, "/history", {
        form: { intent: "cancel", requestId: String(approved.id) },
      }),
    );
    expect(again.status).toBe(409);
    expect((await again.json()).toast).toMatchObject({
      type: "error",
      title: "Cancel failed",
      description: ALREADY_CANCELLED,
    });
    const offsite = await call(
      historyAction,
      await requestAs(employee, "/history", {
        form: {
          intent: "cancel",
          requestId: String(
            (await insertAdvance(employee, { amount: "200.00" })).id,
          ),
          redirectTo: "https://evil.example/",
        },
      }),
    );
    expect(offsite.headers.get("Location")).toBe("/history");
  });

  it("History and the dashboard show the decline reason and offer Cancel request only where it applies", async () => {
    const { employee } = await company();
    await insertAdvance(employee, {
      status: "DECLINED",
      rejectionReason: "Please wait for your next pay cycle.",
    });
    const pending = await insertAdvance(employee, { amount: "200.00" });
    const carded = await cardedAdvance(employee, "300.00");
    const history = await (
      await call(historyLoader, await requestAs(employee, "/history"))
    ).json();
    type Row = {
      id: number;
      status: string;
      note: string | null;
      cancellable: boolean;
      story: string[];
    };
    const rows = history.requests as Row[];
    const declined = rows.find((r) => r.status === "DECLINED")!;
    expect(declined.note).toBe("Please wait for your next pay cycle.");
    expect(declined.cancellable).toBe(false);
    expect(rows.find((r) => r.id === pending.id)!.cancellable).toBe(true);
    const cardedRow = rows.find((r) => r.id === carded.id)!;
    expect(cardedRow.cancellable).toBe(false);
    expect(cardedRow.story[0]).toBe(
      "Charged to your card: $15.99 (the processing fee). The advance was not charged to your card.",
    );
    expect(cardedRow.story[1]).toMatch(
      /^Your grocery card holds \$300\.00\. Payroll deducts \$300\.00 on [A-Z][a-z]{2} [1-9]\d?, \d{4}\.$/,
    );

    const dashboard = await (
      await call(dashboardLoader, await requestAs(employee, "/"))
    ).json();
    const recent = dashboard.employee.recent as Row[];
    expect(recent.find((r) => r.status === "DECLINED")!.note).toBe(
      "Please wait for your next pay cycle.",
    );
    expect(recent.find((r) => r.id === pending.id)!.cancellable).toBe(true);
  });
});

describe("expiry of approvals unpaid for 7 days", () => {
  it("the payroll run cancels them (status CANCELLED, audit request.expired), returning the balance once", async () => {
    const { employee } = await company();
    const old = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      requestDate: subDays(new Date(), 8),
      approvalDate: subDays(new Date(), 8),
    });
    const recent = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
      requestDate: subDays(new Date(), 6),
      approvalDate: subDays(new Date(), 6),
    });
    expect(await balanceOf(employee)).toBe("0.00");
    const summary = await runPayroll(new Date());
    expect(summary.advancesExpired).toBeGreaterThanOrEqual(1);
    expect(await requestRow(old.id)).toMatchObject({
      status: "CANCELLED",
      cancellationReason: EXPIRED_REASON,
      cancelledById: null,
    });
    expect((await requestRow(recent.id)).status).toBe("APPROVED");
    expect(await balanceOf(employee)).toBe("300.00");
    // Again, and racing itself: nothing more comes back.
    await Promise.all([
      expireUnpaidAdvances(),
      expireUnpaidAdvances(),
      runPayroll(new Date()),
    ]);
    expect(await balanceOf(employee)).toBe("300.00");
    expect(
      (await auditOf(old.id)).filter((a) => a.action === "request.expired"),
    ).toHaveLength(1);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("expiry racing the employee's own cancel: the balance comes back once", async () => {
    const { employee } = await company();
    const old = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      requestDate: subDays(new Date(), 9),
      approvalDate: subDays(new Date(), 9),
    });
    const [expired, cancelled] = await Promise.allSettled([
      expireUnpaidAdvances(),
      cancelAdvance(employee, old.id),
    ]);
    expect(expired.status).toBe("fulfilled");
    const row = await requestRow(old.id);
    expect(row.status).toBe("CANCELLED");
    if (cancelled.status === "rejected")
      expect(cancelled.reason).toMatchObject({ status: 409 });
    expect(await balanceOf(employee)).toBe("500.00");
  });

  it("a paid (carded) advance never expires; the unpaid one does", async () => {
    const { employee } = await company();
    const carded = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
      carded: true,
      requestDate: subDays(new Date(), 20),
      approvalDate: subDays(new Date(), 20),
    });
    const old = await insertAdvance(employee, {
      amount: "250.00",
      status: "APPROVED",
      requestDate: subDays(new Date(), 10),
      approvalDate: subDays(new Date(), 10),
    });
    const { expired } = await expireUnpaidAdvances();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await requestRow(carded.id)).status).toBe("APPROVED");
    expect((await requestRow(old.id)).status).toBe("CANCELLED");
  });
});
