import { sql } from "drizzle-orm";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import { authorizeCardPurchase } from "~/models/cards/index.server";
import { companyTotals, owedCents } from "~/models/ledger/index.server";
import {
  offboardEmployee,
  createPayrollRun,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { db, queryRows } from "~/utils/db.server";
import { formatCents, toCents } from "~/utils/money";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { payAndIssueCard } from "#tests/support/data";
import { deductionsOf, employeeOf, requestRow } from "#tests/support/rows";
import { createEmployee, createEmployer } from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// One employee through a month on a biweekly schedule: an advance, purchases,
// two payrolls (the second one short), the arrears, offboarding and the write-off, with the
// ledger's entries and the balances at each step. The story is printed for the record.

const database = useTestDatabase();

const noon = (iso: string) =>
  new Date(dayStart(iso).getTime() + 12 * 3_600_000);

it("a month: advance, purchases, two payrolls (one short), arrears, offboarding, write-off", async () => {
  const story: string[] = [];
  const employer = await createEmployer({ companyName: "Month Co" });
  const maya = await createEmployee(employer, { firstName: "Maya" });
  const employee = await employeeOf(maya);
  const today = isoDay(new Date());
  const payDay1 = addDaysIso(today, 3);
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: payDay1,
  });
  let seen = 0;
  const say = async (step: string) => {
    const entries = await queryRows<{
      id: number;
      event: string;
      postings: string;
    }>(
      db(),
      sql`select j.id, j.event,
                 string_agg(p.account || ' ' || p.amount::text, ', ' order by p.id) as postings
          from journal_entries j join ledger_postings p on p.entry_id = j.id
          where j.employee_id = ${employee.id} and j.id > ${seen}
          group by j.id order by j.id`,
    );
    if (entries.length) seen = entries[entries.length - 1].id;
    const row = await employeeOf(maya);
    const owed = await owedCents(db(), employee.id);
    const open = (
      await queryRows<{ d: string }>(
        db(),
        sql`select coalesce(string_agg(d.amount::text || ' on ' || to_char(d.deduction_date, 'YYYY-MM-DD')
                 || ' (' || d.status || ')', '; ' order by d.deduction_date, d.id), 'none') as d
          from payroll_deductions d join advance_requests r on r.id = d.request_id
          where r.employee_id = ${employee.id} and d.status in ('SCHEDULED', 'SUBMITTED')`,
      )
    )[0].d;
    story.push(`${step}`);
    for (const e of entries)
      story.push(`    ledger: ${e.event}: ${e.postings}`);
    story.push(
      `    owed ${formatCents(owed)}, available ${formatCents(toCents(row.availableBalance))}; open deductions: ${open}`,
    );
    expect(await checkInvariants(db())).toEqual([]);
  };

  await say(
    `Database: ${database.kind}. Company pays every two weeks, next on ${payDay1}; Maya starts.`,
  );
  const filed = await requestAdvance(maya, {
    amount: "400.00",
    repaymentPeriods: 2,
  });
  await approveAdvance(employer, filed.id);
  await say("1. Maya asks for $400 over 2 pay periods; approved (reserved).");
  await payAndIssueCard(maya, await requestRow(filed.id));
  await say(
    "2. She pays the $15.99 fee; the card is funded with $400; deductions on the next two pay dates.",
  );
  const [card] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${filed.id}`,
  );
  for (const [cents, shop] of [
    [18_250, "Fresh Market"],
    [13_750, "Corner Grocer"],
  ] as const)
    await authorizeCardPurchase(card.id, {
      amountCents: cents,
      merchantName: shop,
      merchantCategory: "grocery_stores_supermarkets",
    });
  await say(
    "3. Groceries: $182.50 and $137.50 on the card ($80.00 left on it).",
  );

  const first = await createPayrollRun(
    employer,
    { payDate: payDay1 },
    noon(payDay1),
  );
  await say(
    `4. Payroll of ${payDay1}: the run submits $${first.run.total} (not collected yet).`,
  );
  await recordPayrollResults(
    employer,
    first.run.id,
    {
      results: first.run.deductions.map((d) => ({
        deductionId: d.id,
        collectedAmount: d.amount,
      })),
    },
    noon(payDay1),
  );
  await say("5. Payroll reports the $200 collected in full.");

  const payDay2 = addDaysIso(payDay1, 14);
  const second = await createPayrollRun(
    employer,
    { payDate: payDay2 },
    noon(payDay2),
  );
  await recordPayrollResults(
    employer,
    second.run.id,
    {
      results: second.run.deductions.map((d) => ({
        deductionId: d.id,
        collectedAmount: "60.00",
      })),
    },
    noon(payDay2),
  );
  const arrears = (await deductionsOf(filed.id)).find(
    (d) => d.arrearsOfId !== null,
  )!;
  expect(arrears.amount).toBe("140.00");
  expect(isoDay(arrears.deductionDate)).toBe(addDaysIso(payDay2, 14));
  await say(
    `6. Payroll of ${payDay2} is short: $60 of $200 collected; $140 becomes arrears on ${addDaysIso(payDay2, 14)}.`,
  );

  const lastPayDate = addDaysIso(payDay2, 14);
  await offboardEmployee(
    employer,
    employee.id,
    { lastPayDate },
    noon(addDaysIso(payDay2, 2)),
  );
  await say(
    `7. Maya leaves; last pay date ${lastPayDate}. Her card closes: its unspent $80.00 comes off the $140 arrears ($60 left, on her last paycheck).`,
  );

  const last = await createPayrollRun(
    employer,
    { payDate: lastPayDate },
    noon(lastPayDate),
  );
  await recordPayrollResults(
    employer,
    last.run.id,
    {
      results: last.run.deductions.map((d) => ({
        deductionId: d.id,
        collectedAmount: "25.00",
      })),
    },
    noon(lastPayDate),
  );
  await say(
    `8. Her last paycheck covers $25 of the $60; the $35 left is written off (no recourse beyond payroll).`,
  );
  expect(await owedCents(db(), employee.id)).toBe(0);
  const totals = await companyTotals(db(), employee.companyId!);
  story.push(
    `Company: funded ${formatCents(totals.fundedCents)}, spent ${formatCents(totals.spentCents)}, returned ${formatCents(totals.returnedCents)}, collected ${formatCents(totals.collectedCents)}, written off ${formatCents(totals.writtenOffCents)}, owed ${formatCents(totals.owedCents)}, fees ${formatCents(totals.feesCents)}.`,
  );
  expect(totals.writtenOffCents).toBe(3_500);
  expect(totals.spentCents).toBe(32_000);
  // Every dollar funded was spent or returned; every dollar spent was collected or written off.
  expect(totals.spentCents + totals.returnedCents).toBe(totals.fundedCents);
  expect(totals.collectedCents + totals.writtenOffCents).toBe(
    totals.spentCents,
  );
  console.log(story.join("\n"));
});
