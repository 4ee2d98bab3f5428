// npm run payroll -- --date YYYY-MM-DD
// Creates every company's payroll run for the date (never a future one): the deductions due
// by then are submitted; what payroll collected is recorded afterwards. Safe to run twice.
import { cli } from "../app/server/cli.server";

process.exitCode = await cli(["payroll", ...process.argv.slice(2)]);
