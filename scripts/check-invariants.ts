// npm run check:invariants — checks the money invariants on DATABASE_URL (or the PGlite data
// folder). Exits 1 and lists the offending rows when any is broken.
import {
  checkInvariants,
  INVARIANT_RULES,
} from "../app/models/invariants.server";
import { closeConnection, connection } from "../app/utils/db.server";

try {
  const violations = await checkInvariants(connection().db);
  if (violations.length === 0) {
    console.log(`All ${INVARIANT_RULES.length} invariants hold:`);
    for (const rule of INVARIANT_RULES) console.log(`  ✓ ${rule}`);
  } else {
    console.error(`${violations.length} invariant violations:`);
    for (const v of violations) console.error(`  ✗ ${v.rule}: ${v.detail}`);
    process.exitCode = 1;
  }
} finally {
  await closeConnection();
}
