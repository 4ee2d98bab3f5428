import { Logger, parseCronItems, run } from "graphile-worker";
import pg from "pg";
import { useTestDatabase } from "#tests/support/db";

// graphile-worker 0.16.6's runner watches its worker pool and its cron with `promise.finally`,
// whose own promise rejected unhandled when either ended on an error. The failover test met
// it: the cron's database query found no primary ("no primary among …"), and the web process
// logged a stray error. The patch (patches/graphile-worker+0.16.6.patch, decision 0072)
// handles those promises; the error reaches the caller through `runner.promise` alone. Here the
// cron fails at once (its table is missing), which is the same path.

const database = useTestDatabase();
const quiet = new Logger(() => () => {});

it.skipIf(!process.env.TEST_DATABASE_URL)(
  "a runner whose cron fails rejects its own promise, and leaves no unhandled rejection",
  async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await pool.query(
      "alter table graphile_worker._private_known_crontabs rename to known_crontabs_gone",
    );
    try {
      const runner = await run({
        pgPool: pool,
        concurrency: 1,
        noHandleSignals: true,
        pollInterval: 100,
        logger: quiet,
        taskList: { nothing: async () => {} },
        parsedCronItems: parseCronItems([
          { task: "nothing", match: "0 4 * * *", identifier: "nightly" },
        ]),
      });
      const outcome = await runner.promise.then(
        () => "stopped cleanly",
        (error: Error) => error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outcome).toMatch(/known_crontabs/);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
      await pool.end().catch(() => {});
    }
  },
);
