import postgres from "postgres";
import { deliverMail, enqueueMail } from "~/models/notifications/index.server";
import { closeSmtp } from "~/services/mail/transport.server";
import { commitsAcknowledgedWithoutStandby } from "~/utils/database-notices.server";
import {
  connectPostgres,
  db,
  migrate,
  queryRows,
  setConnection,
  type Connection,
} from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { sql } from "drizzle-orm";
import { createEmployer } from "#tests/support/factories";
import {
  createCluster,
  postgresBinariesInstalled,
  type PrivateCluster,
} from "#tests/support/private-postgres";
import { freePort } from "#tests/support/servers";
import { startSmtpServer, type SmtpServer } from "#tests/support/smtp";

// A commit that PostgreSQL acknowledged without its synchronous standby's confirmation.
// pg_auto_failover turns synchronous replication off on a primary whose standby it thinks is lost,
// and cancels the commits waiting for that standby with pg_cancel_backend: PostgreSQL then answers
// those COMMITs with success and a WARNING. Such a mark of a mail as sent can be undone by a
// failover, and the mail sent again. Here, on a private server whose synchronous standby never
// comes (so every commit waits), the test does what pg_auto_failover does, and the mail must not
// be given up as marked until a commit that was waited for.

const available = postgresBinariesInstalled();

let cluster: PrivateCluster;
let admin: postgres.Sql;
let conn: Extract<Connection, { kind: "postgres" }>;
let smtp: SmtpServer;
const KEYS = ["SMTP_URL", "MAIL_FROM", "APP_URL"] as const;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  if (!available) return;
  const port = await freePort();
  cluster = createCluster(port);
  cluster.start();
  admin = postgres(cluster.url, { max: 3, onnotice: () => {} });
  smtp = await startSmtpServer();
  for (const key of KEYS) saved[key] = process.env[key];
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Grocery Advance <mail@groceryadvance.test>";
  process.env.APP_URL = "https://app.groceryadvance.test";
  resetEnvCache();
  conn = connectPostgres(cluster.url, 4) as typeof conn;
  await migrate(conn);
  setConnection(conn);
});

afterAll(async () => {
  if (!available) return;
  setConnection(undefined);
  await conn?.client.end({ timeout: 5 });
  await admin?.end({ timeout: 5 });
  closeSmtp();
  await smtp?.close();
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
  cluster?.destroy();
});

/** Every commit from now on waits for a standby that never connects (or, with '', none). */
async function synchronousStandby(names: string) {
  await admin.unsafe(`alter system set synchronous_standby_names = '${names}'`);
  await admin`select pg_reload_conf()`;
}

/** Waits for a backend to wait for the standby at COMMIT, then cancels it, as pg_autoctl does. */
async function cancelTheWaitForTheStandby(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    // The waiting backends first, then the cancel: in one WHERE the planner may call the
    // function on every row, this session's own included.
    const cancelled = await admin<{ pid: number }[]>`
      select pid, pg_cancel_backend(pid) from (
        select pid from pg_stat_activity where wait_event = 'SyncRep' offset 0) waiting`;
    if (cancelled.length) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no commit waited for the standby");
}

/** Polls until `check` holds (10 s at most). */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out");
}

