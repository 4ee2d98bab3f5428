import { eq } from "drizzle-orm";
import {
  auditEvents,
  payrollConnections,
  payrollRunWrites,
  type User,
} from "#db/schema";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { connectedCompanies } from "~/models/integrations/index.server";
import {
  runPayrollConnection,
  syncPayrollRosterNow,
} from "~/models/payroll/index.server";
import { loader as payrollLoader } from "~/routes/_app.settings_.payroll";
import { db } from "~/utils/db.server";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { payAndIssueCard } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import type { FakeAuthType } from "#tests/support/fake-finch";
import { connectPayroll, useFakeFinch } from "#tests/support/finch";
import { requestRow } from "#tests/support/rows";

// Assisted or automated is the connection's, read from Finch's GET /introspect (its
// authentication method's type) and kept; every deduction job is checked at GET
// /jobs/manual/{id} and kept as Finch reports it (pending, in_progress, complete, error). An
// assisted connection's amounts are written earlier, its deduction may be registered (Finch's
// register endpoint is for assisted providers only) and its pending job is shown as Finch's
// team's; an automated one never registers. The fake Finch answers deduction jobs at
// /jobs/manual only, so reading them anywhere else fails here.

useTestDatabase();
const finch = useFakeFinch();

beforeEach(() => {
  finch().reset();
  // Each test's company starts without a deduction in the (one) fake payroll system.
  finch().benefits.length = 0;
});

const today = isoDay(new Date());
const noon = (iso: string) =>
  new Date(dayStart(iso).getTime() + 12 * 3_600_000);
// Four days ahead: inside an assisted connection's 5 days, outside an automated one's 3.
const payDay = addDaysIso(today, 4);

/** An owner and one employee with a $200 advance due on `payDay`, connected as `authType`. */
async function connectedAs(authType: FakeAuthType) {
  const owner = await createEmployer({ companyName: "Typed Payroll Co" });
  await updatePaySchedule(owner, {
    frequency: "BIWEEKLY",
    nextPayDate: payDay,
  });
  const user = await createEmployee(owner, {
    firstName: "Lou",
    email: `lou-${owner.id}@payroll.test`,
  });
  const filed = await requestAdvance(user, {
    amount: "200.00",
    repaymentPeriods: 1,
  });
  await approveAdvance(owner, filed.id);
  await payAndIssueCard(user, await requestRow(filed.id));
  const individualId = `ind-Lou-${owner.id}`;
  finch().people = [
    {
      id: individualId,
      firstName: "Lou",
      lastName: "Payroll",
      workEmail: user.email,
      sourceId: null,
      department: "Produce",
      isActive: true,
      endDate: null,
    },
  ];
  finch().payGroups = [
    {
      id: `pg-${owner.id}`,
      name: "Everyone",
      payFrequencies: ["bi_weekly"],
      individualIds: [individualId],
    },
  ];
  finch().payments = [
    {
      id: `pay-prev-${owner.id}`,
      payDate: addDaysIso(payDay, -14),
      individualIds: [individualId],
    },
  ];
  finch().authType = authType;
  await connectPayroll(owner);
  await syncPayrollRosterNow(owner);
  const [company] = await connectedCompanies(owner.companyId!);
  return { owner, company, individualId };
}

async function storedAuthType(companyId: number) {
  const [row] = await db()
    .select({ authType: payrollConnections.authType })
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  return row?.authType;
}

async function jobOf(runId: number) {
  const [row] = await db()
    .select({
      jobId: payrollRunWrites.jobId,
      jobStatus: payrollRunWrites.jobStatus,
      jobDetail: payrollRunWrites.jobDetail,
    })
    .from(payrollRunWrites)
    .where(eq(payrollRunWrites.runId, runId));
  return row;
}

async function pageOf(owner: User) {
  return (await (
    await call(payrollLoader, await requestAs(owner, "/settings/payroll"))
  ).json()) as {
    runs: { jobText: string }[];
    connection: { typeText: string | null };
  };
}

/** Every call the product made to Finch's job endpoints. */
const jobCalls = () =>
  finch()
    .requests.filter((r) => r.path.startsWith("/jobs/"))
    .map((r) => r.path);

