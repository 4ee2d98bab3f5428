// npm run worker
// The job worker on its own (mail delivery, scheduled payroll, reminders, reports, clean-up),
// for operators who run it apart from the app (then start the app with WORKER_IN_APP=false).
// From the production build: node build/scripts/cli.js worker.
import { cli } from "../app/server/cli.server";

process.exitCode = await cli(["worker", ...process.argv.slice(2)]);
