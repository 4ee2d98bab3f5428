import { and, eq, sql } from "drizzle-orm";
import {
  auditEvents,
  companies,
  payrollConnections,
  payrollRunWrites,
  users,
  type User,
} from "#db/schema";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import { authorizeCardPurchase } from "~/models/cards/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { connectedCompanies } from "~/models/integrations/index.server";

import { deliverMail } from "~/models/notifications/index.server";
import {
  getPayrollRun,
  offboardEmployee,
  runPayrollConnection,
  runScheduledPayroll,
  syncPayrollRosterNow,
  UNMATCHED,
  writeRunAgain,
} from "~/models/payroll/index.server";
import {
  action as payrollAction,
  loader as payrollLoader,
} from "~/routes/_app.settings_.payroll";
import { action as settingsAction } from "~/routes/_app.settings";
import { action as payScheduleApi } from "~/routes/api.pay-schedule";
import { loader as requestLoader } from "~/routes/_app.request";
import { loader as exportLoader } from "~/routes/payroll.export";
import { closeSmtp } from "~/services/mail/transport.server";
import { latestNetPay } from "~/models/people/index.server";
import { db, queryRows } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { PAY_SCHEDULE_FROM_PAYROLL } from "~/validation/settings";
import { payAndIssueCard } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import type { FakePerson } from "#tests/support/fake-finch";
import { connectPayroll, useFakeFinch } from "#tests/support/finch";
import { employeeOf, requestRow } from "#tests/support/rows";
import { pageText, renderPage } from "#tests/support/app-pages";
import { expectDocumented } from "#tests/support/openapi-check";
import { startSmtpServer, type SmtpServer } from "#tests/support/smtp";

import { checkInvariants } from "~/models/reports/index.server";
// A connected company's payroll through the real Finch SDK against the fake Finch (decisions
// 0124, 0125): the pay schedule from pay groups and pay dates; a run's deductions written as
// enrolments before the cut-off, with Finch's job id; the results read back from the pay
// statements (one full, one partial, one missed, one leaver) exactly as a manual result, and
// net pay kept; the faults (Finch down, token revoked, 429 with Retry-After, a job failing at
// the provider) each in a clear state and a mail to the owners; admins acting on the page; the
// file still downloadable.

useTestDatabase();
const finch = useFakeFinch();
let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Grocery Advance <mail@groceryadvance.test>";
  process.env.APP_URL = "https://app.groceryadvance.test";
  resetEnvCache();
});

afterAll(async () => {
  closeSmtp();
  await smtp?.close();
  for (const key of ["SMTP_URL", "MAIL_FROM", "APP_URL"])
    delete process.env[key];
  resetEnvCache();
});

beforeEach(() => finch().reset());

const today = isoDay(new Date());
const noon = (iso: string) =>
  new Date(dayStart(iso).getTime() + 12 * 3_600_000);
const payDay = addDaysIso(today, 2);

function person(id: string, email: string, firstName: string): FakePerson {
  return {
    id,
    firstName,
    lastName: "Payroll",
    workEmail: email,
    sourceId: null,
    department: "Produce",
    isActive: true,
    endDate: null,
  };
}

