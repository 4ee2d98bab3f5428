import { format } from "date-fns";
import { sql } from "drizzle-orm";
import { startWorker, stopWorker } from "~/jobs/worker.server";

import { parseRunDate, runPayroll } from "~/models/payroll/index.server";
import {
  expireUnpaidAdvances,
  UNPAID_EXPIRY_DAYS,
} from "~/models/advances/index.server";
import { fromCents } from "~/utils/money";
import {
  closeConnection,
  connection,
  migrate,
  queryRows,
} from "~/utils/db.server";
import { isAppError } from "~/utils/errors";
import {
  operatorRegulatorReports,
  regulatorReportsCsv,
  checkInvariants,
  INVARIANT_RULES,
} from "~/models/reports/index.server";

/** The value of `--name value` or `--name=value` in argv, if given. */
function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1] ?? "";
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/**
 * Operator commands, run from the production build (the container has no TypeScript tools):
 *   node build/scripts/cli.js payroll [--date YYYY-MM-DD]
 *   node build/scripts/cli.js expire-unpaid  (also done by every payroll run)
 *   node build/scripts/cli.js check-invariants
 *   node build/scripts/cli.js worker       (the job worker alone: mail delivery and schedules)
 *   node build/scripts/cli.js failed-jobs  (e-mails and jobs that failed, with their last error)
 *   node build/scripts/cli.js regulator-report --from YYYY-MM-DD --to YYYY-MM-DD [--state NV]
 *     (the regulators' figures of every company and of all together, as CSV on stdout)
 * In development the same commands are `npm run payroll` and `npm run check:invariants`.
 * Returns the process exit code.
 */
export async function cli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "payroll") {
      const i = rest.indexOf("--date");
      const inline = rest.find((a) => a.startsWith("--date="));
      const date =
        i >= 0
          ? (rest[i + 1] ?? "")
          : inline
            ? inline.slice(7)
            : format(new Date(), "yyyy-MM-dd");
      const runDate = parseRunDate(date);
      await migrate(connection());
      const s = await runPayroll(runDate);
      console.log(
        `Payroll ${s.runDate}: ${s.deductionsSubmitted} deductions submitted ($${s.totalSubmitted}) ` +
          `in the runs of ${s.employers} companies; record what payroll collected on each run's page. ` +
          `${s.advancesExpired} unpaid approved advances expired.`,
      );
      return 0;
    }
    if (command === "expire-unpaid") {
      await migrate(connection());
      const { expired, returned } = await expireUnpaidAdvances();
      console.log(
        `${expired} approved advances unpaid for ${UNPAID_EXPIRY_DAYS} days expired; ` +
          `$${fromCents(returned)} returned to available balances.`,
      );
      return 0;
    }
    if (command === "check-invariants") {
      await migrate(connection());
      const violations = await checkInvariants(connection().db);
      if (violations.length === 0) {
        console.log(`All ${INVARIANT_RULES.length} invariants hold:`);
        for (const rule of INVARIANT_RULES) console.log(`  ✓ ${rule}`);
        return 0;
      }
      console.error(`${violations.length} invariant violations:`);
      for (const v of violations) console.error(`  ✗ ${v.rule}: ${v.detail}`);
      return 1;
    }
    if (command === "worker") {
      await migrate(connection());
      await startWorker({
        concurrency: Number(process.env.WORKER_CONCURRENCY) || 4,
      });
      console.log(
        JSON.stringify({
          level: "info",
          msg: "job worker started",
          pid: process.pid,
        }),
      );
      await new Promise<void>((resolve) => {
        process.once("SIGTERM", () => resolve());
        process.once("SIGINT", () => resolve());
      });
      await stopWorker();
      return 0;
    }
    if (command === "regulator-report") {
      await migrate(connection());
      const reports = await operatorRegulatorReports({
        from: option(rest, "from") ?? "",
        to: option(rest, "to") ?? "",
        state: option(rest, "state") || null,
      });
      process.stdout.write(regulatorReportsCsv(reports));
      return 0;
    }
    if (command === "failed-jobs") {
      await migrate(connection());
      const mails = await queryRows<Record<string, unknown>>(
        connection().db,
        sql`select id, kind, to_address, attempts, last_error, created_at
            from mail_outbox where status = 'failed' or (status = 'pending' and attempts > 0)
            order by id desc limit 50`,
      );
      console.log(`E-mails failed or being retried: ${mails.length}`);
      for (const m of mails) console.log("  " + JSON.stringify(m));
      if (connection().kind === "postgres") {
        const jobs = await queryRows<Record<string, unknown>>(
          connection().db,
          sql`select id, task_identifier, attempts, max_attempts, run_at, last_error
              from graphile_worker.jobs where last_error is not null
              order by id desc limit 50`,
        );
        console.log(`Queue jobs with an error: ${jobs.length}`);
        for (const j of jobs) console.log("  " + JSON.stringify(j));
      }
      return 0;
    }
    console.error(
      "Usage: cli.js payroll [--date YYYY-MM-DD] | expire-unpaid | check-invariants | worker | failed-jobs | regulator-report --from YYYY-MM-DD --to YYYY-MM-DD [--state XX]",
    );
    return 2;
  } catch (error) {
    console.error(isAppError(error) ? error.message : error);
    return 1;
  } finally {
    await closeConnection();
  }
}
