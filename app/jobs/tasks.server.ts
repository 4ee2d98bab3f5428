import { parseCronItems, type TaskList } from "graphile-worker";
import {
  deliverMail,
  DELIVER_MAIL_TASK,
  deliverPush,
  DELIVER_PUSH_TASK,
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
} from "~/models/companies/index.server";
import {
  deliverWebhook,
  requeueWebhooksWithoutJob,
  WEBHOOK_TASK,
} from "~/models/integrations/index.server";
import { CARD_RECOVERY_EVERY_MINUTES } from "~/utils/rules";
import { companyOwners } from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import {
  runScheduledOnce,
  SCHEDULES,
  scheduleByTask,
} from "./scheduled.server";
import { log } from "./worker-log.server";

const cronTime = (payload: unknown): Date => {
  const ts = (payload as { _cron?: { ts?: string } } | null)?._cron?.ts;
  return ts ? new Date(ts) : new Date();
};

/**
 * Folds the reports' rollup deltas and the ledger's balance deltas: every minute on
 * PostgreSQL, every pass of the embedded loop, and once when the worker starts.
 */
export const REPORT_ROLLUP_TASK = "report-rollup-compact";

/**
 * The recovery job: paid requests still without a card are retried,
 * given up on after the hour (fee refunded), cancelled requests' payments settled, unpaid
 * approvals expired. Every CARD_RECOVERY_EVERY_MINUTES; the work is idempotent, so it needs
 * no claim per period, and a missed run is simply the next one's work.
 */
export const CARD_RECOVERY_TASK = "card-recovery";

/**
 * The delivery sweep: every minute, each pending e-mail or webhook
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
export const webhookTaskList: TaskList = {
  [WEBHOOK_TASK]: async (payload) => {
    await deliverWebhook(
      Number((payload as { deliveryId: number }).deliveryId),
      companyOwners,
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

export async function compactRollup(): Promise<void> {
  try {
    await compactReportRollup();
    await foldLedgerBalances(db());
  } catch (error) {
    log("warn", "report rollup compaction failed; will retry", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
