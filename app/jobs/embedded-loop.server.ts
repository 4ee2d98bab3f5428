import { companyOwners } from "~/models/people/index.server";
import {
  deliverMail,
  deliverPush,
  dueMailIds,
  duePushIds,
} from "~/models/notifications/index.server";
import { recoverPaidRequests } from "~/models/cards/index.server";
import {
  runRosterImport,
  unfinishedRosterImports,
} from "~/models/companies/index.server";
import {
  deliverWebhook,
  dueWebhookDeliveries,
} from "~/models/integrations/index.server";
import {
  CARD_RECOVERY_EVERY_MINUTES,
  WEBHOOK_CONCURRENCY,
} from "~/utils/rules";
import { runScheduledOnce, SCHEDULES } from "./scheduled.server";
import { log } from "./worker-log.server";
import { compactRollup } from "./tasks.server";

/**
 * One pass of the embedded webhook loop: starts the due deliveries, at most one per endpoint,
 * until WEBHOOK_CONCURRENCY are under way, without waiting for them.
 */
export async function startDueWebhooks(
  running: Map<number, Promise<void>>,
): Promise<void> {
  const due = await dueWebhookDeliveries(WEBHOOK_CONCURRENCY - running.size, [
    ...running.keys(),
  ]);
  for (const id of due) {
    const attempt = deliverWebhook(id, companyOwners)
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
