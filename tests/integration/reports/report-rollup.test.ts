import { addDays } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import {
  advanceRequests,
  employees,
  users,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { REPORT_ROLLUP_TASK, taskList } from "~/jobs/tasks.server";
import { runEmbeddedOnce } from "~/jobs/embedded-loop.server";
import {
  requestAdvance,
  approveAdvance,
  declineAdvance,
  cancelAdvance,
  expireUnpaidAdvances,
} from "~/models/advances/index.server";
import {
  loadEmployerDashboard,
  getEmployerReport,
  reportingPeriod,
  TOP_DEPARTMENTS,
  compactReportRollup,
  COMPACT_BACKLOG,
  rebuildReportRollup,
  checkInvariants,
} from "~/models/reports/index.server";

import { db, queryRows } from "~/utils/db.server";
import { AppError } from "~/utils/errors";
import { toCents } from "~/utils/money";
import {
  insertAdvance,
  payAndIssueCard,
  payrollCollectingAll,
} from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import { fuzzRuns } from "#tests/support/fuzz";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { companyIdOf } from "#tests/support/rows";
import { DAY_MS } from "~/utils/pay-schedule";

// The reports' rollup: after any sequence of the
// actions that move a figure, the rollup kept by the triggers and the compaction equals one
// rebuilt from the requests, and /reports and the employer dashboard's figures read what the
// requests say, folded or not.

const database = useTestDatabase();

/** The report's figures computed straight from the requests (the query /reports used to run). */
async function reportFromRequests(employer: User, now: Date) {
  const period = reportingPeriod(now);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const last30 = new Date(now.getTime() - 30 * DAY_MS);
  const prior30 = new Date(now.getTime() - 60 * DAY_MS);
  const rows = await queryRows<{
    month: string;
    department: string;
    status: string;
    requests: number;
    amount: string;
    low: number;
    moderate: number;
    high: number;
    last30: number;
    prior30: number;
  }>(
    db(),
    sql`select to_char(r.request_date at time zone 'UTC', 'YYYY-MM') as month,
               coalesce(nullif(trim(u.department), ''), 'No department') as department,
               r.status, count(*)::int as requests, sum(r.amount)::text as amount,
               (count(*) filter (where r.amount <= 150))::int as low,
               (count(*) filter (where r.amount > 150 and r.amount <= 350))::int as moderate,
               (count(*) filter (where r.amount > 350))::int as high,
               (count(*) filter (where r.request_date > ${at(last30)}))::int as last30,
               (count(*) filter (where r.request_date > ${at(prior30)} and r.request_date <= ${at(last30)}))::int as prior30
        from advance_requests r
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        where e.employer_id = ${companyIdOf(employer)}
          and r.request_date >= ${at(period.start)} and r.request_date <= ${at(now)}
        group by 1, 2, 3`,
  );
  const of = (status?: string) =>
    rows.filter((r) => status === undefined || r.status === status);
  const count = (list: typeof rows, pick: (r: (typeof rows)[0]) => number) =>
    list.reduce((sum, r) => sum + Number(pick(r)), 0);
  const approved = of("APPROVED");
  const departments = new Map<string, { advances: number; cents: number }>();
  for (const r of approved) {
    const d = departments.get(r.department) ?? { advances: 0, cents: 0 };
    d.advances += Number(r.requests);
    d.cents += toCents(r.amount);
    departments.set(r.department, d);
  }
  return {
    totalAdvances: count(of(), (r) => r.requests),
    approvedAdvances: count(approved, (r) => r.requests),
    declinedAdvances: count(of("DECLINED"), (r) => r.requests),
    totalAmountCents: count(of(), (r) => toCents(r.amount)),
    approvedAmountCents: count(approved, (r) => toCents(r.amount)),
    last30Days: count(of(), (r) => r.last30),
    prior30Days: count(of(), (r) => r.prior30),
    risk: [
      count(approved, (r) => r.low),
      count(approved, (r) => r.moderate),
      count(approved, (r) => r.high),
    ],
    monthly: period.months.map((month) => {
      const inMonth = rows.filter((r) => r.month === month);
      return {
        month,
        requests: count(inMonth, (r) => r.requests),
        approved: count(
          inMonth.filter((r) => r.status === "APPROVED"),
          (r) => r.requests,
        ),
        amountCents: count(inMonth, (r) => toCents(r.amount)),
      };
    }),
    departments: [...departments]
      .map(([department, d]) => ({ department, ...d }))
      .sort(
        (a, b) =>
          b.cents - a.cents ||
          b.advances - a.advances ||
          (a.department < b.department ? -1 : 1),
      )
      .slice(0, TOP_DEPARTMENTS),
  };
}

async function expectReportMatchesRequests(employer: User, now: Date) {
  const report = await getEmployerReport(employer, now);
  const expected = await reportFromRequests(employer, now);
  expect({
    totalAdvances: report.totalAdvances,
    approvedAdvances: report.approvedAdvances,
    declinedAdvances: report.declinedAdvances,
    totalAmountCents: report.totalAmountCents,
    approvedAmountCents: report.approvedAmountCents,
    last30Days: report.trend.last30Days,
    prior30Days: report.trend.prior30Days,
    risk: report.risk.map((r) => r.count),
    monthly: report.monthly,
    departments: report.departments.map((d) => ({
      department: d.department,
      advances: d.advances,
      cents: d.amountCents,
    })),
  }).toEqual(expected);
  return report;
}

/**
 * The employer dashboard's pending count and approved total computed straight from the requests
 * (the query the dashboard used to run), beside what the dashboard shows from the rollup.
 */
async function expectDashboardMatchesRequests(employer: User) {
  const [expected] = await queryRows<{ pending: number; approved: string }>(
    db(),
    sql`select
      (select count(*)::int from advance_requests r join employees e on e.id = r.employee_id
        where e.employer_id = ${companyIdOf(employer)} and r.status = 'PENDING') as pending,
      (select coalesce(sum(r.amount), 0)::numeric(14,2)::text from advance_requests r
        join employees e on e.id = r.employee_id
        where e.employer_id = ${companyIdOf(employer)} and r.status = 'APPROVED') as approved`,
  );
  const dashboard = await loadEmployerDashboard(employer);
  // The approved total is the reports' (checked above); the dashboard's Pending Deductions
  // card now sums the uncollected deductions instead (decision 0076).
  expect({ pending: dashboard.pendingRequests }).toEqual({
    pending: Number(expected.pending),
  });
}

/** The rollup's tables, without the rows that sum to nothing. */
async function rollupRows() {
  const months = await queryRows<Record<string, unknown>>(
    db(),
    sql`select employer_id, month::text, department, status, requests, amount::text,
               risk_low, risk_moderate, risk_high
        from report_months
        where requests <> 0 or amount <> 0 or risk_low <> 0 or risk_moderate <> 0 or risk_high <> 0
        order by employer_id, month, department, status`,
  );
  const hours = await queryRows<Record<string, unknown>>(
    db(),
    sql`select employer_id, hour, requests from report_hours where requests <> 0
        order by employer_id, hour`,
  );
  return { months, hours };
}

async function backlog() {
  const [row] = await queryRows<{ deltas: number; moves: number }>(
    db(),
    sql`select (select count(*) from report_deltas)::int as deltas,
               (select count(*) from report_moves)::int as moves`,
  );
  return { deltas: Number(row.deltas), moves: Number(row.moves) };
}

/** Runs a domain action; the refusals a user can meet (400, 404, 409) are part of the game. */
async function attempt(action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError && [400, 404, 409].includes(error.status))
      return;
    throw error;
  }
}

