import fs from "node:fs";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { advanceRequests, auditEvents, type User } from "#db/schema";
import {
  requestAdvance,
  approveAdvance,
  declineAdvance,
} from "~/models/advances/index.server";
import { completeSandboxCheckout } from "~/models/cards/index.server";
import {
  runPayroll,
  createPayrollRun,
  getPayrollRun,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { updateProfile } from "~/models/people/index.server";
import { updateCompanySettings } from "~/models/companies/index.server";
import { actionLabel } from "~/models/audit/index.server";
import { action as loginApi } from "~/routes/api.login";
import { action as logoutApi } from "~/routes/api.logout";
import { action as logoutPage } from "~/routes/logout";
import { loader as activityPage } from "~/routes/_app.activity";
import { loader as activityCsv } from "~/routes/activity[.]csv";
import { loader as profilePage } from "~/routes/_app.profile";
import { setPaymentProviderForTests } from "~/services/payments/index.server";
import { db, queryRows } from "~/utils/db.server";
import { AUDIT_ACTIONS, AUDIT_LABELS } from "~/validation/audit";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { disableStripe } from "#tests/support/payments";
import { companyIdOf, setApprovalLimit } from "#tests/support/rows";

// The audit trail: one append-only row per money, admin and account action, written in the
// action's own transaction (app/models/audit/audit.server.ts recordAudit), shown on /activity (the
// employer's company only), as CSV, and on the employee's /profile.

useTestDatabase();
beforeAll(() => disableStripe());
afterEach(() => setPaymentProviderForTests(undefined));

async function eventsOf(filter: { employerId?: number; requestId?: number }) {
  const where = filter.requestId
    ? eq(auditEvents.requestId, filter.requestId)
    : eq(auditEvents.companyId, filter.employerId!);
  return db().select().from(auditEvents).where(where).orderBy(auditEvents.id);
}

async function lastEvent(employerId: number) {
  const [row] = await db()
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.companyId, employerId))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

const card = {
  number: "4242424242424242",
  expMonth: 12,
  expYear: 2039,
  cvc: "123",
};

