// npm run report:regulator -- --from 2026-01-01 --to 2027-01-01 [--state NV]
// The regulators' figures for the period (`to` not included) of every company, then of all
// together, as CSV on stdout.
import { cli } from "../app/server/cli.server";

process.exitCode = await cli(["regulator-report", ...process.argv.slice(2)]);