async function requestsOf(
  staff: User[],
  status: AdvanceRequest["status"],
): Promise<Array<{ id: number; user: User; paidAt: Date | null }>> {
  const rows = await db()
    .select({
      id: advanceRequests.id,
      userId: employees.userId,
      paidAt: advanceRequests.paidAt,
    })
    .from(advanceRequests)
    .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
    .where(eq(advanceRequests.status, status))
    .orderBy(advanceRequests.id);
  return rows.flatMap((r) => {
    const user = staff.find((u) => u.id === r.userId);
    return user ? [{ id: r.id, user, paidAt: r.paidAt }] : [];
  });
}

const DEPARTMENTS = ["Produce", "Bakery", " Deli ", "", null] as const;
const AMOUNTS = ["50.00", "150.00", "150.01", "200.00", "350.00", "351.00"];
/** What an employee may ask for ($200 at least, $500 balance). */
const FILED = ["200.00", "250.00", "350.00", "351.00"];

const actionArb = fc.oneof(
  fc.record({
    kind: fc.constant("file" as const),
    who: fc.nat(5),
    amount: fc.constantFrom(...FILED),
  }),
  fc.record({
    kind: fc.constant("backdated" as const),
    who: fc.nat(5),
    amount: fc.constantFrom(...AMOUNTS),
    status: fc.constantFrom(
      "PENDING" as const,
      "APPROVED" as const,
      "DECLINED" as const,
    ),
    // From 400 days ago to 2 days ahead, to the minute, and often within two hours of a
    // trend window's edge (30 and 60 days ago) or of now, where the report reads requests.
    minutesAgo: fc.oneof(
      fc.integer({ min: -2 * 1440, max: 400 * 1440 }),
      ...[0, 30 * 1440, 60 * 1440].map((edge) =>
        fc.integer({ min: edge - 120, max: edge + 120 }),
      ),
    ),
  }),
  fc.record({ kind: fc.constant("approve" as const), pick: fc.nat(50) }),
  fc.record({ kind: fc.constant("decline" as const), pick: fc.nat(50) }),
  fc.record({
    kind: fc.constant("cancel" as const),
    pick: fc.nat(50),
    approved: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("card" as const), pick: fc.nat(50) }),
  fc.record({ kind: fc.constant("expire" as const) }),
  fc.record({
    kind: fc.constant("payroll" as const),
    days: fc.integer({ min: 0, max: 60 }),
  }),
  fc.record({
    kind: fc.constant("department" as const),
    who: fc.nat(5),
    department: fc.constantFrom(...DEPARTMENTS),
  }),
  fc.record({ kind: fc.constant("employer" as const), who: fc.nat(5) }),
  fc.record({ kind: fc.constant("compact" as const) }),
  fc.record({
    kind: fc.constant("look" as const),
    // A report at a "now" up to three hours back (edges cross the requests near them), or
    // up to 90 days back.
    minutesAgo: fc.oneof(
      fc.integer({ min: 0, max: 180 }),
      fc.integer({ min: 0, max: 90 * 1440 }),
    ),
  }),
);
type Action = typeof actionArb extends fc.Arbitrary<infer A> ? A : never;

