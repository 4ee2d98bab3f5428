import { EventEmitter } from "node:events";
import { sql, type SQL } from "drizzle-orm";
import { connection } from "~/utils/db.server";

/**
 * Real-time events (DESIGN §4 Real time). Every change to a request, deduction or card is
 * published to the user ids concerned (the employee's user) and to the company, whose every
 * employer-side member receives it. With PostgreSQL,
 * NOTIFY carries the event to every app instance, and each instance's single LISTEN delivers it
 * to its own subscribers; with PGlite (one process) an in-process emitter does.
 */
export type AppEventType =
  | "request.created"
  | "request.approved"
  | "request.declined"
  | "request.paid"
  | "request.cancelled"
  | "card.issued"
  /** A card was frozen or unfrozen, or a purchase on it was decided. */
  | "card.updated"
  | "deduction.paid"
  | "deduction.submitted"
  | "employee.added"
  | "employee.updated"
  | "settings.updated"
  /** One or more of the user's sessions ended: their open event streams check theirs. */
  | "session.revoked";

export type AppEvent = {
  type: AppEventType;
  /** User ids that receive the event. */
  to: number[];
  /** The company whose members receive the event. */
  company?: number;
  requestId?: number;
  at: string;
};

const CHANNEL = "ga_events";
const local = new EventEmitter();
local.setMaxListeners(0);

let listening: Promise<void> | null = null;

function ensureListening(): Promise<void> {
  const conn = connection();
  if (conn.kind !== "postgres") return Promise.resolve();
  listening ??= conn.client
    .listen(CHANNEL, (payload) => {
      try {
        deliver(JSON.parse(payload) as AppEvent);
      } catch {
        // a malformed payload is dropped; events only trigger a refresh
      }
    })
    .then(() => undefined)
    .catch((error: unknown) => {
      listening = null;
      throw error;
    });
  return listening;
}

function deliver(event: AppEvent) {
  for (const userId of new Set(event.to)) local.emit(`user:${userId}`, event);
  if (typeof event.company === "number")
    local.emit(`company:${event.company}`, event);
}

function buildEvent(
  type: AppEventType,
  to: Array<number | null | undefined>,
  extra: { requestId?: number; company?: number | null },
): AppEvent | null {
  const { company, ...rest } = extra;
  const event: AppEvent = {
    type,
    to: to.filter((id): id is number => typeof id === "number"),
    ...(typeof company === "number" ? { company } : {}),
    ...rest,
    at: new Date().toISOString(),
  };
  if (event.to.length === 0 && event.company === undefined) return null;
  return event;
}

/** Publishes after the change is committed; never throws into the business action. */
export async function publish(
  type: AppEventType,
  to: Array<number | null | undefined>,
  extra: { requestId?: number; company?: number | null } = {},
): Promise<void> {
  const event = buildEvent(type, to, extra);
  if (!event) return;
  try {
    const conn = connection();
    if (conn.kind === "postgres") {
      await conn.client`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`;
    } else {
      deliver(event);
    }
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "warn",
        msg: "event publish failed",
        type,
        error: String(error),
      }),
    );
  }
}

/**
 * An event for a change made by one transaction, sent by that transaction: on PostgreSQL,
 * `statements` holds the NOTIFY for the caller to run in it (PostgreSQL delivers it when the
 * transaction commits and drops it when it rolls back), which saves a transaction of its own
 * after the commit; on PGlite there is none, and `committed()` delivers it in this process.
 * Call `committed()` once the transaction has committed.
 */
export function publishInTransaction(
  type: AppEventType,
  to: Array<number | null | undefined>,
  extra: { requestId?: number; company?: number | null } = {},
): { statements: SQL[]; committed: () => void } {
  const event = buildEvent(type, to, extra);
  if (!event) return { statements: [], committed: () => {} };
  if (connection().kind === "postgres")
    return {
      statements: [
        sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)}::text)`,
      ],
      committed: () => {},
    };
  return { statements: [], committed: () => deliver(event) };
}

/**
 * Subscribes one user's listener, and with a company id the company's events too (an
 * employer-side member); returns the unsubscribe function.
 */
export async function subscribe(
  userId: number,
  listener: (event: AppEvent) => void,
  companyId: number | null = null,
): Promise<() => void> {
  await ensureListening();
  const names = [`user:${userId}`];
  if (companyId !== null) names.push(`company:${companyId}`);
  for (const name of names) local.on(name, listener);
  return () => {
    for (const name of names) local.off(name, listener);
  };
}

/** Forget the LISTEN (tests and shutdown close the connection underneath it). */
export function resetEvents() {
  listening = null;
  local.removeAllListeners();
}