describe("every action writes its audit event", () => {
  let employer: User;
  let employee: User;

  beforeEach(async () => {
    employer = await createEmployer();
    employee = await createEmployee(employer);
  });

  it("employee added: by the employer, on the new employee, with the starting balance", async () => {
    const [added] = await eventsOf({ employerId: companyIdOf(employer) });
    expect(added).toMatchObject({
      action: "employee.added",
      actorId: employer.id,
      companyId: companyIdOf(employer),
      subjectUserId: employee.id,
      amount: "500.00",
    });
    expect(added.occurredAt).toBeInstanceOf(Date);
  });

  it("filed, approved by the employer, paid and card issued", async () => {
    const request = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(employer, request.id);
    await completeSandboxCheckout(employee, {
      amount: "300.00",
      advanceRequestId: request.id,
      card,
    });
    const events = await eventsOf({ requestId: request.id });
    expect(
      events.map((e) => [e.action, e.actorId, e.subjectUserId, e.amount]),
    ).toEqual([
      ["request.filed", employee.id, employee.id, "300.00"],
      ["request.approved", employer.id, employee.id, "300.00"],
      // The money model: checkout authorizes only the fee, captured with the card.
      ["request.paid", employee.id, employee.id, "15.99"],
      ["fee.captured", employee.id, employee.id, "15.99"],
      ["card.issued", employee.id, employee.id, "300.00"],
    ]);
    expect(events.every((e) => e.companyId === companyIdOf(employer))).toBe(
      true,
    );
  });

  it("an automatic approval is by no one, in the filing's transaction", async () => {
    await setApprovalLimit(employer, "300.00");
    const request = await requestAdvance(employee, {
      amount: "250.00",
      repaymentPeriods: 1,
    });
    expect(request.status).toBe("APPROVED");
    const events = await eventsOf({ requestId: request.id });
    expect(events.map((e) => [e.action, e.actorId])).toEqual([
      ["request.filed", employee.id],
      ["request.approved", null],
    ]);
    expect(events[1].details).toMatchObject({ automatic: true });
  });

  it("declined: the event and the request both say who declined", async () => {
    const request = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await declineAdvance(employer, request.id, "Budget is closed");
    const [row] = await db()
      .select({ declinedById: advanceRequests.declinedById })
      .from(advanceRequests)
      .where(eq(advanceRequests.id, request.id));
    expect(row.declinedById).toBe(employer.id);
    expect(await lastEvent(companyIdOf(employer))).toMatchObject({
      action: "request.declined",
      actorId: employer.id,
      subjectUserId: employee.id,
      requestId: request.id,
      amount: "300.00",
      details: { reason: "Budget is closed" },
    });
  });

  it("a refused action writes no event (same transaction)", async () => {
    const request = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await declineAdvance(employer, request.id);
    const before = (await eventsOf({ employerId: companyIdOf(employer) }))
      .length;
    await expect(approveAdvance(employer, request.id)).rejects.toMatchObject({
      status: 409,
    });
    await expect(declineAdvance(employer, request.id)).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      requestAdvance(employee, { amount: "600.00", repaymentPeriods: 1 }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await eventsOf({ employerId: companyIdOf(employer) })).toHaveLength(
      before,
    );
  });

  it("payroll run: by the employer with the amount submitted; the command's run by no one; results by the employer", async () => {
    const request = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(employer, request.id);
    // Deductions exist once the card is issued (the money model).
    await completeSandboxCheckout(employee, {
      amount: "300.00",
      advanceRequestId: request.id,
      card,
    });
    await createPayrollRun(employer, {});
    expect(await lastEvent(companyIdOf(employer))).toMatchObject({
      action: "payroll_run.created",
      actorId: employer.id,
      amount: "0.00",
      details: { deductions: 0 },
    });
    // The deduction falls due within a pay period: the command's run a month on submits it.
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    await runPayroll(later, later);
    const submitted = await lastEvent(companyIdOf(employer));
    expect(submitted).toMatchObject({
      action: "payroll_run.created",
      actorId: null,
      amount: "300.00",
      details: { deductions: 1 },
    });
    const runId = (submitted.details as { runId: number }).runId;
    const run = await getPayrollRun(employer, runId);
    await recordPayrollResults(employer, runId, {
      results: [
        { deductionId: run.deductions[0].id, collectedAmount: "300.00" },
      ],
    });
    expect(await lastEvent(companyIdOf(employer))).toMatchObject({
      action: "payroll_run.result",
      actorId: employer.id,
      amount: "300.00",
      details: { recorded: 1 },
    });
  });

  it("settings changed: what changed, before and after", async () => {
    await updateCompanySettings(employer, {
      companyName: "Acme Groceries Inc.",
      contactEmail: "erica@example.com",
      contactPhone: "555-0100",
      maxAdvance: 400,
      approvalLimit: 200,
      notifyNewRequests: true,
      notifyMonthlyReports: false,
      notifySystemUpdates: false,
    });
    const event = await lastEvent(companyIdOf(employer));
    expect(event).toMatchObject({
      action: "settings.changed",
      actorId: employer.id,
      details: {
        changes: {
          contactPhone: { before: "", after: "555-0100" },
          maxAdvance: { before: "500.00", after: "400.00" },
          notifyMonthlyReports: { before: true, after: false },
        },
        balancesRecomputed: 1,
      },
    });
    expect(
      Object.keys((event.details as { changes: object }).changes),
    ).toHaveLength(3);
  });

  it("password changed, and only when it did", async () => {
    const profile = {
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email,
      department: "Produce",
    };
    await updateProfile(employee, profile);
    expect((await lastEvent(companyIdOf(employer))).action).not.toBe(
      "password.changed",
    );
    await updateProfile(employee, {
      ...profile,
      currentPassword: TEST_PASSWORD,
      newPassword: "Granola-Basket-1947",
      confirmPassword: "Granola-Basket-1947",
    });
    expect(await lastEvent(companyIdOf(employer))).toMatchObject({
      action: "password.changed",
      actorId: employee.id,
      subjectUserId: employee.id,
    });
  });

  it("sign-in and sign-out, through the API and the page", async () => {
    const login = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: employee.username, password: TEST_PASSWORD },
      }),
    );
    expect(login.status).toBe(200);
    expect(await lastEvent(companyIdOf(employer))).toMatchObject({
      action: "user.signed_in",
      actorId: employee.id,
      subjectUserId: employee.id,
    });
    const wrong = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: employee.username, password: "not-the-password" },
      }),
    );
    expect(wrong.status).toBe(401);
    expect(
      (await eventsOf({ employerId: companyIdOf(employer) })).at(-1)?.action,
    ).toBe("user.signed_in");

    const out = await call(
      logoutApi,
      await requestAs(employee, "/api/logout", { method: "POST" }),
    );
    expect(out.status).toBe(200);
    expect(await lastEvent(companyIdOf(employer))).toMatchObject({
      action: "user.signed_out",
      actorId: employee.id,
    });
    const pageOut = await call(
      logoutPage,
      await requestAs(employer, "/logout", { method: "POST" }),
    );
    expect(pageOut.status).toBe(302);
    expect(await lastEvent(companyIdOf(employer))).toMatchObject({
      action: "user.signed_out",
      actorId: employer.id,
      companyId: companyIdOf(employer),
    });
    // A sign-out without a session records nothing and still answers.
    const anonymous = await call(
      logoutApi,
      await requestAs(null, "/api/logout", { method: "POST" }),
    );
    expect(anonymous.status).toBe(200);
  });
});