/** An owner, `names` employees each with a carded $200 advance due on `payDay`, connected. */
async function connectedCompany(names: string[]) {
  const [owner] = await db()
    .update(users)
    .set({ email: sql`'owner-' || ${users.id} || '@payroll.test'` })
    .where(
      eq(users.id, (await createEmployer({ companyName: "Payroll Co" })).id),
    )
    .returning();
  await updatePaySchedule(owner, {
    frequency: "BIWEEKLY",
    nextPayDate: payDay,
  });
  const staff: { user: User; employeeId: number; individualId: string }[] = [];
  for (const name of names) {
    const user = await createEmployee(owner, {
      firstName: name,
      email: `${name.toLowerCase()}-${owner.id}@payroll.test`,
    });
    const filed = await requestAdvance(user, {
      amount: "200.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(owner, filed.id);
    await payAndIssueCard(user, await requestRow(filed.id));
    // Spent in full: a leaver's card gives nothing back to cut the deduction.
    const [card] = await queryRows<{ id: number }>(
      db(),
      sql`select id from virtual_cards where request_id = ${filed.id}`,
    );
    await authorizeCardPurchase(card.id, {
      amountCents: 20_000,
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
    });
    staff.push({
      user,
      employeeId: (await employeeOf(user)).id,
      individualId: `ind-${name}-${owner.id}`,
    });
  }
  finch().people = staff.map((s) =>
    person(s.individualId, s.user.email, s.user.firstName),
  );
  finch().payGroups = [
    {
      id: `pg-${owner.id}`,
      name: "Everyone",
      payFrequencies: ["bi_weekly"],
      individualIds: staff.map((s) => s.individualId),
    },
  ];
  // The last payroll was two weeks before the next pay date.
  finch().payments = [
    {
      id: `pay-prev-${owner.id}`,
      payDate: addDaysIso(payDay, -14),
      individualIds: staff.map((s) => s.individualId),
    },
  ];
  const company = await connectPayroll(owner);
  await syncPayrollRosterNow(owner);
  return {
    owner,
    staff,
    company: (await connectedCompanies(owner.companyId!))[0] ?? company,
  };
}

async function mailsTo(email: string, subject: string) {
  const pending = await queryRows<{ id: number }>(
    db(),
    sql`select id from mail_outbox where to_address = ${email} and kind = 'payroll.connection' and status = 'pending'`,
  );
  for (const m of pending) await deliverMail(m.id);
  return smtp.received.filter(
    (m) => m.to.includes(email) && m.mail.subject === subject,
  );
}

const SUBJECT = "Your payroll connection needs attention";

async function runsOf(companyId: number) {
  return queryRows<{ id: number; pay_date: string }>(
    db(),
    sql`select id, pay_date::text as pay_date from payroll_runs where company_id = ${companyId}`,
  );
}

async function stateOf(companyId: number) {
  const [row] = await db()
    .select({
      status: payrollConnections.status,
      retryAfter: payrollConnections.retryAfter,
      benefitId: payrollConnections.benefitId,
    })
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  return row;
}

it("writes a run to payroll before the cut-off and reads its results from the pay statements", async () => {
  const { owner, staff, company } = await connectedCompany([
    "Ann",
    "Ben",
    "Cal",
    "Dee",
  ]);
  const companyId = owner.companyId!;
  // On connecting, one company-level post-tax deduction was created.
  expect(finch().benefits).toEqual([
    expect.objectContaining({
      description: "Grocery Advance repayment",
      type: "custom_post_tax",
      frequency: "every_paycheck",
    }),
  ]);
  expect(company.benefitId).toBe(finch().benefits[0].benefitId);
  // Dee leaves: her last paycheck is the pay date.
  const [ann, ben, cal, dee] = staff;
  await offboardEmployee(owner, dee.employeeId, { lastPayDate: payDay });

  // Before the cut-off: the run is created and written as enrolments, with Finch's job id.
  const written = await runPayrollConnection(company, noon(today));
  expect(written.outcome).toBe("done");
  const runId = written.written!;
  const [write] = await db()
    .select()
    .from(payrollRunWrites)
    .where(eq(payrollRunWrites.runId, runId));
  expect(write.jobId).toMatch(/[0-9a-f-]{36}/);
  const run = await getPayrollRun(owner, runId);
  expect(run.payDate).toBe(payDay);
  expect(run.status).toBe("SUBMITTED");
  for (const s of staff)
    expect(finch().enrolmentOf(company.benefitId!, s.individualId)).toBe(
      20_000,
    );
  // The same morning again: the job is found complete; nothing is written twice.
  const again = await runPayrollConnection(company, noon(today));
  expect(again.written).toBeNull();
  const [checked] = await db()
    .select({ jobStatus: payrollRunWrites.jobStatus })
    .from(payrollRunWrites)
    .where(eq(payrollRunWrites.runId, runId));
  expect(checked.jobStatus).toBe("COMPLETE");
  expect(
    finch().requests.filter((r) => r.path.endsWith("/individuals")),
  ).toHaveLength(1);

  // Payroll runs: Ann's $200 taken in full, Ben's $50 of it, Cal's nothing, Dee's $30.
  finch().payments.push({
    id: `pay-${companyId}`,
    payDate: payDay,
    individualIds: staff.map((s) => s.individualId),
  });
  const line = (cents: number) => [
    { name: "Grocery Advance repayment", cents },
  ];
  finch().statements.set(`pay-${companyId}`, [
    {
      individualId: ann.individualId,
      netPayCents: 151_234,
      grossPayCents: 200_000,
      deductions: line(20_000),
    },
    {
      individualId: ben.individualId,
      netPayCents: 40_000,
      grossPayCents: 60_000,
      deductions: line(5_000),
    },
    {
      individualId: cal.individualId,
      netPayCents: 10_000,
      grossPayCents: 12_000,
      deductions: [],
    },
    {
      individualId: dee.individualId,
      netPayCents: 9_000,
      grossPayCents: 12_000,
      deductions: line(3_000),
    },
  ]);
  // While Finch still fetches the statements, nothing is recorded.
  finch().statementsSyncing.add(`pay-${companyId}`);
  await runPayrollConnection(company, noon(addDaysIso(payDay, 1)));
  expect((await getPayrollRun(owner, runId)).status).toBe("SUBMITTED");
  finch().statementsSyncing.clear();

  const read = await runPayrollConnection(company, noon(addDaysIso(payDay, 1)));
  expect(read.read).toBe(1);
  const after = await getPayrollRun(owner, runId);
  const byName = new Map(
    after.deductions.map((d) => [d.employeeName.split(" ")[0], d]),
  );
  expect(after.status).toBe("RECONCILED");
  expect(byName.get("Ann")).toMatchObject({
    status: "COLLECTED",
    collectedAmount: "200.00",
    shortfall: "0.00",
  });
  expect(byName.get("Ben")).toMatchObject({
    status: "COLLECTED",
    collectedAmount: "50.00",
    shortfall: "150.00",
  });
  expect(byName.get("Ben")!.arrearsDeductionId).not.toBeNull();
  expect(byName.get("Cal")).toMatchObject({
    status: "MISSED",
    collectedAmount: "0.00",
    shortfall: "200.00",
  });
  expect(byName.get("Cal")!.arrearsDeductionId).not.toBeNull();
  expect(byName.get("Dee")).toMatchObject({
    collectedAmount: "30.00",
    writtenOffAmount: "170.00",
    arrearsDeductionId: null,
  });
  // The enrolments are back to 0 after the pay date; net pay is kept.
  for (const s of staff)
    expect(finch().enrolmentOf(company.benefitId!, s.individualId)).toBe(0);
  // Ann's net pay from her statement is her own net pay now, from payroll: /request's
  // paycheck check reads it.
  expect(await latestNetPay(db(), ann.employeeId)).toMatchObject({
    cents: 151_234,
    source: "payroll",
  });
  const requestPage = (await (
    await call(requestLoader, await requestAs(ann.user, "/request"))
  ).json()) as { paycheck: { netPayCents: number } | null };
  expect(requestPage.paycheck?.netPayCents).toBe(151_234);
  expect(await checkInvariants(db())).toEqual([]);
  // Recorded as a manual result is, by the connection (no person).
  const [result] = await db()
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.companyId, companyId),
        eq(auditEvents.action, "payroll_run.result"),
      ),
    );
  expect(result.actorId).toBeNull();

  // The page shows the run, its job and the results read.
  const page = (await (
    await call(payrollLoader, await requestAs(owner, "/settings/payroll"))
  ).json()) as { runs: { jobText: string; readText: string | null }[] };
  expect(page.runs[0].jobText).toBe("Written to your payroll system.");
  expect(page.runs[0].readText).toMatch(
    /^Results read from the pay statements/,
  );
});

