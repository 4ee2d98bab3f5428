import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import { authorizeCardPurchase } from "~/models/cards/index.server";
import {
  getPaySchedule,
  updatePaySchedule,
} from "~/models/companies/index.server";
import { connectedCompanies } from "~/models/integrations/index.server";
import { companyTotals, owedCents } from "~/models/ledger/index.server";
import {
  confirmOffboardingProposal,
  getPayrollRun,
  listOffboardingProposals,
  runPayrollConnection,
  syncPayrollRosterNow,
} from "~/models/payroll/index.server";
import { db, queryRows } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { payAndIssueCard } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import { createEmployee, createEmployer } from "#tests/support/factories";
import type { FakePerson } from "#tests/support/fake-finch";
import { connectPayroll, useFakeFinch } from "#tests/support/finch";
import { employeeOf, requestRow } from "#tests/support/rows";

import { checkInvariants } from "~/models/reports/index.server";
// A connected company's month, step by step, through the real Finch SDK against the fake Finch:
// the roster sync's proposals (a new hire invited, a leaver proposed for offboarding), the pay
// schedule from the pay group, the run written to the payroll system as enrolments, the pay
// statements read back (one full, one partial, one missed, one leaver) and the ledger after.
// Each step is checked; with SHOW_PAYROLL_MONTH=1 the story is printed, as the note shows it.

useTestDatabase();
const finch = useFakeFinch();

const today = isoDay(new Date());
const noon = (iso: string) =>
  new Date(dayStart(iso).getTime() + 12 * 3_600_000);
const payDay = addDaysIso(today, 2);
const dollars = (cents: number) => formatCents(cents);

function person(
  id: string,
  firstName: string,
  email: string,
  extra: Partial<FakePerson> = {},
): FakePerson {
  return {
    id,
    firstName,
    lastName: "Grocer",
    workEmail: email,
    sourceId: null,
    department: "Produce",
    isActive: true,
    endDate: null,
    ...extra,
  };
}

