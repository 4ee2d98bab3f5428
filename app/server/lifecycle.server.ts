import { DEMO_LOGINS, DEMO_PASSWORD, isEmpty, seedDemo } from "./seed.server";
import { closeAllEventStreams } from "~/services/event-stream.server";
import { resetEvents } from "~/services/events.server";
import {
  closeConnection,
  connection,
  migrate,
  withStartupLock,
} from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { sessionSecret } from "~/web/session.server";

let started: Promise<void> | undefined;

/**
 * Called by the server adapter before it listens: checks the environment, applies the
 * migrations, and on an empty database (with SEED_DEMO not "false") writes the demo company.
 * A cluster worker passes `prepareDatabase: false`: its primary did the database part once.
 */
export function startup({ prepareDatabase = true } = {}): Promise<void> {
  started ??= (async () => {
    env();
    sessionSecret();
    if (!prepareDatabase) return;
    const conn = connection();
    // Several instances started at once on a new database take turns (one migrates and seeds).
    await withStartupLock(conn, async () => {
      await migrate(conn);
      if (env().SEED_DEMO === "true" && (await isEmpty(conn.db))) {
        await seedDemo(conn.db);
        console.log(
          [
            "Demo data created. Sign in at /auth with (password for all: " +
              DEMO_PASSWORD +
              "):",
            ...DEMO_LOGINS.map(
              (l) => `  ${l.username.padEnd(10)} ${l.role.padEnd(9)} ${l.name}`,
            ),
          ].join("\n"),
        );
      }
    });
  })();
  return started;
}

/** First step of a graceful shutdown: end the long-lived event streams. */
export async function beforeShutdown(): Promise<void> {
  closeAllEventStreams();
}

export async function shutdown(): Promise<void> {
  closeAllEventStreams();
  resetEvents();
  await closeConnection();
  started = undefined;
}