it("leaves for a person what the statements cannot tell, with the reason", async () => {
  const { owner, staff, company } = await connectedCompany(["Eve", "Fay"]);
  const [eve, fay] = staff;
  const runId = (await runPayrollConnection(company, noon(today))).written!;
  finch().payments.push({
    id: `pay-${owner.id}`,
    payDate: payDay,
    individualIds: [eve.individualId],
  });
  // Eve's statement shows more deducted than was due; Fay has no statement at all.
  finch().statements.set(`pay-${owner.id}`, [
    {
      individualId: eve.individualId,
      netPayCents: 50_000,
      grossPayCents: 80_000,
      deductions: [{ name: "Grocery Advance repayment", cents: 25_000 }],
    },
  ]);
  await runPayrollConnection(company, noon(addDaysIso(payDay, 1)));
  const run = await getPayrollRun(owner, runId);
  expect(run.deductions.map((d) => d.status)).toEqual([
    "SUBMITTED",
    "SUBMITTED",
  ]);
  const [write] = await db()
    .select({ unmatched: payrollRunWrites.unmatched })
    .from(payrollRunWrites)
    .where(eq(payrollRunWrites.runId, runId));
  expect(write.unmatched?.map((u) => u.reason).sort()).toEqual(
    [UNMATCHED.noStatement(payDay), UNMATCHED.tooMuch(25_000, 20_000)].sort(),
  );
  expect(fay.employeeId).toBeGreaterThan(0);
});