it("shows a connected company's month: proposals, the run written, statements read, the ledger", async () => {
  const story: string[] = [];
  const say = (line = "") => story.push(line);
  const f = finch();

  const owner = await createEmployer({ companyName: "Corner Grocer" });
  const companyId = owner.companyId!;
  await updatePaySchedule(owner, {
    frequency: "MONTHLY",
    nextPayDate: "2099-12-31",
  });
  // Four employees, each with a $200 advance spent in full on groceries, due on the pay date.
  const names = ["Ann", "Ben", "Cal", "Dee"];
  const staff: { name: string; user: User; employeeId: number; id: string }[] =
    [];
  for (const name of names) {
    const user = await createEmployee(owner, {
      firstName: name,
      lastName: "Grocer",
      email: `${name.toLowerCase()}-${companyId}@corner.test`,
    });
    staff.push({
      name,
      user,
      employeeId: (await employeeOf(user)).id,
      id: `ind-${name}-${companyId}`,
    });
  }
  const byName = new Map(staff.map((s) => [s.name, s]));

  // At Finch: the four, one new hire (Eva), and Dee's employment ended yesterday; one pay group
  // paid every two weeks, last paid 12 days ago.
  const lastPaid = addDaysIso(payDay, -14);
  f.people = [
    ...staff.map((s) =>
      person(s.id, s.name, s.user.email, {
        ...(s.name === "Dee"
          ? { isActive: false, endDate: addDaysIso(today, -1) }
          : {}),
      }),
    ),
    person(`ind-Eva-${companyId}`, "Eva", `eva-${companyId}@corner.test`, {
      department: "Bakery",
    }),
  ];
  f.payGroups = [
    {
      id: `pg-${companyId}`,
      name: "Store staff",
      payFrequencies: ["bi_weekly"],
      individualIds: f.people.map((p) => p.id),
    },
  ];
  f.payments = [
    {
      id: `pay-prev-${companyId}`,
      payDate: lastPaid,
      individualIds: staff.map((s) => s.id),
    },
  ];

  say(`A connected company's month (today ${today}, pay date ${payDay})`);
  say();
  const company = await connectPayroll(owner);
  say(
    `1. Connected: ${company.providerName}; deduction "${f.benefits[0].description}" (${f.benefits[0].type}, ${f.benefits[0].frequency}) created at Finch as ${f.benefits[0].benefitId}`,
  );

  // ---- The roster sync ----
  const sync = await syncPayrollRosterNow(owner, noon(today));
  const schedule = await getPaySchedule(owner);
  const proposals = await listOffboardingProposals(owner);
  say(
    `2. Roster sync: ${sync.people} people at Finch, ${sync.matched} matched, ${sync.invited} invited, ${sync.proposed} proposed for offboarding`,
  );
  const [invited] = await queryRows<{ email: string }>(
    db(),
    sql`select email from invitations where company_id = ${companyId} order by id`,
  );
  say(`   invited: ${invited?.email}`);
  for (const p of proposals)
    say(
      `   proposal: offboard ${p.name} (ended ${p.endDate}, last pay statement ${p.lastPayDate})`,
    );
  say(
    `   pay schedule from the pay group: ${schedule.frequency}, next pay date ${schedule.nextPayDate}`,
  );
  expect(sync).toMatchObject({
    people: 5,
    matched: 4,
    invited: 1,
    proposed: 1,
  });
  expect(invited?.email).toBe(`eva-${companyId}@corner.test`);
  expect(proposals).toEqual([
    expect.objectContaining({
      name: "Dee Grocer",
      endDate: addDaysIso(today, -1),
      lastPayDate: lastPaid,
    }),
  ]);
  expect(schedule).toEqual({ frequency: "BIWEEKLY", nextPayDate: payDay });

  // Each has a $200 advance spent in full, due on the pay date.
  for (const s of staff) {
    const filed = await requestAdvance(s.user, {
      amount: "200.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(owner, filed.id);
    await payAndIssueCard(s.user, await requestRow(filed.id));
    const [card] = await queryRows<{ id: number }>(
      db(),
      sql`select id from virtual_cards where request_id = ${filed.id}`,
    );
    await authorizeCardPurchase(card.id, {
      amountCents: 20_000,
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
    });
  }
  // The owner confirms Dee's offboarding: her final paycheck is on the pay date.
  const confirmed = await confirmOffboardingProposal(owner, proposals[0].id, {
    lastPayDate: payDay,
  });
  say(
    `   confirmed by the owner: ${confirmed.name} offboarded, last pay date ${payDay} (typed over the proposal's ${lastPaid})`,
  );
  say("   advances: Ann, Ben, Cal and Dee each $200.00 due on the pay date");

  // ---- The run written to payroll ----
  const requestsBefore = f.requests.length;
  const written = await runPayrollConnection(company, noon(today));
  const runId = written.written!;
  const run = await getPayrollRun(owner, runId);
  const benefitId = (await connectedCompanies(companyId))[0].benefitId!;
  const enrolments = [...(f.enrolments.get(benefitId) ?? new Map())];
  say();
  say(
    `3. Written to payroll on ${today}, before the pay date's cut-off: run ${runId} for ${run.payDate}, ${run.status}`,
  );
  for (const call of f.requests.slice(requestsBefore))
    say(`   Finch: ${call.method} ${call.path} → ${call.status}`);
  for (const [individual, cents] of enrolments)
    say(`   enrolment at the payroll: ${individual} ${dollars(cents)}`);
  expect(run.status).toBe("SUBMITTED");
  expect(enrolments).toEqual(staff.map((s) => [s.id, 20_000]));

  // ---- The statements read back ----
  f.payments.push({
    id: `pay-${companyId}`,
    payDate: payDay,
    individualIds: staff.map((s) => s.id),
  });
  const ours = (cents: number) => [
    { name: "Grocery Advance repayment", cents },
  ];
  const taken = { Ann: 20_000, Ben: 5_000, Cal: 0, Dee: 3_000 };
  f.statements.set(
    `pay-${companyId}`,
    staff.map((s) => ({
      individualId: s.id,
      netPayCents: s.name === "Ann" ? 151_234 : 40_000,
      grossPayCents: 200_000,
      deductions:
        taken[s.name as keyof typeof taken] > 0
          ? ours(taken[s.name as keyof typeof taken])
          : [],
    })),
  );
  const readOn = addDaysIso(payDay, 1);
  const requestsBeforeRead = f.requests.length;
  const read = await runPayrollConnection(company, noon(readOn));
  say();
  say(`4. Pay statements read on ${readOn} (payment of ${payDay}):`);
  for (const call of f.requests.slice(requestsBeforeRead))
    say(`   Finch: ${call.method} ${call.path} → ${call.status}`);
  const after = await getPayrollRun(owner, runId);
  for (const d of after.deductions) {
    const name = d.employeeName.split(" ")[0];
    say(
      `   ${name}: statement shows ${dollars(taken[name as keyof typeof taken])} of ${dollars(20_000)} → ${d.status}, collected ${d.collectedAmount}, short ${d.shortfall}, written off ${d.writtenOffAmount}${d.arrearsDeductionId ? `, arrears deduction ${d.arrearsDeductionId}` : ""}`,
    );
  }
  say(`   run ${runId}: ${after.status}`);
  for (const s of staff)
    say(
      `   enrolment at the payroll after the pay date: ${s.id} ${dollars(f.enrolmentOf(benefitId, s.id) ?? 0)}`,
    );
  expect(read.read).toBe(1);
  expect(after.status).toBe("RECONCILED");

  // ---- The ledger after ----
  const totals = await companyTotals(db(), companyId);
  say();
  say("5. The ledger after:");
  say(
    `   company: funded ${dollars(totals.fundedCents)}, spent ${dollars(totals.spentCents)}, collected through payroll ${dollars(totals.collectedCents)}, written off ${dollars(totals.writtenOffCents)}, still owed ${dollars(totals.owedCents)}`,
  );
  for (const s of staff)
    say(`   ${s.name}: owes ${dollars(await owedCents(db(), s.employeeId))}`);
  const broken = await checkInvariants(db());
  say(
    `   ledger invariants: ${broken.length === 0 ? "all hold" : broken.join("; ")}`,
  );
  expect(totals).toMatchObject({
    fundedCents: 80_000,
    collectedCents: 28_000,
    writtenOffCents: 17_000,
    owedCents: 35_000,
  });
  expect(await owedCents(db(), byName.get("Ann")!.employeeId)).toBe(0);
  expect(await owedCents(db(), byName.get("Ben")!.employeeId)).toBe(15_000);
  expect(await owedCents(db(), byName.get("Cal")!.employeeId)).toBe(20_000);
  expect(await owedCents(db(), byName.get("Dee")!.employeeId)).toBe(0);
  expect(broken).toEqual([]);

  if (process.env.SHOW_PAYROLL_MONTH) console.info(story.join("\n"));
});