describe("the reports' rollup", () => {
  it("equals a rebuild from the requests after random actions, and the report reads the same from both", async () => {
    const runs = fuzzRuns({
      ci: database.kind === "postgres" ? 12 : 6,
      deep: 120,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(actionArb, { minLength: 5, maxLength: 25 }),
        async (actions: Action[]) => {
          const employers = [await createEmployer(), await createEmployer()];
          const staff: User[] = [];
          for (let i = 0; i < 6; i++)
            staff.push(
              await createEmployee(employers[i % 2], {
                department: i % 3 === 0 ? "Bakery" : "Produce",
              }),
            );
          const employerOf = async (user: User) => {
            const [row] = await db()
              .select({ employerId: employees.companyId })
              .from(employees)
              .where(eq(employees.userId, user.id));
            return employers.find((e) => e.companyId === row.employerId)!;
          };
          const now = new Date();
          for (const action of actions) {
            switch (action.kind) {
              case "file":
                await attempt(() =>
                  requestAdvance(staff[action.who], {
                    amount: action.amount,
                    repaymentPeriods: 1,
                  }),
                );
                break;
              case "backdated":
                // An approved one goes through the approval core: the balance may refuse it.
                await attempt(() =>
                  insertAdvance(staff[action.who], {
                    amount: action.amount,
                    status: action.status,
                    requestDate: new Date(
                      now.getTime() - action.minutesAgo * 60_000,
                    ),
                  }),
                );
                break;
              case "approve":
              case "decline": {
                const pending = await requestsOf(staff, "PENDING");
                if (pending.length === 0) break;
                const chosen = pending[action.pick % pending.length];
                const employer = await employerOf(chosen.user);
                await attempt(() =>
                  action.kind === "approve"
                    ? approveAdvance(employer, chosen.id)
                    : declineAdvance(employer, chosen.id),
                );
                break;
              }
              case "cancel": {
                const open = await requestsOf(
                  staff,
                  action.approved ? "APPROVED" : "PENDING",
                );
                if (open.length === 0) break;
                const chosen = open[action.pick % open.length];
                await attempt(() => cancelAdvance(chosen.user, chosen.id));
                break;
              }
              case "card": {
                const unpaid = (await requestsOf(staff, "APPROVED")).filter(
                  (r) => r.paidAt === null,
                );
                if (unpaid.length === 0) break;
                const chosen = unpaid[action.pick % unpaid.length];
                const [request] = await db()
                  .select()
                  .from(advanceRequests)
                  .where(eq(advanceRequests.id, chosen.id));
                await attempt(() => payAndIssueCard(chosen.user, request));
                break;
              }
              case "expire":
                // Eight days on, every approved advance still unpaid expires.
                await expireUnpaidAdvances(addDays(now, 8));
                break;
              case "payroll":
                await payrollCollectingAll(addDays(now, action.days));
                break;
              case "department":
                await db()
                  .update(users)
                  .set({ department: action.department })
                  .where(eq(users.id, staff[action.who].id));
                break;
              case "employer": {
                // Not something the product does; the rollup follows it all the same.
                const user = staff[action.who];
                const current = await employerOf(user);
                const target = employers.find((e) => e.id !== current.id)!;
                await db()
                  .update(employees)
                  .set({ companyId: target.companyId })
                  .where(eq(employees.userId, user.id));
                break;
              }
              case "compact":
                expect(await compactReportRollup()).toBeGreaterThanOrEqual(0);
                break;
              case "look":
                for (const employer of employers) {
                  await expectReportMatchesRequests(
                    employer,
                    new Date(now.getTime() - action.minutesAgo * 60_000),
                  );
                  await expectDashboardMatchesRequests(employer);
                }
                break;
            }
          }

          // Unfolded: the report reads the rollup plus the deltas and moves.
          const unfolded = [];
          for (const employer of employers) {
            unfolded.push(await expectReportMatchesRequests(employer, now));
            await expectDashboardMatchesRequests(employer);
          }
          // Folded, then rebuilt from scratch: the same tables, the same report.
          await compactReportRollup();
          expect(await backlog()).toEqual({ deltas: 0, moves: 0 });
          const incremental = await rollupRows();
          for (const [i, employer] of employers.entries())
            expect(await getEmployerReport(employer, now)).toEqual(unfolded[i]);
          await rebuildReportRollup();
          expect(await rollupRows()).toEqual(incremental);
          for (const [i, employer] of employers.entries()) {
            expect(await getEmployerReport(employer, now)).toEqual(unfolded[i]);
            await expectDashboardMatchesRequests(employer);
          }
        },
      ),
      { numRuns: runs, endOnFailure: true },
    );
  }, 600_000);

  it("counts the trend to the second around each window's edge, folded or not", async () => {
    const employer = await createEmployer();
    const ann = await createEmployee(employer);
    const base = new Date();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            edge: fc.constantFrom(0, 30, 60),
            seconds: fc.integer({ min: -3 * 3600, max: 3 * 3600 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 3 * 3600 }),
        fc.boolean(),
        async (requests, shift, fold) => {
          for (const r of requests)
            await insertAdvance(ann, {
              amount: "200.00",
              requestDate: new Date(
                base.getTime() - r.edge * DAY_MS + r.seconds * 1000,
              ),
            });
          if (fold) await compactReportRollup();
          await expectReportMatchesRequests(
            employer,
            new Date(base.getTime() - shift * 1000),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it("counts a department's requests under the new department at once, folded or not", async () => {
    const employer = await createEmployer();
    const ann = await createEmployee(employer, { department: "Produce" });
    await insertAdvance(ann, { amount: "200.00", status: "APPROVED" });
    await compactReportRollup();
    await insertAdvance(ann, { amount: "100.00", status: "APPROVED" });
    await db()
      .update(users)
      .set({ department: "Bakery" })
      .where(eq(users.id, ann.id));
    const now = new Date();
    const before = await getEmployerReport(employer, now);
    expect(before.departments).toEqual([
      { department: "Bakery", advances: 2, amountCents: 30000, percent: 100 },
    ]);
    await compactReportRollup();
    expect(await getEmployerReport(employer, now)).toEqual(before);
  });

  it("writes no delta for a change that moves no figure (a card paid for)", async () => {
    const employer = await createEmployer();
    const ann = await createEmployee(employer);
    const request = await insertAdvance(ann, {
      amount: "200.00",
      status: "APPROVED",
    });
    await compactReportRollup();
    await payAndIssueCard(ann, request);
    expect((await backlog()).deltas).toBe(0);
  });

  it("the report and the dashboard read a backlog past the threshold without folding it; the job folds it", async () => {
    const employer = await createEmployer();
    const ann = await createEmployee(employer);
    const [employee] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, ann.id));
    await compactReportRollup();
    // One statement per request: COMPACT_BACKLOG + 1 deltas (one per hour).
    for (let i = 0; i <= COMPACT_BACKLOG; i += 100)
      await db().execute(
        sql`insert into advance_requests (employee_id, amount, status, request_date)
            select ${employee.id}, 10, 'DECLINED', now() - make_interval(hours => g)
            from generate_series(${i}::int, ${Math.min(i + 99, COMPACT_BACKLOG)}::int) g`,
      );
    expect((await backlog()).deltas).toBe(COMPACT_BACKLOG + 1);
    const now = new Date();
    const report = await getEmployerReport(employer, now);
    expect(report.declinedAdvances).toBe(COMPACT_BACKLOG + 1);
    // The page reads write nothing: the deltas wait for the job.
    expect((await backlog()).deltas).toBe(COMPACT_BACKLOG + 1);
    const dashboard = await loadEmployerDashboard(employer);
    expect((await backlog()).deltas).toBe(COMPACT_BACKLOG + 1);
    await (
      taskList[REPORT_ROLLUP_TASK] as (p: unknown, h: unknown) => Promise<void>
    )({}, {});
    expect((await backlog()).deltas).toBe(0);
    expect(await getEmployerReport(employer, now)).toEqual(report);
    expect((await loadEmployerDashboard(employer)).pendingRequests).toBe(
      dashboard.pendingRequests,
    );
  });
});

describe("the reports' rollup under concurrent money actions", () => {
  // In-transaction upserts of shared rollup rows deadlocked here: a request locks its
  // employee's balance and then writes the (month, department, PENDING) row; an approval or a
  // cancellation writes that row first and then locks the balance. The deltas are appended
  // instead, so no action waits for another's rollup write.
  it("decisions, cancellations, requests and payroll across one company's employees never deadlock", async () => {
    const employer = await createEmployer();
    const staff: User[] = [];
    for (let i = 0; i < 6; i++)
      staff.push(await createEmployee(employer, { department: "Produce" }));
    // Room for every filing to go through (each one inserts a request while holding its
    // employee's balance row), and none approved automatically.
    await db().execute(
      sql`update companies set max_advance = 100000, approval_limit = 200
          where id = ${companyIdOf(employer)}`,
    );
    await db().execute(
      sql`update employees set available_balance = 100000 where employer_id = ${companyIdOf(employer)}`,
    );
    const rejectedUnexpectedly: unknown[] = [];
    const settle = async (actions: Promise<unknown>[]) => {
      for (const result of await Promise.allSettled(actions)) {
        if (result.status === "fulfilled") continue;
        const error = result.reason;
        if (error instanceof AppError && [400, 404, 409].includes(error.status))
          continue;
        rejectedUnexpectedly.push(error);
      }
    };
    const file = (user: User) =>
      requestAdvance(user, { amount: "200.00", repaymentPeriods: 1 });
    await settle(staff.flatMap((user) => [file(user), file(user)]));
    for (let round = 0; round < 8; round++) {
      const pending = await requestsOf(staff, "PENDING");
      const approved = await requestsOf(staff, "APPROVED");
      // Every employee's requests are decided or cancelled while the same employee files new
      // ones, all at once, in one department and month.
      const actions: Promise<unknown>[] = [
        payrollCollectingAll(addDays(new Date(), 15)),
      ];
      for (const [i, p] of pending.entries()) {
        actions.push(file(p.user));
        if (i % 4 === 3) actions.push(declineAdvance(employer, p.id));
        else if (i % 4 === 2) actions.push(cancelAdvance(p.user, p.id));
        else actions.push(approveAdvance(employer, p.id));
      }
      for (const a of approved.filter((r) => r.paidAt === null).slice(0, 6))
        actions.push(cancelAdvance(a.user, a.id));
      await settle(actions);
    }
    expect(rejectedUnexpectedly).toEqual([]);
    expect(await checkInvariants(db())).toEqual([]);
    const report = await expectReportMatchesRequests(employer, new Date());
    expect(report.totalAdvances).toBeGreaterThan(50);
    await compactReportRollup();
    const incremental = await rollupRows();
    await rebuildReportRollup();
    expect(await rollupRows()).toEqual(incremental);
  }, 120_000);

  it("a compaction racing the actions loses nothing and counts nothing twice", async () => {
    const employer = await createEmployer();
    const staff: User[] = [];
    for (let i = 0; i < 4; i++) staff.push(await createEmployee(employer));
    for (let round = 0; round < 4; round++) {
      const pending = await requestsOf(staff, "PENDING");
      await Promise.allSettled([
        compactReportRollup(),
        ...staff.map((user) =>
          requestAdvance(user, { amount: "200.00", repaymentPeriods: 1 }),
        ),
        compactReportRollup(),
        ...pending.map((p) => approveAdvance(employer, p.id)),
        db()
          .update(users)
          .set({ department: round % 2 ? "Bakery" : "Deli" })
          .where(and(eq(users.companyId, employer.id))),
        compactReportRollup(),
      ]);
    }
    await expectReportMatchesRequests(employer, new Date());
    await compactReportRollup();
    await expectReportMatchesRequests(employer, new Date());
    const incremental = await rollupRows();
    await rebuildReportRollup();
    expect(await rollupRows()).toEqual(incremental);
  }, 120_000);
});

describe("the job worker", () => {
  it("folds the deltas on each pass of the embedded loop and in its task", async () => {
    const employer = await createEmployer();
    const ann = await createEmployee(employer);
    await insertAdvance(ann, { amount: "200.00" });
    expect((await backlog()).deltas).toBeGreaterThan(0);
    await runEmbeddedOnce(new Date(), false);
    expect(await backlog()).toEqual({ deltas: 0, moves: 0 });
    await insertAdvance(ann, { amount: "250.00", status: "DECLINED" });
    await (
      taskList[REPORT_ROLLUP_TASK] as (p: unknown, h: unknown) => Promise<void>
    )({}, {});
    expect(await backlog()).toEqual({ deltas: 0, moves: 0 });
    expect((await getEmployerReport(employer)).totalAdvances).toBe(2);
  });
});