it("takes the pay schedule from payroll, and a manual change asks for confirmation", async () => {
  const { owner, company } = await connectedCompany([]);
  const companyId = owner.companyId!;
  // The pay group changes to weekly: the next sync follows it.
  finch().payGroups[0].payFrequencies = ["weekly"];
  await syncPayrollRosterNow(owner);
  const [row] = await db()
    .select({ f: companies.payFrequency, next: companies.nextPayDate })
    .from(companies)
    .where(eq(companies.id, companyId));
  expect(row.f).toBe("WEEKLY");
  // The last pay date + 7 days, rolled past today.
  let next = addDaysIso(payDay, -14);
  while (next < today) next = addDaysIso(next, 7);
  expect(row.next).toBe(next);
  expect(company.companyId).toBe(companyId);

  // A manual change while connected: 409 until confirmed (the page's confirm step, no JS).
  const change = { frequency: "MONTHLY", nextPayDate: lastDayOfNextMonth() };
  expect((await appErrorOf(updatePaySchedule(owner, change))).status).toBe(409);
  const first = await call(
    settingsAction,
    await requestAs(owner, "/settings", {
      form: { intent: "pay-schedule", ...change },
    }),
  );
  expect(first.status).toBe(409);
  expect(await first.json()).toEqual({ confirmSchedule: change });
  const confirmed = await call(
    settingsAction,
    await requestAs(owner, "/settings", {
      form: { intent: "pay-schedule", ...change, confirm: "payroll" },
    }),
  );
  expect(confirmed.status).toBe(302);
  const [saved] = await db()
    .select({ f: companies.payFrequency })
    .from(companies)
    .where(eq(companies.id, companyId));
  expect(saved.f).toBe("MONTHLY");

  // PUT /api/pay-schedule: the same 409 without `confirm`, 200 with it, both as documented.
  const put = async (json: Record<string, string>) =>
    call(
      payScheduleApi,
      await requestAs(owner, "/api/pay-schedule", { method: "PUT", json }),
    );
  const weekly = { frequency: "WEEKLY", nextPayDate: addDaysIso(today, 7) };
  const refused = await put(weekly);
  expect(refused.status).toBe(409);
  expect(await refused.clone().json()).toMatchObject({
    message: PAY_SCHEDULE_FROM_PAYROLL,
  });
  await expectDocumented("/api/pay-schedule", "put", refused);
  const accepted = await put({ ...weekly, confirm: "payroll" });
  expect(accepted.status).toBe(200);
  expect(await accepted.clone().json()).toEqual({
    frequency: "WEEKLY",
    nextPayDate: weekly.nextPayDate,
  });
  await expectDocumented("/api/pay-schedule", "put", accepted);
  const badConfirm = await put({ ...weekly, confirm: "yes" });
  expect(badConfirm.status).toBe(400);
  await expectDocumented("/api/pay-schedule", "put", badConfirm);
});

function lastDayOfNextMonth() {
  const d = new Date();
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0));
  return last.toISOString().slice(0, 10);
}

