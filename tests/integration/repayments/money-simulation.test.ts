import fc from "fast-check";
import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import {
  authorizeCardPurchase,
  closeOwnCard,
  simulateMerchantRefund,
} from "~/models/cards/index.server";
import { checkInvariants } from "~/models/ledger/index.server";
import {
  createPayrollRun,
  offboardEmployee,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { db, queryRows } from "~/utils/db.server";
import { addDaysIso, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { fuzzRuns } from "#tests/support/fuzz";
import { cardedAdvance } from "#tests/support/data";
import { employeeOf } from "#tests/support/rows";
import { createEmployee, createEmployer } from "#tests/support/factories";

// A property-based simulation of one advance after its card (fast-check): random sequences of
// purchases, merchant refunds (some in parallel), closing the card, payroll runs and their
// full, partial or missed results, offboarding and correcting the last pay date. After every
// step the ledger's invariants hold (none newly broken) and so do the money rules checked here
// straight from the tables: no card spends below zero, every SUBMITTED run can be reconciled,
// a credit only where payroll collected more than was spent, nothing due after a last pay
// date. FC_SEED=<n> replays a sequence.

useTestDatabase();

const GROCERY = "grocery_stores_supermarkets";
const today = isoDay(new Date());

type Step =
  | { kind: "purchase"; cents: number }
  | { kind: "refunds"; cents: number[] }
  | { kind: "close" }
  | { kind: "run" }
  | { kind: "results"; how: "full" | "partial" | "missed" }
  | { kind: "offboard"; date: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("purchase" as const),
    cents: fc.integer({ min: 1, max: 30_000 }),
  }),
  fc.record({
    kind: fc.constant("refunds" as const),
    cents: fc.array(fc.integer({ min: 1, max: 20_000 }), {
      minLength: 1,
      maxLength: 5,
    }),
  }),
  fc.constant({ kind: "close" as const }),
  fc.constant({ kind: "run" as const }),
  fc.record({
    kind: fc.constant("results" as const),
    how: fc.constantFrom(
      "full" as const,
      "partial" as const,
      "missed" as const,
    ),
  }),
  fc.record({
    kind: fc.constant("offboard" as const),
    date: fc.constantFrom(
      today,
      addDaysIso(today, 14),
      "2020-01-01",
      "2099-12-31",
    ),
  }),
);

/** The money rules, from the tables, for one company: what each broken one says. */
async function moneyRules(companyId: number): Promise<string[]> {
  const rows = await queryRows<{ problem: string }>(
    db(),
    sql`select 'card ' || c.id || ' spent ' || s.spent as problem
        from virtual_cards c join advance_requests r on r.id = c.request_id
        join employees e on e.id = r.employee_id
        cross join lateral (select coalesce(-sum(p.amount), 0) as spent from ledger_postings p
          where p.card_id = c.id and p.account = 'merchants') s
        where e.employer_id = ${companyId} and s.spent < 0
        union all
        select 'run ' || p.id || ' SUBMITTED with nothing to reconcile'
        from payroll_runs p where p.company_id = ${companyId} and p.status = 'SUBMITTED'
          and not exists (select 1 from payroll_deductions d
            where d.run_id = p.id and d.status = 'SUBMITTED')
        union all
        select 'employee ' || e.id || ' credit ' || x.credit || ' collected ' || x.collected
          || ' spent ' || x.spent
        from employees e cross join lateral (select
          coalesce((select -sum(amount) from ledger_postings
            where employee_id = e.id and account = 'credit'), 0) as credit,
          coalesce((select sum(amount) from ledger_postings
            where employee_id = e.id and account = 'payroll'), 0) as collected,
          coalesce((select -sum(amount) from ledger_postings
            where employee_id = e.id and account = 'merchants'), 0) as spent) x
        where e.employer_id = ${companyId}
          and (x.credit < 0 or x.credit > greatest(0, x.collected - x.spent))
        union all
        select 'deduction ' || d.id || ' after the last pay date ' || e.last_pay_date
        from payroll_deductions d join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        where e.employer_id = ${companyId} and e.last_pay_date is not null
          and d.status in ('SCHEDULED', 'SUBMITTED')
          and d.deduction_date >= (e.last_pay_date + 1)::timestamptz
        union all
        select 'deduction ' || d.id || ' before its card'
        from payroll_deductions d join virtual_cards c on c.request_id = d.request_id
        where d.employer_id = ${companyId}
          and d.deduction_date < date_trunc('day', c.created_at)`,
  );
  return rows.map((r) => r.problem);
}

