import { EventEmitter } from "node:events";
import {
  Logger,
  parseCronItems,
  run,
  type Runner,
  type RunnerOptions,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import {
  deliverMail,
  DELIVER_MAIL_TASK,
  deliverPush,
  DELIVER_PUSH_TASK,
  dueMailIds,
  duePushIds,
  mailCounts,
  requeueMailWithoutJob,
  requeuePushWithoutJob,
} from "~/models/notifications/index.server";
import { compactReportRollup } from "~/models/reports/index.server";
import { foldLedgerBalances } from "~/models/ledger/index.server";
import { recoverPaidRequests } from "~/models/cards/index.server";
import {
  requeueRosterImportsWithoutJob,
  ROSTER_IMPORT_TASK,
  runRosterImport,
  unfinishedRosterImports,
} from "~/models/companies/index.server";
import {
  deliverWebhook,
  dueWebhookDeliveries,
  requeueWebhooksWithoutJob,
  WEBHOOK_TASK,
} from "~/models/integrations/index.server";
import {
  CARD_RECOVERY_EVERY_MINUTES,
  WEBHOOK_CONCURRENCY,
} from "~/utils/rules";
import type { Pool } from "pg";
import { connection, db } from "~/utils/db.server";
import { jobQueuePool } from "~/utils/primary-pool.server";
import { env } from "~/utils/env.server";
import {
  runScheduledOnce,
  SCHEDULES,
  scheduleByTask,
} from "./scheduled.server";

// The job worker (docs/decisions/0048-job-queue.md). On PostgreSQL it is graphile-worker: jobs
// live in the graphile_worker schema (installed by the migrations), are added in the
// transaction of the action that causes them, taken with SKIP LOCKED (so several instances
// never run one job at once), retried with exponential backoff, and the crontab fires the
// scheduled jobs once per time across instances. On PGlite (one process by construction) the
// same task code runs from an in-process loop over the mail outbox and the schedule table.
//
// Webhook deliveries run apart (docs/decisions/0098): on PostgreSQL a second runner takes only
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

function log(
  level: "info" | "warn" | "error",
  msg: string,
  extra: object = {},
) {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...extra,
  });
  if (level === "info") process.stdout.write(line + "\n");
  else process.stderr.write(line + "\n");
}

// graphile-worker's own messages as JSON lines (first line only); its per-job chatter
// (debug/info) is dropped, and so is its "Failed task" line: the job:failed event logs that.
export const workerLogger = new Logger(() => (level, message) => {
  if (
    (level === "error" || level === "warning") &&
    !message.startsWith("Failed task")
  )
    log(
      level === "error" ? "error" : "warn",
      `worker: ${message.split("\n")[0]}`,
    );
});

const cronTime = (payload: unknown): Date => {
  const ts = (payload as { _cron?: { ts?: string } } | null)?._cron?.ts;
  return ts ? new Date(ts) : new Date();
};

/**
 * Folds the reports' rollup deltas (docs/decisions/0039-reports-rollup.md) and the ledger's
 * balance deltas (docs/decisions/0102): every minute on PostgreSQL, every pass of the embedded
 * loop, and once when the worker starts.
 */
export const REPORT_ROLLUP_TASK = "report-rollup-compact";

/**
 * The recovery job (docs/decisions/0078): paid requests still without a card are retried,
 * given up on after the hour (fee refunded), cancelled requests' payments settled, unpaid
 * approvals expired. Every CARD_RECOVERY_EVERY_MINUTES; the work is idempotent, so it needs
 * no claim per period, and a missed run is simply the next one's work.
 */
export const CARD_RECOVERY_TASK = "card-recovery";

/**
 * The delivery sweep (docs/decisions/0090): every minute, each pending e-mail or webhook
 * delivery, and each confirmed roster import not finished, that has no job is given one
 * again. The rows are what must be done; a job finished against the wrong server in the second
 * after a failover must not lose them.
 */
export const REQUEUE_DELIVERIES_TASK = "requeue-deliveries";

export const taskList: TaskList = {
  [REQUEUE_DELIVERIES_TASK]: async () => {
    const mails = await requeueMailWithoutJob();
    const webhooks = await requeueWebhooksWithoutJob();
    const rosterImports = await requeueRosterImportsWithoutJob();
    const pushes = await requeuePushWithoutJob();
    if (
      mails.length + webhooks.length + rosterImports.length + pushes.length >
      0
    )
      log("warn", "deliveries without a job were given one again", {
        mails,
        pushes,
        webhooks,
        rosterImports,
      });
  },
  [CARD_RECOVERY_TASK]: async (payload) => {
    const result = await recoverPaidRequests(cronTime(payload));
    if (result.retried + result.settled + result.expired > 0)
      log("info", "card recovery", result);
  },
  [DELIVER_MAIL_TASK]: async (payload) => {
    await deliverMail(Number((payload as { mailId: number }).mailId));
  },
  [DELIVER_PUSH_TASK]: async (payload) => {
    await deliverPush(Number((payload as { pushId: number }).pushId));
  },
  [REPORT_ROLLUP_TASK]: async () => {
    await compactReportRollup();
    await foldLedgerBalances(db());
  },
  [ROSTER_IMPORT_TASK]: async (payload) => {
    await runRosterImport(Number((payload as { importId: number }).importId));
  },
  ...Object.fromEntries(
    SCHEDULES.map((s) => [
      s.task,
      async (payload: unknown) => {
        await runScheduledOnce(scheduleByTask(s.task)!, cronTime(payload));
      },
    ]),
  ),
};

