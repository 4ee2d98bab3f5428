import { parse } from "csv-parse/sync";
import { badRequest } from "~/utils/errors";
import type { ResultInput } from "./payroll-runs.server";

export const RESULTS_FILE_PROBLEM =
  "The results file must be a CSV with the columns deductionId and collectedAmount (the run's own file with collectedAmount filled in works).";

/** The payroll system's result file (CSV with deductionId and collectedAmount) as results. */
export function parseResultsCsv(text: string): ResultInput[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch {
    throw badRequest(RESULTS_FILE_PROBLEM);
  }
  if (
    rows.length === 0 ||
    !("deductionId" in rows[0]) ||
    !("collectedAmount" in rows[0])
  )
    throw badRequest(RESULTS_FILE_PROBLEM);
  return rows
    .filter((r) => r.collectedAmount !== "")
    .map((r) => ({
      deductionId: r.deductionId,
      collectedAmount: r.collectedAmount,
    }));
}
