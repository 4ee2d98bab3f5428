import { EventEmitter } from "node:events";
import {
  run,
  type Runner,
  type RunnerOptions,
  type WorkerEvents,
} from "graphile-worker";
import { mailCounts } from "~/models/notifications/index.server";
import { WEBHOOK_CONCURRENCY } from "~/utils/rules";
import type { Pool } from "pg";
import { connection } from "~/utils/db.server";
import { jobQueuePool } from "~/utils/primary-pool.server";
import { env } from "~/utils/env.server";
import { log, workerLogger } from "./worker-log.server";
import {
  compactRollup,
  cronItems,
  taskList,
  webhookTaskList,
} from "./tasks.server";
import { runEmbeddedOnce, startDueWebhooks } from "./embedded-loop.server";

// The job worker. On PostgreSQL it is graphile-worker: jobs
// live in the graphile_worker schema (installed by the migrations), are added in the
// transaction of the action that causes them, taken with SKIP LOCKED (so several instances
// never run one job at once), retried with exponential backoff, and the crontab fires the
// scheduled jobs once per time across instances. On PGlite (one process by construction) the
// same task code runs from an in-process loop over the mail outbox and the schedule table.
//
// Webhook deliveries run apart: on PostgreSQL a second runner takes only
// their jobs (the first one never does), on PGlite a second loop runs only them, WEBHOOK_CONCURRENCY
// at a time. An endpoint that never answers holds a webhook slot for its timeout, never a slot
// that mail, payroll or the schedules need.

export type WorkerStatus = {
  mode: "graphile-worker" | "in-process" | "stopped";
  pending: number;
  failed: number;
};

type State =
  | {
      kind: "graphile";
      runner: Runner;
      pgPool: Pool;
      /** The runner of webhook deliveries, with its own pool. */
      webhooks: { runner: Runner; pgPool: Pool };
    }
  | {
      kind: "loop";
      timer: NodeJS.Timeout;
      busy: Promise<void> | null;
      /** The webhook loop: its timer and the deliveries under way, by id. */
      webhookTimer: NodeJS.Timeout;
      webhooks: Map<number, Promise<void>>;
    };

declare global {
  var __gaWorker: State | undefined;
}

/**
 * Ids of this process's stopped workers whose jobs may still be locked: unlocked
 * (graphile_worker.force_unlock_workers) as soon as the database answers again. They are this
 * process's own, so no live worker elsewhere holds them.
 */
const orphanedWorkers = new Set<string>();
let unlockTimer: NodeJS.Timeout | undefined;

function unlockOrphanedJobs(pgPool: Pool) {
  if (orphanedWorkers.size === 0 || unlockTimer) return;
  const ids = [...orphanedWorkers];
  pgPool
    .query("select graphile_worker.force_unlock_workers($1::text[])", [ids])
    .then(
      () => {
        for (const id of ids) orphanedWorkers.delete(id);
        log("info", "jobs of stopped workers unlocked", { workers: ids });
      },
      (error: unknown) => {
        log(
          "warn",
          "could not unlock the stopped workers' jobs; trying again in 10 s",
          {
            error: error instanceof Error ? error.message : String(error),
          },
        );
        unlockTimer = setTimeout(() => {
          unlockTimer = undefined;
          if (global.__gaWorker?.kind === "graphile")
            unlockOrphanedJobs(global.__gaWorker.pgPool);
        }, 10_000);
        unlockTimer.unref();
      },
    );
}

/** How long a worker that failed waits before it starts again. */
const WORKER_RESTART_MS = 5_000;
const restarts = new Set<NodeJS.Timeout>();

/** Starts the worker again after `ms`, and keeps trying every 30 s while it cannot start. */
function restartLater(options: Parameters<typeof startWorker>[0], ms: number) {
  const timer = setTimeout(() => {
    restarts.delete(timer);
    startWorker(options).catch((error: unknown) => {
      log("error", "job worker did not start again; trying in 30 s", {
        error: error instanceof Error ? error.message : String(error),
      });
      restartLater(options, 30_000);
    });
  }, ms);
  timer.unref();
  restarts.add(timer);
}

