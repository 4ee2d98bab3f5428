// Operator commands from the production build (used in the container, which has no tsx):
//   node scripts/cli.js payroll [--date YYYY-MM-DD]
//   node scripts/cli.js expire-unpaid
//   node scripts/cli.js check-invariants
import path from "node:path";
import url from "node:url";

const root = path.resolve(
  path.dirname(url.fileURLToPath(import.meta.url)),
  "..",
);
const build = await import(
  url.pathToFileURL(path.join(root, "build/index.js")).href
);
process.exitCode = await build.entry.module.cli(process.argv.slice(2));