describe("append-only", () => {
  it("the database refuses UPDATE, DELETE and TRUNCATE of audit events", async () => {
    const employer = await createEmployer();
    const [event] = await eventsOf({ employerId: companyIdOf(employer) });
    expect(event).toBeUndefined();
    await createEmployee(employer);
    const [added] = await eventsOf({ employerId: companyIdOf(employer) });
    for (const statement of [
      sql`update audit_events set action = 'request.approved' where id = ${added.id}`,
      sql`update audit_events set amount = 0`,
      sql`delete from audit_events where id = ${added.id}`,
      sql`truncate audit_events`,
    ]) {
      await expect(db().execute(statement)).rejects.toThrow();
    }
    const [still] = await eventsOf({ employerId: companyIdOf(employer) });
    expect(still).toEqual(added);
  });

  it("no code updates or deletes audit events", () => {
    const root = path.resolve(import.meta.dirname, "../../../app");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(file, "utf8");
          if (
            /\.(update|delete)\(\s*auditEvents\b/.test(text) ||
            /\b(update|delete\s+from|truncate)\s+"?audit_events\b/i.test(text)
          )
            offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
    // The one writer is recordAudit (and, beside it, the inserts by user id for a sign-out and
    // for a user's own account actions).
    const writers = fs
      .readFileSync(path.join(root, "models/audit/audit.server.ts"), "utf8")
      .match(/insert(\(auditEvents\)| into audit_events)/g);
    expect(writers).toHaveLength(3);
  });

  it("every action has a label, the catalogue's the same in English, its own in Spanish", () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_LABELS[action]).toMatch(/\w/);
      expect(actionLabel(action, "en")).toBe(AUDIT_LABELS[action]);
      expect(actionLabel(action, "es")).not.toBe(AUDIT_LABELS[action]);
    }
  });
});

