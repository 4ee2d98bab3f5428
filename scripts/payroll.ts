// npm run payroll -- --date YYYY-MM-DD
// Runs payroll for every employer: collects the deductions dated on or before the date,
// restores balances and moves pay cycles on. Safe to run twice for the same date.
import { format } from "date-fns";
import { parseRunDate, runPayroll } from "../app/models/payroll.server";
import { closeConnection, connection, migrate } from "../app/utils/db.server";
import { isAppError } from "../app/utils/errors";

function argDate(): string {
  const i = process.argv.indexOf("--date");
  if (i >= 0) return process.argv[i + 1] ?? "";
  const inline = process.argv.find((a) => a.startsWith("--date="));
  return inline
    ? inline.slice("--date=".length)
    : format(new Date(), "yyyy-MM-dd");
}

try {
  const runDate = parseRunDate(argDate());
  await migrate(connection());
  const summary = await runPayroll(runDate);
  console.log(
    `Payroll ${summary.runDate}: ${summary.deductionsPaid} deductions paid, ` +
      `$${summary.totalPaid} collected, ${summary.employeesCredited} employees credited ` +
      `across ${summary.employers} employers.`,
  );
} catch (error) {
  console.error(isAppError(error) ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeConnection();
}
