import { addDays } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import {
  auditEvents,
  companies,
  employees,
  invitations,
  users,
  type User,
} from "#db/schema";
import { connectedCompanies } from "~/models/integrations/index.server";
import {
  confirmOffboardingProposal,
  dismissOffboardingProposal,
  listOffboardingProposals,
  syncConnectedRosters,
  syncPayrollRosterNow,
} from "~/models/payroll/index.server";
import {
  action as payrollAction,
  loader as payrollLoader,
} from "~/routes/_app.settings_.payroll";
import { db, queryRows } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import type { FakePerson } from "#tests/support/fake-finch";
import {
  appErrorOf,
  call,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { connectPayroll, useFakeFinch } from "#tests/support/finch";
import { toastOf } from "#tests/support/toasts";

// The roster sync through the real Finch SDK against the fake Finch: a directory of 500 with
// 3 new hires and 2 leavers, matched by work e-mail then by the payroll's employee id; names and
// departments follow payroll; new people invited within the sending limits; leavers proposed
// with their last pay date and offboarded only when a person confirms.

useTestDatabase();
const finch = useFakeFinch();

const today = new Date();
const day = (n: number) => isoDay(addDays(today, n));

async function connect(owner: User) {
  expect(await connectPayroll(owner)).toBeTruthy();
  expect(await connectedCompanies(owner.companyId!)).toHaveLength(1);
}

/** `count` employees of the company, inserted in one statement each table. */
async function staff(companyId: number, count: number, prefix: string) {
  const rows = await queryRows<{ id: number; email: string }>(
    db(),
    sql`insert into users (username, password, first_name, last_name, email, role, employer_id, department)
        select ${prefix} || '-' || g, 'not-a-login', 'First' || g, 'Last' || g,
               ${prefix} || g || '@acme.test', 'EMPLOYEE', ${companyId}, 'Stores'
        from generate_series(1, ${count}) g
        returning id, email`,
  );
  await db().execute(
    sql`insert into employees (user_id, employer_id, available_balance)
        select id, ${companyId}, 500 from users where username like ${`${prefix}-%`}`,
  );
  return rows.sort((a, b) => a.id - b.id);
}

function person(over: Partial<FakePerson> & { id: string }): FakePerson {
  return {
    firstName: "Pat",
    lastName: "Payroll",
    workEmail: null,
    sourceId: null,
    department: "Stores",
    isActive: true,
    endDate: null,
    ...over,
  };
}

async function employeeRow(userId: number) {
  const [row] = await db()
    .select()
    .from(employees)
    .where(eq(employees.userId, userId));
  return row;
}

it("syncs a directory of 500: 3 new hires invited, 2 leavers proposed, one rename", async () => {
  const owner = await createEmployer();
  const companyId = owner.companyId!;
  // The schedule's last pay date was 11 days ago: a leaver's last pay date may be that day.
  await db()
    .update(companies)
    .set({ payFrequency: "BIWEEKLY", nextPayDate: day(3) })
    .where(eq(companies.id, companyId));
  await connect(owner);
  const people = await staff(companyId, 497, "r500");
  // Five of them have a different work e-mail in payroll, known by their employee id (from
  // the accepted invitation that brought them in).
  for (const [i, p] of people.slice(0, 5).entries())
    await db()
      .insert(invitations)
      .values({
        companyId,
        kind: "EMPLOYEE",
        email: p.email,
        employeeNumber: `E-${i}`,
        tokenHash: `accepted-${p.id}`,
        status: "ACCEPTED",
        acceptedUserId: p.id,
        expiresAt: addDays(today, 7),
      });
  const [leaverA, leaverB] = people.slice(-2);
  finch().people = [
    ...people.slice(0, 495).map((p, i) =>
      person({
        id: `ind-${p.id}`,
        firstName: `First${i + 1}`,
        lastName: `Last${i + 1}`,
        workEmail: i < 5 ? `renamed${i}@payroll.test` : p.email,
        sourceId: i < 5 ? `E-${i}` : null,
        // One person changed department in payroll.
        department: i === 7 ? "Bakery" : "Stores",
      }),
    ),
    person({
      id: "new-1",
      firstName: "Nia",
      lastName: "New",
      workEmail: "nia@acme.test",
      sourceId: "N1",
    }),
    person({
      id: "new-2",
      firstName: "Ned",
      lastName: "New",
      workEmail: "ned@acme.test",
      sourceId: "N2",
    }),
    person({
      id: "new-3",
      firstName: "Noa",
      lastName: "New",
      workEmail: "noa@acme.test",
      sourceId: "N3",
    }),
    person({
      id: `ind-${leaverA.id}`,
      workEmail: leaverA.email,
      isActive: false,
      endDate: day(-12),
    }),
    person({
      id: `ind-${leaverB.id}`,
      workEmail: leaverB.email,
      isActive: false,
      endDate: day(-2),
    }),
  ];
  finch().payments = [
    { id: "pay-1", payDate: day(-25), individualIds: [`ind-${leaverA.id}`] },
    { id: "pay-2", payDate: day(-11), individualIds: [`ind-${leaverA.id}`] },
  ];
  expect(finch().people).toHaveLength(500);

  const summary = await syncPayrollRosterNow(owner, today);
  expect(summary).toEqual({
    people: 500,
    matched: 497,
    updated: 1,
    invited: 3,
    deferred: 0,
    proposed: 2,
    skipped: 0,
  });
  // The directory was read in pages of 100, individuals and employments in batches of 100.
  expect(finch().callsTo("/employer/directory")).toHaveLength(5);
  expect(finch().callsTo("/employer/employment")).toHaveLength(5);
  const invited = await db()
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.status, "PENDING"),
      ),
    );
  expect(invited.map((i) => [i.email, i.employeeNumber]).sort()).toEqual([
    ["ned@acme.test", "N2"],
    ["nia@acme.test", "N1"],
    ["noa@acme.test", "N3"],
  ]);
  const [moved] = await db()
    .select()
    .from(users)
    .where(eq(users.id, people[7].id));
  expect(moved.department).toBe("Bakery");

  // Nobody is offboarded by the sync.
  expect((await employeeRow(leaverA.id)).offboardedAt).toBeNull();
  const proposals = await listOffboardingProposals(owner);
  expect(proposals.map((p) => [p.email, p.lastPayDate])).toEqual([
    [leaverA.email, day(-11)],
    [leaverB.email, null],
  ]);

  // A second sync changes nothing and proposes nobody twice.
  const again = await syncPayrollRosterNow(owner, today);
  expect(again).toMatchObject({ invited: 0, proposed: 0, updated: 0 });

  // The owner confirms one (through the page) and dismisses the other.
  const res = await call(
    payrollAction,
    await requestAs(owner, "/settings/payroll", {
      form: {
        intent: "confirm-offboarding",
        proposalId: String(proposals[0].id),
      },
    }),
  );
  expect((await toastOf(res))?.type).toBe("success");
  const left = await employeeRow(leaverA.id);
  expect(left.offboardedAt).not.toBeNull();
  expect(left.lastPayDate).toBe(day(-11));
  await dismissOffboardingProposal(owner, proposals[1].id);
  expect((await employeeRow(leaverB.id)).offboardedAt).toBeNull();
  expect(await listOffboardingProposals(owner)).toEqual([]);
  const refused = await appErrorOf(
    confirmOffboardingProposal(owner, proposals[1].id, {}),
  );
  expect(refused.status).toBe(404);

  const actions = (
    await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.companyId, companyId))
  ).map((a) => a.action);
  for (const action of [
    "payroll_sync.ran",
    "payroll_sync.employee_updated",
    "payroll_sync.offboarding_proposed",
    "payroll_sync.offboarding_dismissed",
    "employee.offboarded",
    "invitation.sent",
  ])
    expect(actions).toContain(action);

  const page = await call(
    payrollLoader,
    await requestAs(owner, "/settings/payroll"),
  );
  const data = (await page.json()) as { connection: { syncText: string } };
  expect(data.connection.syncText).toMatch(
    /500 people in payroll, 497 matched/,
  );
});