it("an automated connection: its type kept at connect, no register, its jobs as Finch reports them at /jobs/manual", async () => {
  // The provider will not create the deduction through the API: an automated connection does
  // not fall back to registering it (Finch's register is for assisted providers only).
  finch().benefitCreateRefused = true;
  const { owner, company, individualId } = await connectedAs("oauth");
  const companyId = owner.companyId!;
  expect(finch().callsTo("/introspect")).toHaveLength(1);
  expect(await storedAuthType(companyId)).toBe("oauth");
  expect(company.authType).toBe("oauth");
  const [connected] = await db()
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.action, "payroll_connection.connected"));
  expect(connected.details).toMatchObject({ authType: "oauth" });
  expect(finch().callsTo("/employer/benefits/register")).toEqual([]);
  expect(finch().benefits).toEqual([]);
  expect(company.benefitId).toBeNull();

  // Four days before the pay date is too early for an automated connection.
  finch().benefitCreateRefused = false;
  const early = await runPayrollConnection(company, noon(today));
  expect(early.outcome).toBe("done");
  expect(early.written).toBeNull();
  expect(finch().benefits).toHaveLength(1);
  const page = await pageOf(owner);
  expect(page.connection.typeText).toBe(
    "An automated connection: Finch writes the deductions to your payroll system itself, 3 days before each pay date.",
  );

  // Three days before: written; the job is pending at Finch, then in progress, then complete.
  finch().nextJobOutcome = "pending";
  const written = await runPayrollConnection(
    company,
    noon(addDaysIso(today, 1)),
  );
  const runId = written.written!;
  const { jobId } = await jobOf(runId);
  expect(await jobOf(runId)).toMatchObject({ jobStatus: "PENDING" });
  expect(finch().enrolmentOf(company.benefitId!, individualId)).toBeUndefined();
  await runPayrollConnection(company, noon(addDaysIso(today, 1)));
  expect(await jobOf(runId)).toMatchObject({ jobStatus: "PENDING" });
  expect((await pageOf(owner)).runs[0].jobText).toBe(
    "Your payroll system is taking the deductions.",
  );
  finch().settleJobs("in_progress");
  await runPayrollConnection(company, noon(addDaysIso(today, 1)));
  expect(await jobOf(runId)).toMatchObject({ jobStatus: "IN_PROGRESS" });
  expect((await pageOf(owner)).runs[0].jobText).toBe(
    "Finch is writing the deductions to your payroll system.",
  );
  finch().settleJobs("complete");
  await runPayrollConnection(company, noon(addDaysIso(today, 1)));
  expect(await jobOf(runId)).toMatchObject({
    jobStatus: "COMPLETE",
    jobDetail: null,
  });
  expect(finch().enrolmentOf(company.benefitId!, individualId)).toBe(20_000);
  // Each check went to /jobs/manual/{id}; none to /jobs/automated.
  expect(jobCalls()).toEqual([
    `/jobs/manual/${jobId}`,
    `/jobs/manual/${jobId}`,
    `/jobs/manual/${jobId}`,
  ]);
  // The type was read once, at connect.
  expect(finch().callsTo("/introspect")).toHaveLength(1);
});

it("an automated connection's job failing at the provider is FAILED with what Finch said", async () => {
  const { owner, company } = await connectedAs("credential");
  finch().nextJobOutcome = "error";
  const runId = (
    await runPayrollConnection(company, noon(addDaysIso(today, 1)))
  ).written!;
  await runPayrollConnection(company, noon(addDaysIso(today, 1)));
  expect(await jobOf(runId)).toMatchObject({
    jobStatus: "FAILED",
    jobDetail: JSON.stringify([
      { code: 422, message: "Rejected by the payroll system" },
    ]),
  });
  const [state] = await db()
    .select({ status: payrollConnections.status })
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, owner.companyId!));
  expect(state.status).toBe("JOB_FAILED");
  expect(jobCalls().every((p) => p.startsWith("/jobs/manual/"))).toBe(true);
});