async function waitingForTheStandby(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const [{ n }] = await admin<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where wait_event = 'SyncRep'`;
    if (n) return n;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 0;
}

async function pendingMail(): Promise<{ id: number; subject: string }> {
  const boss = await createEmployer();
  const key = `unconfirmed:${crypto.randomUUID()}`;
  await db().transaction(async (tx) => {
    await enqueueMail(tx, {
      userId: boss.id,
      to: `${boss.username}@example.test`,
      kind: "test.unconfirmed",
      dedupeKey: key,
      mail: { subject: `Subject ${key}`, html: "<p>Hello</p>", text: "Hello" },
    });
  });
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`select id from mail_outbox where dedupe_key = ${key}`,
  );
  return { id: row.id, subject: `Subject ${key}` };
}

const receivedCount = (subject: string) =>
  smtp.received.filter((m) => m.mail.subject === subject).length;

async function statusOf(id: number): Promise<string> {
  const [row] = await admin<{ status: string }[]>`
    select status from mail_outbox where id = ${id}`;
  return row.status;
}

describe.skipIf(!available)(
  "a mail marked sent on a commit the standby did not confirm",
  () => {
    afterEach(async () => {
      await synchronousStandby("");
    });

    test("is marked again, on a commit that waits for the standby, before the delivery ends", async () => {
      const { id, subject } = await pendingMail();
      const before = commitsAcknowledgedWithoutStandby();
      const warnings: string[] = [];
      const spy = vi
        .spyOn(console, "warn")
        .mockImplementation(
          (line: unknown) => void warnings.push(String(line)),
        );
      try {
        await synchronousStandby("nobody");
        let settled = false;
        const delivery = deliverMail(id).finally(() => {
          settled = true;
        });
        // The delivery's COMMIT waits for the standby; pg_auto_failover's cancel acknowledges it.
        await cancelTheWaitForTheStandby();
        await until(() => commitsAcknowledgedWithoutStandby() === before + 1);
        // The mail is sent, and marked on this server, but not given up as done: its mark is
        // written again and waits for the standby once more.
        expect(await waitingForTheStandby()).toBe(1);
        expect(settled).toBe(false);
        expect(receivedCount(subject)).toBe(1);
        // The standby confirms (here: synchronous replication is no longer asked for).
        await synchronousStandby("");
        await expect(delivery).resolves.toBe("sent");
        expect(await statusOf(id)).toBe("sent");
        expect(commitsAcknowledgedWithoutStandby()).toBe(before + 1);
        expect(receivedCount(subject)).toBe(1);
        expect(
          warnings.some((line) =>
            line.includes(
              "a commit was acknowledged without the synchronous standby's confirmation",
            ),
          ),
        ).toBe(true);
      } finally {
        spy.mockRestore();
      }
    });

    test("is marked sent again when the server it is on no longer has the mark", async () => {
      const { id, subject } = await pendingMail();
      const before = commitsAcknowledgedWithoutStandby();
      await synchronousStandby("nobody");
      const delivery = deliverMail(id);
      await cancelTheWaitForTheStandby();
      await until(() => commitsAcknowledgedWithoutStandby() === before + 1);
      // The mark is written again and waits for the standby, holding the row. Meanwhile the
      // unconfirmed mark is taken away, as a failover to a standby that never had it would (an
      // administrator's write, which does not wait for the standby; it runs once the row is free).
      expect(await waitingForTheStandby()).toBe(1);
      const undo = admin.begin(async (tx) => {
        await tx`set local synchronous_commit = local`;
        await tx`update mail_outbox set status = 'pending', sent_at = null where id = ${id}`;
      });
      // The second mark is acknowledged without the standby too; the third finds the row
      // pending, marks it, and waits for the standby.
      await cancelTheWaitForTheStandby();
      await until(() => commitsAcknowledgedWithoutStandby() === before + 2);
      await undo;
      expect(await waitingForTheStandby()).toBe(1);
      expect(await statusOf(id)).toBe("pending");
      await synchronousStandby("");
      await expect(delivery).resolves.toBe("sent");
      expect(await statusOf(id)).toBe("sent");
      // Sent once: the mark was made again, the mail was not sent again.
      expect(receivedCount(subject)).toBe(1);
    });

    test("a delivery whose commit the standby confirmed ends at once", async () => {
      const { id, subject } = await pendingMail();
      const before = commitsAcknowledgedWithoutStandby();
      await expect(deliverMail(id)).resolves.toBe("sent");
      expect(receivedCount(subject)).toBe(1);
      expect(await statusOf(id)).toBe("sent");
      expect(commitsAcknowledgedWithoutStandby()).toBe(before);
    });
  },
);
