import { format } from "date-fns";
import { checkInvariants, INVARIANT_RULES } from "~/models/invariants.server";
import { parseRunDate, runPayroll } from "~/models/payroll.server";
import {
  expireUnpaidAdvances,
  UNPAID_EXPIRY_DAYS,
} from "~/models/cancel.server";
import { fromCents } from "./money";
import { closeConnection, connection, migrate } from "./db.server";
import { isAppError } from "./errors";

/**
 * Operator commands, run from the production build (the container has no TypeScript tools):
 *   node scripts/cli.js payroll [--date YYYY-MM-DD]
 *   node scripts/cli.js expire-unpaid     (also done by every payroll run)
 *   node scripts/cli.js check-invariants
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
        `Payroll ${s.runDate}: ${s.deductionsPaid} deductions paid, $${s.totalPaid} collected, ` +
          `${s.employeesCredited} employees credited across ${s.employers} employers; ` +
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
    console.error(
      "Usage: cli.js payroll [--date YYYY-MM-DD] | expire-unpaid | check-invariants",
    );
    return 2;
  } catch (error) {
    console.error(isAppError(error) ? error.message : error);
    return 1;
  } finally {
    await closeConnection();
  }
}