it("an assisted connection: registered deduction, written earlier, its pending job shown as Finch's team's, amounts back to 0 before the statements come", async () => {
  // The provider does not create deductions through the API: an assisted one registers it.
  finch().benefitCreateRefused = true;
  const { owner, company, individualId } = await connectedAs("assisted");
  const companyId = owner.companyId!;
  expect(await storedAuthType(companyId)).toBe("assisted");
  expect(finch().callsTo("/employer/benefits/register")).toHaveLength(1);
  expect(finch().benefits).toHaveLength(1);
  expect(company.benefitId).toBe(finch().benefits[0].benefitId);

  // Four days before the pay date: within an assisted connection's 5, so written now.
  finch().nextJobOutcome = "pending";
  const written = await runPayrollConnection(company, noon(today));
  const runId = written.written!;
  expect(runId).not.toBeNull();
  await runPayrollConnection(company, noon(today));
  expect(await jobOf(runId)).toMatchObject({ jobStatus: "PENDING" });
  // Entered by hand at Finch: nothing in the payroll system until Finch's team is done.
  expect(finch().enrolmentOf(company.benefitId!, individualId)).toBeUndefined();
  const page = await pageOf(owner);
  expect(page.runs[0].jobText).toMatch(/^Finch's team enters these deductions/);
  expect(page.connection.typeText).toBe(
    "An assisted connection: Finch's team enters the deductions in your payroll system by hand within 2 business days, so they are sent 5 days before each pay date.",
  );
  finch().settleJobs("complete");
  await runPayrollConnection(company, noon(addDaysIso(today, 1)));
  expect(await jobOf(runId)).toMatchObject({ jobStatus: "COMPLETE" });
  expect(finch().enrolmentOf(company.benefitId!, individualId)).toBe(20_000);
  expect((await pageOf(owner)).runs[0].jobText).toBe(
    "Written to your payroll system.",
  );
  expect(jobCalls().every((p) => p.startsWith("/jobs/manual/"))).toBe(true);

  // After the pay date the amount goes back to 0 though the statements are not there yet (an
  // assisted provider's data comes up to a week later); they are read when they come.
  finch().nextJobOutcome = "complete";
  finch().payments.push({
    id: `pay-${companyId}`,
    payDate: payDay,
    individualIds: [individualId],
  });
  finch().statements.set(`pay-${companyId}`, [
    {
      individualId,
      netPayCents: 90_000,
      grossPayCents: 120_000,
      deductions: [{ name: "Grocery Advance repayment", cents: 20_000 }],
    },
  ]);
  finch().statementsSyncing.add(`pay-${companyId}`);
  const waiting = await runPayrollConnection(
    company,
    noon(addDaysIso(payDay, 1)),
  );
  expect(waiting.read).toBe(0);
  expect(finch().enrolmentOf(company.benefitId!, individualId)).toBe(0);
  const resets = finch().requests.filter((r) =>
    r.path.endsWith("/individuals"),
  ).length;
  finch().statementsSyncing.clear();
  const read = await runPayrollConnection(company, noon(addDaysIso(payDay, 7)));
  expect(read.read).toBe(1);
  // Not reset twice.
  expect(
    finch().requests.filter((r) => r.path.endsWith("/individuals")),
  ).toHaveLength(resets);
});

it("a connection whose type is not kept (Finch silent at connect, or made before it was kept) has it read once at its next run", async () => {
  // Finch does not answer the introspection at connect (nor when the deduction is set up right
  // after): connected all the same, its type unknown, nothing set up yet.
  finch().fail("/introspect", 503, 6);
  const { owner, company } = await connectedAs("assisted");
  const companyId = owner.companyId!;
  expect(await storedAuthType(companyId)).toBeNull();
  expect(company.authType).toBeNull();
  expect(company.benefitId).toBeNull();
  // The next run reads it first, then sets the deduction up and writes as an assisted one.
  const calls = finch().callsTo("/introspect").length;
  const run = await runPayrollConnection(company, noon(today));
  expect(run.outcome).toBe("done");
  expect(finch().callsTo("/introspect")).toHaveLength(calls + 1);
  expect(await storedAuthType(companyId)).toBe("assisted");
  expect(run.written).not.toBeNull();
  // Known now: the next runs do not ask again.
  const [known] = await connectedCompanies(companyId);
  await runPayrollConnection(known, noon(today));
  expect(finch().callsTo("/introspect")).toHaveLength(calls + 1);

  // A connection kept before the type was (its column empty): read once, at its next run.
  await db()
    .update(payrollConnections)
    .set({ authType: null })
    .where(eq(payrollConnections.companyId, companyId));
  const [before] = await connectedCompanies(companyId);
  expect(before.authType).toBeNull();
  await runPayrollConnection(before, noon(today));
  await runPayrollConnection(before, noon(today));
  expect(finch().callsTo("/introspect")).toHaveLength(calls + 2);
  expect(await storedAuthType(companyId)).toBe("assisted");
});