describe("/activity", () => {
  async function company() {
    const employer = await createEmployer({ firstName: "Erica" });
    const alice = await createEmployee(employer, { firstName: "Alice" });
    const bob = await createEmployee(employer, { firstName: "Bob" });
    const a = await requestAdvance(alice, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(employer, a.id);
    const b = await requestAdvance(bob, {
      amount: "250.00",
      repaymentPeriods: 1,
    });
    await declineAdvance(employer, b.id, '=HYPERLINK("x")');
    return { employer, alice, bob };
  }

  it("shows the company's events newest first, with who, on whom, what and the amount", async () => {
    const { employer } = await company();
    const other = await company();
    const res = await call(
      activityPage,
      await requestAs(employer, "/activity"),
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.total).toBe(6);
    expect(
      data.events.map((e: Record<string, string>) => [
        e.label,
        e.actorName,
        e.subjectName,
        e.amount,
      ]),
    ).toEqual([
      ["Request declined", "Erica Employer", "Bob Employee", "$250.00"],
      ["Request filed", "Bob Employee", "Bob Employee", "$250.00"],
      ["Request approved", "Erica Employer", "Alice Employee", "$300.00"],
      ["Request filed", "Alice Employee", "Alice Employee", "$300.00"],
      ["Employee added", "Erica Employer", "Bob Employee", "$500.00"],
      ["Employee added", "Erica Employer", "Alice Employee", "$500.00"],
    ]);
    // Another company's employee named in the filter shows nothing of theirs.
    const foreign = await call(
      activityPage,
      await requestAs(employer, `/activity?employee=${other.alice.id}`),
    );
    expect((await foreign.json()).total).toBe(0);
  });

  it("filters by employee and by action, and pages", async () => {
    const { employer, alice } = await company();
    const byAlice = await (
      await call(
        activityPage,
        await requestAs(employer, `/activity?employee=${alice.id}`),
      )
    ).json();
    expect(byAlice.total).toBe(3);
    expect(byAlice.filter).toEqual({ employee: alice.id });
    const filed = await (
      await call(
        activityPage,
        await requestAs(employer, "/activity?action=request.filed"),
      )
    ).json();
    expect(filed.events.map((e: { label: string }) => e.label)).toEqual([
      "Request filed",
      "Request filed",
    ]);
    // Unknown values are ignored; a page past the end is the last one.
    const odd = await (
      await call(
        activityPage,
        await requestAs(employer, "/activity?action=drop&employee=x&page=99"),
      )
    ).json();
    expect(odd).toMatchObject({ total: 6, page: 1, pageCount: 1, filter: {} });
  });

  it("exports the filtered events as CSV, formulas neutralised", async () => {
    const { employer } = await company();
    const res = await call(
      activityCsv,
      await requestAs(employer, "/activity.csv?action=request.declined"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await res.text()).trim().split("\n");
    expect(lines[0]).toBe("Time,Action,By,On,Request,Amount,Details");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      ",Request declined,Erica Employer,Bob Employee,",
    );
    expect(lines[1]).toContain(",$250.00,");
    expect(lines[1]).toContain(`"Reason: =HYPERLINK(""x"")"`);
    expect(lines[1]).not.toMatch(/,=/);
  });

  it("shows an employee their own events on /profile", async () => {
    const { alice } = await company();
    const res = await call(profilePage, await requestAs(alice, "/profile"));
    const data = await res.json();
    expect(
      data.activity.map((a: Record<string, string>) => [a.label, a.actorName]),
    ).toEqual([
      ["Request approved", "Erica Employer"],
      ["Request filed", "You"],
      ["Employee added", "Erica Employer"],
    ]);
  });
});

describe("the audit rows stay consistent with the requests", () => {
  it("has one 'filed' event per request filed through the model", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    for (const amount of ["200.00", "250.00"])
      await requestAdvance(employee, { amount, repaymentPeriods: 1 });
    const [row] = await queryRows<{ filed: number; requests: number }>(
      db(),
      sql`select
            (select count(*)::int from audit_events where employer_id = ${companyIdOf(employer)} and action = 'request.filed') as filed,
            (select count(*)::int from advance_requests r join employees e on e.id = r.employee_id where e.employer_id = ${companyIdOf(employer)}) as requests`,
    );
    expect(row.filed).toBe(row.requests);
  });
});