/**
 * One graphile-worker runner with its own node-postgres pool (which finds the primary when
 * DATABASE_URL names several hosts), and the ids of its workers: a worker whose job could not
 * be released (the database went away mid-job) leaves the job locked, and graphile-worker would
 * only take it again after its 4-hour lock timeout.
 */
async function startRunner(
  url: string,
  options: Pick<
    RunnerOptions,
    "concurrency" | "taskList" | "parsedCronItems"
  > & { concurrency: number },
) {
  const pgPool = jobQueuePool(url, options.concurrency + 2);
  pgPool.on("error", (error) =>
    log("warn", "job queue connection lost; it reconnects", {
      error: error.message,
    }),
  );
  const events = new EventEmitter() as WorkerEvents;
  const workerIds = new Set<string>();
  events.on("worker:create", ({ worker }) => workerIds.add(worker.workerId));
  try {
    const runner = await run({
      ...options,
      pgPool,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: workerLogger,
      events,
    });
    return { runner, pgPool, events, workerIds };
  } catch (error) {
    await pgPool.end().catch(() => {});
    throw error;
  }
}

/**
 * Starts this process's worker (idempotent). `concurrency` jobs run at once on PostgreSQL;
 * `pollMs` is how often the embedded loop looks for work; `schedules: false` leaves the
 * scheduled jobs to other workers (tests).
 */
