import { sql } from "drizzle-orm";
import { db, queryRows, type Executor } from "~/utils/db.server";

// The reports' rollup (docs/decisions/1400-reports-rollup.md). Triggers (migration
// reports_rollup) append each change of a request, and each change of an employee's department
// or employer, to report_deltas / report_moves inside the business transaction; nothing there
// takes a lock another transaction waits for. These functions fold them into report_months /
// report_hours, one at a time (an advisory lock), from the job worker, and from /reports when
// it finds a backlog.

/** A report that reads more unfolded deltas than this folds them after reading. */
export const COMPACT_BACKLOG = 500;

/**
 * Folds the committed deltas into the rollup. Returns how many were folded, or -1 when another
 * compaction is running (it folds them). Never waits.
 */
export async function compactReportRollup(
  executor: Executor = db(),
): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    executor,
    sql`select report_rollup_compact() as folded`,
  );
  return Number(row.folded);
}

/** Rebuilds the rollup from the requests themselves (after a bulk load or a restore). */
export async function rebuildReportRollup(
  executor: Executor = db(),
): Promise<void> {
  await executor.execute(sql`select report_rollup_rebuild()`);
}