describe("faults end in a clear state and a mail to the owners, never a half-written run", () => {
  it("Finch down: no run, UNAVAILABLE, one mail; the next morning writes it", async () => {
    const { owner, company } = await connectedCompany(["Gil"]);
    finch().fail(/\/individuals$/, 503, 3);
    const down = await runPayrollConnection(company, noon(today));
    expect(down.outcome).toBe("UNAVAILABLE");
    expect(await runsOf(owner.companyId!)).toEqual([]);
    expect((await stateOf(owner.companyId!)).status).toBe("UNAVAILABLE");
    const mails = await mailsTo(owner.email, SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0].mail.text).toContain("Finch did not answer");
    // Still down the next time: no second mail for the same fault.
    finch().fail(/\/individuals$/, 503, 3);
    await runPayrollConnection(company, noon(today));
    expect(await mailsTo(owner.email, SUBJECT)).toHaveLength(1);
    const up = await runPayrollConnection(company, noon(today));
    expect(up.written).not.toBeNull();
    expect((await stateOf(owner.companyId!)).status).toBe("OK");
  });

  it("429 with Retry-After: the SDK waits it out; past its retries, RATE_LIMITED until then", async () => {
    const { owner, company } = await connectedCompany(["Hal"]);
    // One 429 with Retry-After: 1 is waited out and the call goes through.
    finch().fail(/\/individuals$/, 429, 1, 1);
    const started = Date.now();
    const waited = await runPayrollConnection(company, noon(today));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(waited.written).not.toBeNull();
    // Three in a row: nothing written, and no call before Finch's Retry-After.
    finch().fail("/employer/pay-groups", 429, 3, 1);
    await expect(syncPayrollRosterNow(owner)).rejects.toMatchObject({
      status: 503,
    });
    const state = await stateOf(owner.companyId!);
    expect(state.status).toBe("RATE_LIMITED");
    expect(state.retryAfter!.getTime()).toBeGreaterThan(Date.now() - 5_000);
    const [limited] = await connectedCompanies(owner.companyId!);
    const calls = finch().requests.length;
    const skipped = await runPayrollConnection(
      limited,
      new Date(state.retryAfter!.getTime() - 500),
    );
    expect(skipped.outcome).toBe("skipped");
    expect(finch().requests.length).toBe(calls);
    expect(await mailsTo(owner.email, SUBJECT)).toHaveLength(1);
  });

  it("a token revoked at Finch: REVOKED, a mail, nothing written", async () => {
    const { owner, company } = await connectedCompany(["Ida"]);
    finch().revokeAtFinch(company.accessToken);
    const revoked = await runPayrollConnection(company, noon(today));
    expect(revoked.outcome).toBe("REVOKED");
    expect(await runsOf(owner.companyId!)).toEqual([]);
    expect((await stateOf(owner.companyId!)).status).toBe("REVOKED");
    const [mail] = await mailsTo(owner.email, SUBJECT);
    expect(mail.mail.text).toContain("disconnect, then connect again");
  });

  it("a job failing at the provider: shown with what to do, mailed, written again by an admin", async () => {
    const { owner, company } = await connectedCompany(["Jon"]);
    const [admin] = await db()
      .update(users)
      .set({ companyId: owner.companyId, companyRole: "ADMIN" })
      .where(eq(users.id, (await createEmployer()).id))
      .returning();
    finch().nextJobOutcome = "error";
    const runId = (await runPayrollConnection(company, noon(today))).written!;
    await runPayrollConnection(company, noon(today));
    expect((await stateOf(owner.companyId!)).status).toBe("JOB_FAILED");
    const [mail] = await mailsTo(owner.email, SUBJECT);
    expect(mail.mail.text).toContain(
      "Key the amounts from the run's file into your payroll system",
    );
    const page = (await (
      await call(payrollLoader, await requestAs(admin, "/settings/payroll"))
    ).json()) as { runs: { failed: boolean; jobText: string }[] };
    expect(page.runs[0].failed).toBe(true);
    // The fault is the page's first thing after its heading, before the connection's card.
    const { html } = await renderPage(admin, "/settings/payroll");
    const text = pageText(html);
    expect(text.indexOf("Key the amounts from the run's file")).toBeGreaterThan(
      text.indexOf("Payroll connection"),
    );
    expect(text.indexOf("Key the amounts from the run's file")).toBeLessThan(
      text.indexOf("Connected to"),
    );
    // The admin writes it again; this time the provider takes it.
    finch().nextJobOutcome = "complete";
    const res = await call(
      payrollAction,
      await requestAs(admin, "/settings/payroll", {
        form: { intent: "write-again", runId: String(runId) },
      }),
    );
    expect(res.status).toBe(302);
    const [company2] = await connectedCompanies(owner.companyId!);
    expect((await stateOf(owner.companyId!)).status).toBe("OK");
    expect(
      finch().enrolmentOf(company2.benefitId!, `ind-Jon-${owner.id}`),
    ).toBe(20_000);
    // A job still pending on an automated connection is not an assisted one (an assisted
    // connection's jobs: payroll-connection-types-finch.test.ts).
    finch().nextJobOutcome = "pending";
    await writeRunAgain(admin, runId);
    await runPayrollConnection(company2, noon(today));
    const pending = (await (
      await call(payrollLoader, await requestAs(admin, "/settings/payroll"))
    ).json()) as { runs: { jobText: string }[] };
    expect(pending.runs[0].jobText).toBe(
      "Your payroll system is taking the deductions.",
    );
  });
});