export async function startWorker(
  options: { concurrency?: number; pollMs?: number; schedules?: boolean } = {},
): Promise<void> {
  const schedules = options.schedules ?? true;
  if (global.__gaWorker) return;
  const conn = connection();
  if (conn.kind === "postgres") {
    const main = await startRunner(conn.url, {
      concurrency: options.concurrency ?? 2,
      taskList,
      parsedCronItems: schedules ? cronItems() : [],
    });
    // Webhook deliveries: their own runner, pool and slots; the main runner never takes them.
    const webhooks = await startRunner(conn.url, {
      concurrency: WEBHOOK_CONCURRENCY,
      taskList: webhookTaskList,
      parsedCronItems: [],
    }).catch(async (error: unknown) => {
      await main.runner.stop().catch(() => {});
      await main.pgPool.end().catch(() => {});
      throw error;
    });
    const { runner, pgPool } = main;
    global.__gaWorker = {
      kind: "graphile",
      runner,
      pgPool,
      webhooks: { runner: webhooks.runner, pgPool: webhooks.pgPool },
    };
    unlockOrphanedJobs(pgPool);
    // The runner's promise rejects when the worker itself fails (its cron loop or its pool hit
    // a database that went away or became a read-only standby), and a worker that cannot
    // release its job leaves the pool for good (graphile-worker does not replace it). Either
    // way the worker (both runners) is logged, stopped and started again, reaching whichever
    // server is the primary by then; the jobs its workers held are unlocked once it runs again,
    // so none waits for the lock timeout. Unwatched, the rejection ends
    // the process.
    const restart = (error: unknown) => {
      if (
        global.__gaWorker?.kind !== "graphile" ||
        global.__gaWorker.runner !== runner
      )
        return;
      global.__gaWorker = undefined;
      log("error", "job worker stopped on an error; starting it again in 5 s", {
        error: error instanceof Error ? error.message : String(error),
        code: (error as { code?: unknown } | null)?.code,
      });
      // Its jobs are unlocked only once its workers have stopped (a job still running is
      // never handed to another worker), by the worker running then or the next one.
      for (const stopped of [main, webhooks])
        void stopped.runner
          .stop()
          .catch(() => {})
          .finally(() => {
            for (const id of stopped.workerIds) orphanedWorkers.add(id);
            if (global.__gaWorker?.kind === "graphile")
              unlockOrphanedJobs(global.__gaWorker.pgPool);
            return stopped.pgPool.end().catch(() => {});
          });
      restartLater(options, WORKER_RESTART_MS);
    };
    for (const { runner: each, events } of [main, webhooks]) {
      each.promise.catch(restart);
      events.on("worker:fatalError", ({ error }) => restart(error));
      // A worker whose request for a job failed may hold a job all the same: the server locked
      // it and committed, and the answer was lost with the connection. The worker only asks
      // again later, and that job would wait for the lock timeout; restarting frees it as above.
      events.on("worker:getJob:error", ({ error }) => restart(error));
      each.events.on("job:failed", ({ job, error }) =>
        log("warn", "job failed; will retry", {
          task: job.task_identifier,
          jobId: job.id,
          payload: job.payload,
          attempts: job.attempts,
          maxAttempts: job.max_attempts,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    void compactRollup();
    if (process.env.LOG_JOB_STARTS)
      runner.events.on("job:start", ({ worker, job }) =>
        log("info", "job started", {
          task: job.task_identifier,
          jobId: job.id,
          payload: job.payload,
          worker: worker.workerId,
        }),
      );
  } else {
    let passes = 0;
    const schedulePasses = Math.max(
      1,
      Math.round(60_000 / (options.pollMs ?? 1000)),
    );
    const webhooks = new Map<number, Promise<void>>();
    let startingWebhooks = false;
    const state: State = {
      kind: "loop",
      busy: null,
      webhooks,
      // Webhook deliveries: their own loop, never waited for by the mail and schedules' one.
      webhookTimer: setInterval(() => {
        if (startingWebhooks) return;
        startingWebhooks = true;
        startDueWebhooks(webhooks)
          .catch((error) =>
            log("error", "embedded webhook pass failed", {
              error: error instanceof Error ? error.message : String(error),
            }),
          )
          .finally(() => {
            startingWebhooks = false;
          });
      }, options.pollMs ?? 1000),
      timer: setInterval(() => {
        if (state.kind !== "loop" || state.busy) return;
        // E-mail every pass; the schedules once a minute (their times are to the minute).
        const withSchedules = schedules && passes++ % schedulePasses === 0;
        state.busy = runEmbeddedOnce(new Date(), withSchedules)
          .catch((error) =>
            log("error", "embedded worker pass failed", {
              error: error instanceof Error ? error.message : String(error),
            }),
          )
          .finally(() => {
            state.busy = null;
          });
      }, options.pollMs ?? 1000),
    };
    state.timer.unref();
    state.webhookTimer.unref();
    global.__gaWorker = state;
  }
}

export async function stopWorker(): Promise<void> {
  for (const timer of restarts) clearTimeout(timer);
  restarts.clear();
  const state = global.__gaWorker;
  global.__gaWorker = undefined;
  if (!state) return;
  if (state.kind === "graphile") {
    await Promise.all([state.runner.stop(), state.webhooks.runner.stop()]);
    await Promise.all([state.pgPool.end(), state.webhooks.pgPool.end()]);
  } else {
    clearInterval(state.timer);
    clearInterval(state.webhookTimer);
    await state.busy;
    await Promise.all(state.webhooks.values());
  }
}

export async function workerStatus(): Promise<WorkerStatus> {
  const state = global.__gaWorker;
  const counts = await mailCounts();
  return {
    mode: !state
      ? "stopped"
      : state.kind === "graphile"
        ? "graphile-worker"
        : "in-process",
    ...counts,
  };
}

let retry: NodeJS.Timeout | undefined;

/**
 * The app server's worker: started unless WORKER_IN_APP is "false" (an operator runs
 * `node build/scripts/cli.js worker` instead). A start that fails (the database not answering)
 * is logged and tried again every 30 seconds; the app serves meanwhile.
 */
export async function startWorkerInApp(): Promise<void> {
  if (env().WORKER_IN_APP === "false") return;
  try {
    await startWorker();
  } catch (error) {
    log("error", "job worker did not start; trying again in 30 s", {
      error: error instanceof Error ? error.message : String(error),
    });
    retry = setTimeout(() => void startWorkerInApp(), 30_000);
    retry.unref();
  }
}

export async function stopWorkerInApp(): Promise<void> {
  clearTimeout(retry);
  await stopWorker();
}
