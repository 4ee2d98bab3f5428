/**
 * How many generated cases a property test runs. Every run (CI included) takes the small,
 * fixed count: enough to keep each generator's shapes covered and to catch a regression
 * within a few runs. `npm run test:fuzz` (FUZZ=deep) takes the large count, for a nightly job
 * or before a release: it is where rarer combinations are found, at several minutes a file.
 */
export function fuzzRuns(counts: { ci: number; deep: number }): number {
  return process.env.FUZZ === "deep" ? counts.deep : counts.ci;
}