async function violations(): Promise<Set<string>> {
  return new Set(
    (await checkInvariants(db())).map((v) => `${v.rule}: ${v.detail}`),
  );
}

/** Runs one step; a refusal (400, 409) is part of the product and changes nothing. */
async function apply(
  s: Step,
  at: { employer: User; user: User; cardId: number; employeeId: number },
) {
  const refused = (e: unknown) => {
    const status = (e as { status?: number }).status;
    if (status !== 400 && status !== 409) throw e;
  };
  switch (s.kind) {
    case "purchase":
      await authorizeCardPurchase(at.cardId, {
        amountCents: s.cents,
        merchantName: "Corner Grocer",
        merchantCategory: GROCERY,
      });
      return;
    case "refunds": {
      const outcomes = await Promise.allSettled(
        s.cents.map((cents) =>
          simulateMerchantRefund(at.user, at.cardId, {
            amount: (cents / 100).toFixed(2),
            merchantName: "Corner Grocer",
          }),
        ),
      );
      for (const o of outcomes) if (o.status === "rejected") refused(o.reason);
      return;
    }
    case "close":
      await closeOwnCard(at.user, at.cardId).catch(refused);
      return;
    case "run":
      await createPayrollRun(at.employer, { payDate: today });
      return;
    case "results": {
      const open = await queryRows<{
        id: number;
        run_id: number;
        amount: string;
      }>(
        db(),
        sql`select d.id, d.run_id, d.amount::text as amount from payroll_deductions d
            join advance_requests r on r.id = d.request_id
            where r.employee_id = ${at.employeeId} and d.status = 'SUBMITTED'
            order by d.id`,
      );
      if (open.length === 0) return;
      await recordPayrollResults(at.employer, open[0].run_id, {
        results: open
          .filter((d) => d.run_id === open[0].run_id)
          .map((d) => ({
            deductionId: d.id,
            collectedAmount:
              s.how === "full"
                ? d.amount
                : s.how === "missed"
                  ? "0"
                  : (Math.floor(Number(d.amount) * 50) / 100).toFixed(2),
          })),
      }).catch(refused);
      return;
    }
    case "offboard":
      await offboardEmployee(at.employer, at.employeeId, {
        lastPayDate: s.date,
      }).catch(refused);
      return;
  }
}

describe("a month of money after the card, at random", () => {
  it("keeps every invariant after every step", async () => {
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (periods, steps) => {
          const employer = await createEmployer();
          await updatePaySchedule(employer, {
            frequency: "BIWEEKLY",
            nextPayDate: today,
          });
          const user = await createEmployee(employer);
          const request = await cardedAdvance(user, "300.00", periods);
          // Every deduction falls due today (crafted), so today's run can take them all.
          await db().execute(
            sql`update payroll_deductions set deduction_date = ${today}::date::timestamptz
                where request_id = ${request.id}`,
          );
          const [card] = await queryRows<{ id: number }>(
            db(),
            sql`select id from virtual_cards where request_id = ${request.id}`,
          );
          const employee = await employeeOf(user);
          const known = await violations();
          for (const s of steps) {
            await apply(s, {
              employer,
              user,
              cardId: card.id,
              employeeId: employee.id,
            });
            const fresh = [...(await violations())].filter(
              (v) => !known.has(v),
            );
            const broken = [
              ...fresh,
              ...(await moneyRules(employee.companyId!)),
            ];
            if (broken.length > 0)
              throw new Error(
                `after ${JSON.stringify(s)}:\n${broken.join("\n")}`,
              );
          }
        },
      ),
      {
        numRuns: fuzzRuns({ ci: 25, deep: 250 }),
        endOnFailure: true,
        ...(seed === undefined ? {} : { seed }),
      },
    );
  }, 600_000);
});