/**
 * The webhook runner's one task. A delivery schedules its own next attempt (or, when its endpoint
 * or company is busy, asks again in a second) by adding its job again; only an error of ours
 * (the database away) is thrown, for graphile-worker to retry.
 */
const webhookTaskList: TaskList = {
  [WEBHOOK_TASK]: async (payload) => {
    await deliverWebhook(
      Number((payload as { deliveryId: number }).deliveryId),
    );
  },
};

export const cronItems = () =>
  parseCronItems([
    ...SCHEDULES.map((s) => ({
      task: s.task,
      match: s.cron,
      identifier: s.task,
      // A worker that was down at the scheduled time catches up on start (up to a day).
      options: { backfillPeriod: 24 * 3600 * 1000, maxAttempts: 5 },
    })),
    {
      task: CARD_RECOVERY_TASK,
      match: `*/${CARD_RECOVERY_EVERY_MINUTES} * * * *`,
      identifier: CARD_RECOVERY_TASK,
      options: { backfillPeriod: 0, maxAttempts: 1 },
    },
    {
      task: REQUEUE_DELIVERIES_TASK,
      match: "* * * * *",
      identifier: REQUEUE_DELIVERIES_TASK,
      options: { backfillPeriod: 0, maxAttempts: 1 },
    },
    // No catching up: one fold takes everything there is.
    {
      task: REPORT_ROLLUP_TASK,
      match: "* * * * *",
      identifier: REPORT_ROLLUP_TASK,
      options: { backfillPeriod: 0, maxAttempts: 1 },
    },
  ]);

async function compactRollup(): Promise<void> {
  try {
    await compactReportRollup();
    await foldLedgerBalances(db());
  } catch (error) {
    log("warn", "report rollup compaction failed; will retry", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * One pass of the embedded webhook loop: starts the due deliveries, at most one per endpoint,
 * until WEBHOOK_CONCURRENCY are under way, without waiting for them.
 */
async function startDueWebhooks(
  running: Map<number, Promise<void>>,
): Promise<void> {
  const due = await dueWebhookDeliveries(WEBHOOK_CONCURRENCY - running.size, [
    ...running.keys(),
  ]);
  for (const id of due) {
    const attempt = deliverWebhook(id)
      .then(() => {})
      .catch((error: unknown) =>
        log("warn", "webhook delivery failed; will retry", {
          deliveryId: id,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => running.delete(id));
    running.set(id, attempt);
  }
}

/** One pass of the embedded loop: due e-mails, then each schedule whose time today has come. */
export async function runEmbeddedOnce(
  now: Date = new Date(),
  schedules = true,
): Promise<void> {
  for (const id of await dueMailIds()) {
    try {
      await deliverMail(id);
    } catch (error) {
      log("warn", "mail delivery failed; will retry", {
        mailId: id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  for (const id of await duePushIds()) {
    try {
      await deliverPush(id);
    } catch (error) {
      log("warn", "push delivery failed; will retry", {
        pushId: id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  for (const id of await unfinishedRosterImports()) {
    try {
      await runRosterImport(id);
    } catch (error) {
      log("warn", "roster import failed; will retry", {
        importId: id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  await compactRollup();
  if (!schedules) return;
  await recoverEvery(now);
  for (const s of SCHEDULES) {
    const fire = lastFiring(s.cron, now);
    if (!fire) continue;
    try {
      await runScheduledOnce(s, fire);
    } catch (error) {
      log("error", `scheduled job ${s.task} failed`, {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

let lastRecovery = 0;

/** The embedded loop's recovery job, at most every CARD_RECOVERY_EVERY_MINUTES. */
async function recoverEvery(now: Date): Promise<void> {
  if (now.getTime() - lastRecovery < CARD_RECOVERY_EVERY_MINUTES * 60_000)
    return;
  lastRecovery = now.getTime();
  try {
    const result = await recoverPaidRequests(now);
    if (result.retried + result.settled + result.expired > 0)
      log("info", "card recovery", result);
  } catch (error) {
    log("error", "card recovery failed; it runs again", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The most recent time at or before `now` (within a day) matching a "m h dom * *" pattern, in
 * UTC: the embedded loop's reading of the same crontab.
 */
function lastFiring(cron: string, now: Date): Date | null {
  const [m, h, dom] = cron.split(" ");
  const fire = new Date(now);
  fire.setUTCHours(Number(h), Number(m), 0, 0);
  if (fire > now) fire.setUTCDate(fire.getUTCDate() - 1);
  if (dom !== "*" && fire.getUTCDate() !== Number(dom)) return null;
  return fire;
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
    // so none waits for the lock timeout (docs/decisions/0072). Unwatched, the rejection ends
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