it("invites only within the sending limit; the rest wait for the next sync", async () => {
  process.env.UNCONFIRMED_INVITATIONS_PER_HOUR = "2";
  resetEnvCache();
  try {
    const owner = await createEmployer();
    await connect(owner);
    finch().people = ["a", "b", "c"].map((x) =>
      person({
        id: `lim-${x}`,
        firstName: x.toUpperCase(),
        workEmail: `${x}@limit.test`,
      }),
    );
    const summary = await syncPayrollRosterNow(owner, today);
    expect(summary).toMatchObject({ invited: 2, deferred: 1 });
  } finally {
    delete process.env.UNCONFIRMED_INVITATIONS_PER_HOUR;
    resetEnvCache();
  }
});

it("changes nothing when Finch is down, and the daily job goes on with the other companies", async () => {
  const owner = await createEmployer();
  await connect(owner);
  finch().people = [person({ id: "down-1", workEmail: "down@acme.test" })];
  finch().fail("/employer/directory", 503, 3);
  const error = await appErrorOf(syncPayrollRosterNow(owner, today));
  expect(error.message).toBe(
    "Finch did not answer. Nothing was changed: try again in a few minutes.",
  );
  const pending = await db()
    .select()
    .from(invitations)
    .where(eq(invitations.email, "down@acme.test"));
  expect(pending).toHaveLength(0);

  finch().fail("/employer/directory", 503, 3);
  const daily = await syncConnectedRosters(today);
  expect(daily.failed.length).toBe(1);
  expect(daily.synced).toBeGreaterThanOrEqual(1);
});

it("waits as Finch's Retry-After says when rate limited, then syncs", async () => {
  const owner = await createEmployer();
  await connect(owner);
  finch().people = [
    person({ id: "rl-1", firstName: "Rae", workEmail: "rae@limit.test" }),
  ];
  finch().fail("/employer/directory", 429, 1, 1);
  const before = finch().requests.length;
  const started = Date.now();
  const summary = await syncPayrollRosterNow(owner, today);
  expect(summary).toMatchObject({ people: 1, invited: 1 });
  const calls = finch()
    .requests.slice(before)
    .filter((r) => r.path === "/employer/directory");
  expect(calls.map((c) => c.status)).toEqual([429, 200]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
});
