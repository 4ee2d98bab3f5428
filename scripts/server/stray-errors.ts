// The last resort, once the server is up: an error that no code awaited (a driver's timer, a
// background loop) is logged with the time and the database's code, and the process goes on
// serving; every request still reads the database afresh, and the known sources are handled
// where they arise (decision 0072). Before this point a failure still ends the start.

/** The text of the statement a postgres.js error came from (placeholders, no values). */
function statementOf(error: unknown): string | undefined {
  const query = (error as { query?: unknown } | null)?.query;
  return typeof query === "string" ? query.slice(0, 300) : undefined;
}

export function keepServingThroughStrayErrors(): void {
  const report = (kind: string) => (error: unknown) => {
    process.stderr.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "error",
        msg: `${kind}; still serving`,
        error: error instanceof Error ? error.message : String(error),
        code: (error as { code?: unknown } | undefined)?.code,
        // postgres.js adds where the statement was made to the stack, and keeps its text
        // (placeholders, no values) on the error: enough to find the code that did not wait.
        query: statementOf(error),
        stack:
          error instanceof Error
            ? error.stack
                ?.split("\n")
                .slice(1, 12)
                .map((line) => line.trim())
                .join(" | ")
            : undefined,
        pid: process.pid,
      }) + "\n",
    );
  };
  process.on("unhandledRejection", report("unhandled rejection"));
  process.on("uncaughtException", report("uncaught exception"));
  // A log stream that fails (EPIPE: whatever read our output has gone) cannot be logged to;
  // unheard, its error would be an uncaught exception whose report is one more failing write,
  // a loop that kept an orphaned server at a third of a core. Its lines are dropped instead.
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", () => {});
}
