// Operator commands from the production build (used in the container, which has no tsx;
// `npm run build` compiles this file to build/scripts/cli.js):
//   node build/scripts/cli.js payroll [--date YYYY-MM-DD]
//   node build/scripts/cli.js expire-unpaid
//   node build/scripts/cli.js check-invariants
import { loadBuild } from "./server-build.js";

const build = await loadBuild();
process.exitCode = await build.entry.module.cli(process.argv.slice(2));