it("an admin sees and decides the sync's offboarding proposals; owners alone disconnect", async () => {
  const { owner, staff } = await connectedCompany(["Kim"]);
  const [admin] = await db()
    .update(users)
    .set({ companyId: owner.companyId, companyRole: "ADMIN" })
    .where(eq(users.id, (await createEmployer()).id))
    .returning();
  finch().people[0].isActive = false;
  finch().payments.push({
    id: `pay-last-${owner.id}`,
    payDate: addDaysIso(payDay, -14),
    individualIds: [staff[0].individualId],
  });
  await syncPayrollRosterNow(owner);
  const page = (await (
    await call(payrollLoader, await requestAs(admin, "/settings/payroll"))
  ).json()) as { proposals: { id: number }[]; isOwner: boolean };
  expect(page.isOwner).toBe(false);
  expect(page.proposals).toHaveLength(1);
  const dismissed = await call(
    payrollAction,
    await requestAs(admin, "/settings/payroll", {
      form: {
        intent: "dismiss-offboarding",
        proposalId: String(page.proposals[0].id),
      },
    }),
  );
  expect(dismissed.status).toBe(302);
  const disconnect = await call(
    payrollAction,
    await requestAs(admin, "/settings/payroll", {
      form: { intent: "disconnect" },
    }),
  );
  expect(disconnect.status).toBe(403);
  expect(await connectedCompanies(owner.companyId!)).toHaveLength(1);
});

/** Every mail waiting for `email`, delivered to the SMTP receiver; their subjects. */
async function deliveredTo(email: string) {
  const pending = await queryRows<{ id: number }>(
    db(),
    sql`select id from mail_outbox where to_address = ${email} and status = 'pending'`,
  );
  for (const m of pending) await deliverMail(m.id);
  return smtp.received
    .filter((m) => m.to.includes(email))
    .map((m) => m.mail.subject ?? "");
}

it("a run the connection writes mails no file and no reminder; one it could not write mails the file", async () => {
  const { owner, company } = await connectedCompany(["Mia"]);
  const written = await runPayrollConnection(company, noon(today));
  expect(written.written).not.toBeNull();
  // Three days on, its results are the pay statements' to give: no "record the results" mail.
  await runScheduledPayroll(noon(addDaysIso(today, 4)));
  const subjects = await deliveredTo(owner.email);
  expect(subjects.filter((s) => /Payroll file ready|Reminder/.test(s))).toEqual(
    [],
  );
  // A week past the pay date with no statements read: a person is reminded, once.
  await runScheduledPayroll(noon(addDaysIso(payDay, 8)));
  await runScheduledPayroll(noon(addDaysIso(payDay, 9)));
  expect(
    (await deliveredTo(owner.email)).filter((s) => /^Reminder/.test(s)),
  ).toHaveLength(1);

  // Finch down on every morning before the pay date: on the pay date the ordinary daily run
  // makes the file, and its mail goes to the owner as for a company without a connection.
  const other = await connectedCompany(["Ned"]);
  finch().fail(/\/individuals$/, 503, 3);
  expect((await runPayrollConnection(other.company, noon(today))).outcome).toBe(
    "UNAVAILABLE",
  );
  await runScheduledPayroll(noon(payDay));
  expect(await deliveredTo(other.owner.email)).toContainEqual(
    expect.stringMatching(/^Payroll file ready for/),
  );
});

it("a connected company can still download the payroll file", async () => {
  const { owner } = await connectedCompany(["Lee"]);
  const res = await call(
    exportLoader,
    await requestAs(owner, "/payroll/export"),
  );
  expect(res.status).toBe(200);
  const csv = await res.text();
  expect(csv.split("\r\n")[0]).toBe(
    "Employee,Email,Department,Deduction Date,Amount,Request ID",
  );
  expect(csv).toContain(`Lee Payroll,lee-${owner.id}@payroll.test`);
  expect(csv).toContain("200.00");
});
