// npm run check:invariants — checks the money invariants on DATABASE_URL (or the PGlite data
// folder). Exits 1 and lists the offending rows when any is broken.
import { cli } from "../app/server/cli.server";

process.exitCode = await cli(["check-invariants"]);
