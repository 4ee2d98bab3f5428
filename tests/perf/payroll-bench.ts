// Part of `npm run bench`: a payroll run and its reconciliation for the 10,000-employee company,
// on a fresh database `ga_bench_payroll` on the PostgreSQL server. The company is seeded as the
// page bench seeds it (tests/perf/seed.ts: 10,000 employees, 100,000 requests, 20,000 cards and
// their deductions, the ledger), every scheduled deduction is made due today, then:
//   1. the run: every due deduction SUBMITTED in one transaction (createRunInTx);
//   2. the results, as a payroll system posts them: 80 % collected in full, 10 % in part
//      (arrears on the next pay date), 10 % not at all, in posts of 1,000 results
//      (recordPayrollResults, the function behind POST /api/payroll-runs/{id}/results);
// each timed (deductions per second), and check:invariants run on the result.
// Writes its table into docs/performance.md between the payroll-bench markers.
//
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_WRITE_DOC=0   do not rewrite the generated section of docs/performance.md
import url from "node:url";
import { eq, sql } from "drizzle-orm";
import { users } from "#db/schema";

import {
  createRunInTx,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import {
  closeConnection,
  connectPostgres,
  db,
  migrate,
  queryRows,
  setConnection,
} from "~/utils/db.server";
import { isoDay } from "~/utils/pay-schedule";
import { hashPassword } from "~/utils/password.server";
import { LARGE_COMPANY, seedCompany } from "./seed";
import {
  BENCH_SERVER_URL,
  createBenchDatabase,
  dropBenchDatabase,
  timed,
  withDatabase,
  writeDocSection,
} from "./bench-support";

import { checkInvariants } from "~/models/reports/index.server";
const DB_NAME = "ga_bench_payroll";
const POST_SIZE = 1000;

export async function measurePayroll() {
  await createBenchDatabase(DB_NAME);
  const conn = connectPostgres(withDatabase(BENCH_SERVER_URL, DB_NAME), 4);
  setConnection(conn);
  try {
    await migrate(conn);
    const company = await seedCompany(
      conn.db,
      LARGE_COMPANY,
      await hashPassword("Basil-Lantern-62"),
    );
    const today = isoDay(new Date());
    // Every scheduled deduction falls due today, the company's pay date.
    await db().execute(
      sql`update payroll_deductions d set deduction_date = ${today}::date::timestamptz
          from advance_requests r join employees e on e.id = r.employee_id
          where d.request_id = r.id and e.employer_id = ${company.employerId}
            and d.status = 'SCHEDULED'`,
    );
    await db().execute(
      sql`update companies set next_pay_date = ${today}::date where id = ${company.employerId}`,
    );
    await db().execute(sql`vacuum analyze`);
    const [owner] = await db()
      .select()
      .from(users)
      .where(eq(users.username, company.employerUsername));

    const [run, runMs] = await timed(() =>
      db().transaction((tx) =>
        createRunInTx(tx, company.employerId, today, owner.id),
      ),
    );
    const deductions = await queryRows<{ id: number; amount: string }>(
      db(),
      sql`select id, amount::text as amount from payroll_deductions
          where run_id = ${run.runId} order by id`,
    );
    const results = deductions.map((d, i) => ({
      deductionId: d.id,
      collectedAmount:
        i % 10 === 8
          ? (Number(d.amount) / 2).toFixed(2)
          : i % 10 === 9
            ? "0"
            : d.amount,
    }));
    let recorded = 0;
    const [, resultsMs] = await timed(async () => {
      for (let i = 0; i < results.length; i += POST_SIZE) {
        const post = await recordPayrollResults(owner, run.runId, {
          results: results.slice(i, i + POST_SIZE),
        });
        recorded += post.recorded;
      }
    });
    const [{ arrears }] = await queryRows<{ arrears: number }>(
      db(),
      sql`select count(*)::int as arrears from payroll_deductions
          where arrears_of_id in (select id from payroll_deductions where run_id = ${run.runId})`,
    );
    const [invariants, invariantsMs] = await timed(() => checkInvariants(db()));
    return {
      employees: company.counts.employees,
      submitted: run.added,
      submittedTotal: run.cents / 100,
      runMs,
      recorded,
      arrears,
      resultsMs,
      posts: Math.ceil(results.length / POST_SIZE),
      runPerSecond: run.added / (runMs / 1000),
      resultsPerSecond: recorded / (resultsMs / 1000),
      violations: invariants.length,
      invariantsMs,
    };
  } finally {
    await closeConnection();
    await dropBenchDatabase(DB_NAME);
  }
}

type Figures = Awaited<ReturnType<typeof measurePayroll>>;

export function payrollTable(f: Figures): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rate = (v: number) =>
    `${Math.round(v).toLocaleString("en-US")} deductions/s`;
  return [
    `## Payroll run and reconciliation (${new Date().toISOString()})`,
    "",
    `The ${f.employees.toLocaleString("en-US")}-employee company of the page bench, every scheduled deduction due today, on PostgreSQL, through the domain functions in one process (no HTTP). Results as a payroll system posts them: 80 % collected in full, 10 % in part, 10 % not at all, ${POST_SIZE.toLocaleString("en-US")} results a post.`,
    "",
    "| Step | Deductions | Time | Deductions per second |",
    "| --- | ---: | ---: | ---: |",
    `| Payroll run (submitted, $${f.submittedTotal.toLocaleString("en-US", { minimumFractionDigits: 2 })}) | ${f.submitted} | ${s(f.runMs)} | ${rate(f.runPerSecond)} |`,
    `| Results recorded (${f.posts} posts; ${f.arrears} arrears deductions) | ${f.recorded} | ${s(f.resultsMs)} | ${rate(f.resultsPerSecond)} |`,
    "",
    `check:invariants afterwards: ${f.violations} violations (${s(f.invariantsMs)}).`,
  ].join("\n");
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) {
  process.env.SEED_DEMO = "false";
  const figures = await measurePayroll();
  const table = payrollTable(figures);
  process.stdout.write(`${table}\n`);
  if (process.env.BENCH_WRITE_DOC !== "0")
    writeDocSection("payroll-bench", "tests/perf/payroll-bench.ts", table);
  if (figures.violations > 0) process.exitCode = 1;
}
