// npm run payroll -- --date YYYY-MM-DD
// Runs payroll for every employer: collects the deductions dated on or before the date,
// restores balances and moves pay cycles on. Safe to run twice for the same date.
import { cli } from "../app/server/cli.server";

process.exitCode = await cli(["payroll", ...process.argv.slice(2)]);
