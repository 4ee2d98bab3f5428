import { eq, sql } from "drizzle-orm";
import { companies, type User } from "#db/schema";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import {
  authorizeCardPurchase,
  simulateMerchantRefund,
} from "~/models/cards/index.server";
import {
  foldLedgerBalances,
  rebuildLedgerBalances,
  repaymentSince,
} from "~/models/ledger/index.server";
import {
  createPayrollRun,
  offboardEmployee,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import {
  getEmployerReport,
  reportingPeriod,
  checkInvariants,
} from "~/models/reports/index.server";
import { db, queryRows } from "~/utils/db.server";
import { toCents } from "~/utils/money";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { payAndIssueCard } from "#tests/support/data";
import { employeeOf, requestRow } from "#tests/support/rows";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { action as checkoutAction } from "~/routes/_app.checkout";

// Each company's balances per account and month, kept as postings are written and read by key:
// after a month of mixed money actions — checkouts (the fee paid by the employee and by the
// company), purchases, a merchant refund, payroll results in full, in part and missed, arrears, an
// offboarding with its card closed and the rest written off — the figures the reports read equal
// the sums of the postings, unfolded, folded, and folded with more postings on top; and the
// invariant check catches a balance that differs.

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";
const noon = (iso: string) =>
  new Date(dayStart(iso).getTime() + 12 * 3_600_000);

/** The repayment figures summed from the postings themselves (what the reports did before). */
async function summedFromPostings(companyId: number, from: Date) {
  const [row] = await queryRows<{
    collected: string;
    lost: string;
    owed: string;
    fees: string;
    credit: string;
    paid_back: string;
  }>(
    db(),
    sql`select
          coalesce((select sum(p.amount) from journal_entries j join ledger_postings p on p.entry_id = j.id
            where j.company_id = ${companyId} and p.account = 'payroll'
              and j.created_at >= ${from.toISOString()}::timestamptz), 0)::text as collected,
          coalesce((select sum(p.amount) from journal_entries j join ledger_postings p on p.entry_id = j.id
            where j.company_id = ${companyId} and p.account = 'losses'
              and j.created_at >= ${from.toISOString()}::timestamptz), 0)::text as lost,
          coalesce((select sum(p.amount) from ledger_postings p
            where p.company_id = ${companyId} and p.account in ('receivable', 'arrears')), 0)::text as owed,
          coalesce((select sum(p.amount) from journal_entries j join ledger_postings p on p.entry_id = j.id
            where j.company_id = ${companyId} and p.account = 'company_fees'
              and j.created_at >= ${from.toISOString()}::timestamptz), 0)::text as fees,
          coalesce((select -sum(p.amount) from ledger_postings p
            where p.company_id = ${companyId} and p.account = 'credit'), 0)::text as credit,
          coalesce((select sum(p.amount) from journal_entries j join ledger_postings p on p.entry_id = j.id
            where j.company_id = ${companyId} and p.account = 'credit' and j.event = 'credit.paid_back'
              and j.created_at >= ${from.toISOString()}::timestamptz), 0)::text as paid_back`,
  );
  return {
    collectedCents: toCents(row.collected),
    writtenOffCents: toCents(row.lost),
    owedCents: toCents(row.owed),
    companyFeesCents: toCents(row.fees),
    creditCents: toCents(row.credit),
    paidBackCents: toCents(row.paid_back),
  };
}

const unfolded = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ledger_balance_deltas`,
      )
    )[0].n,
  );

/** Month starts around now: the report's period start, this month, next month, in two months. */
function monthStarts(): Date[] {
  const now = new Date();
  const month = (k: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
  return [reportingPeriod(now).start, month(-1), month(0), month(1), month(2)];
}

/** The balances the pages read equal the postings' sums, for every company and month start. */
async function expectBalancesMatch(employers: User[]) {
  for (const employer of employers) {
    const companyId = employer.companyId!;
    for (const from of monthStarts())
      expect(await repaymentSince(db(), companyId, from)).toEqual(
        await summedFromPostings(companyId, from),
      );
    expect((await getEmployerReport(employer)).repayment).toEqual(
      await summedFromPostings(companyId, reportingPeriod(new Date()).start),
    );
  }
  expect(await checkInvariants(db())).toEqual([]);
}

async function carded(
  employer: User,
  firstName: string,
  amount: string,
  repaymentPeriods: number,
  companyPays = false,
) {
  const user = await createEmployee(employer, { firstName });
  const filed = await requestAdvance(user, { amount, repaymentPeriods });
  await approveAdvance(employer, filed.id);
  if (companyPays) {
    // Nothing to pay: the employee confirms at checkout and the company is billed the fee.
    const res = await call(
      checkoutAction,
      await requestAs(
        user,
        `/checkout?amount=${amount}&requestId=${filed.id}`,
        {
          form: { intent: "issue-card", amount, requestId: String(filed.id) },
        },
      ),
    );
    expect(res.status).toBe(302);
  } else await payAndIssueCard(user, await requestRow(filed.id));
  const [card] = await queryRows<{ id: number }>(
    db(),
    sql`select id from virtual_cards where request_id = ${filed.id}`,
  );
  return { user, requestId: filed.id, cardId: card.id };
}

async function buy(cardId: number, cents: number) {
  const result = await authorizeCardPurchase(cardId, {
    amountCents: cents,
    merchantName: "Fresh Market",
    merchantCategory: GROCERY,
  });
  expect(result).toMatchObject({ approved: true });
}

/** A payroll run on `payDate` and its results: collected amount per employee's deductions. */
async function payroll(
  employer: User,
  payDate: string,
  collected: (employeeId: number, amount: string) => string,
) {
  const { run } = await createPayrollRun(employer, { payDate }, noon(payDate));
  const owners = await queryRows<{ id: number; employee_id: number }>(
    db(),
    sql`select d.id, r.employee_id from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        where d.id = any(${`{${run.deductions.map((d) => d.id).join(",")}}`}::int[])`,
  );
  const ownerOf = new Map(owners.map((o) => [o.id, o.employee_id]));
  await recordPayrollResults(
    employer,
    run.id,
    {
      results: run.deductions.map((d) => ({
        deductionId: d.id,
        collectedAmount: collected(ownerOf.get(d.id)!, d.amount),
      })),
    },
    noon(payDate),
  );
}

it("keeps each company's balances equal to its postings through a month of mixed money actions", async () => {
  const employer = await createEmployer({ companyName: "Balances Co" });
  const other = await createEmployer({ companyName: "Other Co" });
  const payDay1 = addDaysIso(isoDay(new Date()), 3);
  for (const e of [employer, other])
    await updatePaySchedule(e, { frequency: "BIWEEKLY", nextPayDate: payDay1 });

  // Checkouts: fees paid by the employees, then by the company.
  const ana = await carded(employer, "Ana", "400.00", 2);
  const ben = await carded(employer, "Ben", "300.00", 1);
  const dan = await carded(employer, "Dan", "250.00", 2);
  await db()
    .update(companies)
    .set({ companyPaysFee: true })
    .where(eq(companies.id, employer.companyId!));
  const cora = await carded(employer, "Cora", "200.00", 1, true);
  const olga = await carded(other, "Olga", "350.00", 1);
  expect(await unfolded()).toBeGreaterThan(0);
  await expectBalancesMatch([employer, other]);

  // Purchases and a merchant refund.
  await buy(ana.cardId, 18_250);
  await buy(ana.cardId, 13_750);
  await buy(ben.cardId, 30_000);
  await buy(cora.cardId, 12_000);
  await buy(dan.cardId, 20_000);
  await buy(olga.cardId, 35_000);
  await simulateMerchantRefund(ana.user, ana.cardId, {
    amount: "20.00",
    merchantName: "Fresh Market",
  });
  await expectBalancesMatch([employer, other]);

  // Half of it folded, then the first payroll on top: Ana in full, Ben in part, Dan missed.
  expect(await foldLedgerBalances(db())).toBeGreaterThan(0);
  expect(await unfolded()).toBe(0);
  await expectBalancesMatch([employer, other]);
  const anaId = (await employeeOf(ana.user)).id;
  const benId = (await employeeOf(ben.user)).id;
  const danId = (await employeeOf(dan.user)).id;
  await payroll(employer, payDay1, (id, amount) =>
    id === anaId
      ? amount
      : id === benId
        ? "120.00"
        : id === danId
          ? "0"
          : amount,
  );
  await payroll(other, payDay1, () => "100.00");
  expect(await unfolded()).toBeGreaterThan(0);
  await expectBalancesMatch([employer, other]);

  // Dan leaves; his card closes (unspent returned); his last paycheck covers part of what is
  // owed and the rest is written off. The second payroll takes part of Ana's share (the rest in
  // arrears) and all of the others'.
  const payDay2 = addDaysIso(payDay1, 14);
  await offboardEmployee(
    employer,
    danId,
    { lastPayDate: payDay2 },
    noon(addDaysIso(payDay1, 2)),
  );
  await payroll(employer, payDay2, (id, amount) =>
    id === danId ? "30.00" : id === anaId ? "50.00" : amount,
  );
  await payroll(other, payDay2, (_, amount) => amount);
  await expectBalancesMatch([employer, other]);
  const repayment = await repaymentSince(
    db(),
    employer.companyId!,
    reportingPeriod(new Date()).start,
  );
  expect(repayment.writtenOffCents).toBeGreaterThan(0);
  expect(repayment.collectedCents).toBeGreaterThan(0);
  expect(repayment.companyFeesCents).toBe(1599);
  expect(repayment.owedCents).toBeGreaterThan(0);

  // Folded whole, and rebuilt from the postings: the same figures.
  await foldLedgerBalances(db());
  expect(await unfolded()).toBe(0);
  await expectBalancesMatch([employer, other]);
  await rebuildLedgerBalances(db());
  await expectBalancesMatch([employer, other]);
});

it("fails the invariant check on a balance that differs from its postings", async () => {
  const employer = await createEmployer();
  const { cardId } = await carded(employer, "Eva", "300.00", 1);
  await buy(cardId, 5_000);
  await foldLedgerBalances(db());
  expect(await checkInvariants(db())).toEqual([]);

  await db().execute(
    sql`update ledger_balances set amount = amount + 1
        where company_id = ${employer.companyId!} and account = 'receivable'`,
  );
  const violations = await checkInvariants(db());
  expect(violations).toEqual([
    expect.objectContaining({
      rule: "each company's ledger balances equal the sums of its postings",
      detail: expect.stringMatching(
        /^company \d+, receivable, \d{4}-\d{2}: postings sum to 300\.00, the balance says 301\.00$/,
      ),
    }),
  ]);

  // A delta that no posting made is caught as well; a rebuild puts both right.
  await db().execute(
    sql`insert into ledger_balance_deltas (company_id, account, month, amount)
        values (${employer.companyId!}, 'payroll', date_trunc('month', now())::date, 5)`,
  );
  expect(
    (await checkInvariants(db())).filter((v) =>
      v.rule.startsWith("each company's ledger balances"),
    ),
  ).toHaveLength(2);
  await rebuildLedgerBalances(db());
  expect(await checkInvariants(db())).toEqual([]);
});
