import { execFile, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import {
  ackCounts,
  acknowledged,
  company,
  eventStream,
  missingAcknowledged,
  moneyLoad,
  unexpected,
  type Answer,
} from "#tests/ops/support/load";
import { startServer, type RunningServer } from "#tests/ops/support/server";
import { startSmtpServer, type SmtpServer } from "#tests/support/smtp";

// `npm run test:failover`: a real pg_auto_failover formation (a monitor, a primary and a
// synchronous standby on three ports, scripts/ha-formation.sh), two app instances on the
// multi-host URL it prints, and the mixed money load (tests/ops/support/load.ts: requests,
// approvals and declines, sandbox checkouts, card authorizations, payroll runs and their
// results, on both instances) while the primary's postgres is killed with SIGKILL and,
// separately, failed over on purpose. Shown, and printed as figures: how long an instance went
// without acknowledging a write, the 503s (never a 500, a dropped connection, or an answer
// slower than 30 s), every write acknowledged with 2xx present on the new primary, the money
// invariants (`npm run check:invariants`), every job the actions enqueued (their e-mails, each
// a graphile-worker job) run exactly once, and the live updates (Server-Sent Events over
// LISTEN/NOTIFY) arriving again on both instances.

test.describe.configure({ mode: "serial" });

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(root, "scripts/ha-formation.sh");
const hasAutoctl =
  spawnSync("sh", ["-c", "command -v pg_autoctl"]).status === 0 &&
  fs.existsSync("/usr/lib/postgresql");
test.skip(
  !hasAutoctl,
  "needs pg_auto_failover (apt-get install postgresql-15-auto-failover)",
);

const HA_PORT = Number(process.env.FAILOVER_PG_PORT ?? 6100);
const APP_PORTS = [3897, 3898];
const MAX_UNAVAILABLE_SECONDS = 30;
const run = promisify(execFile);

let haDir: string;
let url: string;
let smtp: SmtpServer;
let servers: RunningServer[] = [];

/**
 * scripts/ha-formation.sh, asynchronously: the load keeps running (a test process blocked in
 * a synchronous child for seconds leaves its idle keep-alive connections to be closed by the
 * server under it, and the next request on one fails without an answer).
 */
async function formation(...args: string[]): Promise<string> {
  const { stdout } = await run("bash", [script, ...args], {
    env: { ...process.env, HA_DIR: haDir, HA_PORT: String(HA_PORT) },
    encoding: "utf8",
  });
  return stdout;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  haDir = fs.mkdtempSync(path.join(os.tmpdir(), "ga-formation-"));
  const up = await formation("up");
  url = /DATABASE_URL=(\S+)/.exec(up)![1];
  smtp = await startSmtpServer();
  // The first instance migrates and seeds; the second then starts on the same database. Mail
  // leaves over SMTP, so each e-mail is a job of the queue.
  for (const port of APP_PORTS)
    servers.push(
      await startServer(port, {
        DATABASE_URL: url,
        WEB_CONCURRENCY: "1",
        SMTP_URL: smtp.url,
        LOG_JOB_STARTS: "1",
        APP_URL: `http://localhost:${APP_PORTS[0]}`,
      }),
    );
});

let passed = false;

test.afterAll(async () => {
  // Time to print what a failure needs and still destroy the formation, which otherwise keeps
  // its ports and makes the next run fail at "up".
  test.setTimeout(120_000);
  // On a failure, what the job workers and the database's warnings said (a commit
  // acknowledged without the standby), and what the monitor did when.
  if (!passed) {
    for (const server of servers)
      console.log(
        server
          .output()
          .split("\n")
          .filter(
            (l) =>
              /job|worker|mail|standby|database warning/i.test(l) &&
              !/"msg":"request"/.test(l),
          )
          .join("\n"),
      );
    if (haDir)
      console.log(
        await formation("events").catch((error: Error) => error.message),
      );
  }
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await smtp?.close();
  if (!haDir) return;
  // A deadlock's account (both sides' statements) is only in the servers' own logs.
  for (const node of ["node1", "node2"]) {
    const logs = path.join(haDir, node, "log");
    if (!fs.existsSync(logs)) continue;
    for (const file of fs.readdirSync(logs)) {
      const text = fs.readFileSync(path.join(logs, file), "utf8");
      const at = text.indexOf("deadlock detected");
      if (at >= 0) console.log(`${node}: ${text.slice(at, at + 3000)}`);
    }
  }
  await formation("destroy");
});

/** The lines of both app instances' output that contain `text`. */
function logLines(text: string): string[] {
  return servers.flatMap((server) =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes(text)),
  );
}

/** The monitor's view: the data folder of the primary, and whether both nodes are settled. */
async function formationState() {
  const state = await formation("state");
  const line = state
    .split("\n")
    .find((l) => /\|\s+primary\s+\|\s+primary\s*$/.test(l));
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(line ?? "")?.[1]);
  return {
    primary: port === HA_PORT + 1 ? "node1" : "node2",
    settled: !!line && /\|\s+secondary\s+\|\s+secondary\s*$/m.test(state),
  };
}

/** How many answers of each status each route gave. */
function tallyOf(answers: Answer[]) {
  const tally: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.path} ${a.status}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

/** The longest time an instance went without acknowledging a write (2xx), in [from, to]. */
function longestWithoutWrite(answers: Answer[], from: number, to: number) {
  let longest = 0;
  for (const instance of [0, 1]) {
    const acks = answers
      .filter(
        (a) =>
          a.instance === instance &&
          a.write &&
          a.status >= 200 &&
          a.status < 400 &&
          a.at >= from &&
          a.at <= to,
      )
      .map((a) => a.at)
      .sort((a, b) => a - b);
    let last = from;
    for (const at of [...acks, to]) {
      longest = Math.max(longest, at - last);
      last = at;
    }
  }
  return longest / 1000;
}

test("under a mixed money load, SIGKILL of the primary and a planned failover: 503 for seconds, never a 500, nothing acknowledged lost, no job lost or run twice, live updates resume", async () => {
  test.setTimeout(420_000);
  const people = await company(servers[0].url);
  const acked = acknowledged();
  // The employer's live updates on each instance, open from before the faults to the end.
  const streams = servers.map((s) => eventStream(s.url, people.employer));
  const load = moneyLoad(() => servers.map((s) => s.url), people, acked);
  const pids = servers.map((s) => s.child.pid);
  const report: Record<string, unknown>[] = [];
  try {
    // Every kind of money write is flowing before the first fault (else: what was answered).
    await expect
      .poll(
        () => {
          const n = ackCounts(acked);
          return n.approved >= 2 &&
            n.checkedOut >= 2 &&
            n.authorizations >= 2 &&
            n.payrollResults >= 1
            ? "flowing"
            : JSON.stringify({
                acknowledged: n,
                answers: tallyOf(load.answers),
              });
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe("flowing");
    for (const scenario of [
      "SIGKILL of the primary's postgres",
      "planned failover",
    ]) {
      // From a settled formation (after the SIGKILL the old primary rejoins as the standby).
      await expect
        .poll(async () => (await formationState()).settled, {
          timeout: 120_000,
          intervals: [1000],
        })
        .toBe(true);
      const { primary } = await formationState();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const before = Date.now() - 3_000;
      const from = Date.now();
      if (scenario === "planned failover") await formation("failover");
      else {
        const pid = Number(
          fs
            .readFileSync(path.join(haDir, primary, "postmaster.pid"), "utf8")
            .split("\n")[0],
        );
        process.kill(pid, "SIGKILL");
      }
      // Served again: each instance has acknowledged writes sent after the fault.
      await expect
        .poll(
          () =>
            [0, 1].every(
              (i) =>
                load.answers.filter(
                  (a) =>
                    a.instance === i &&
                    a.write &&
                    a.status >= 200 &&
                    a.status < 400 &&
                    a.sent > from,
                ).length >= 3,
            ),
          { timeout: MAX_UNAVAILABLE_SECONDS * 1000, intervals: [200] },
        )
        .toBe(true);
      const servedAgain = Date.now();
      // Live updates resume: an event published after the failover reaches the stream each
      // instance opened before it.
      await expect
        .poll(
          () =>
            streams.map(
              (s) =>
                s.events.some((e) => Date.parse(e.at) > servedAgain) ||
                s.ended(),
            ),
          { timeout: 30_000, intervals: [200] },
        )
        .toEqual([true, true]);
      const liveAgain = streams.map(
        (s) =>
          (s.events.find((e) => Date.parse(e.at) > servedAgain)?.received ??
            NaN) - from,
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const to = Date.now();
      const window = load.answers.filter((a) => a.at >= from && a.at <= to);
      const refused = window.filter((a) => a.status === 503);
      const slowest = Math.max(...window.map((a) => a.at - a.sent));
      const figures = {
        scenario,
        secondsUnavailable: longestWithoutWrite(load.answers, before, to),
        requestsRefused503: refused.length,
        refusedForSeconds: refused.length
          ? (Math.max(...refused.map((a) => a.at)) -
              Math.min(...refused.map((a) => a.at))) /
            1000
          : 0,
        answered: window.length,
        answered2xx: window.filter((a) => a.status >= 200 && a.status < 400)
          .length,
        slowestAnswerSeconds: slowest / 1000,
        liveUpdatesAgainAfterSeconds: liveAgain.map((ms) => ms / 1000),
        unexpected: unexpected(window).map((a) => `${a.path} ${a.status}`),
        noAnswer: load.failures
          .filter((f) => f.at >= from && f.at <= to)
          .map((f) => `${f.path}: ${f.error}`),
      };
      report.push(figures);
      console.log(`failover figures: ${JSON.stringify(figures)}`);
      if (figures.unexpected.length)
        console.log(
          JSON.stringify({
            scenario,
            serverErrors: servers.flatMap((server) =>
              server
                .output()
                .split("\n")
                .filter((line) => /"level":"error"|"status":5\d\d/.test(line))
                .slice(-10),
            ),
          }),
        );
      expect(figures.unexpected, scenario).toEqual([]);
      expect(figures.noAnswer, scenario).toEqual([]);
      expect(
        streams.map((s) => s.ended()),
        scenario,
      ).toEqual([null, null]);
      expect(slowest, scenario).toBeLessThanOrEqual(
        MAX_UNAVAILABLE_SECONDS * 1000,
      );
      expect(figures.secondsUnavailable, scenario).toBeLessThanOrEqual(
        MAX_UNAVAILABLE_SECONDS,
      );
    }
  } finally {
    await load.stop();
    await Promise.all(streams.map((s) => s.close()));
  }
  // The same processes served throughout: no restart.
  for (const [i, server] of servers.entries()) {
    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(pids[i]);
  }

  const { connectPostgres } = await import("~/utils/db.server");
  const conn = connectPostgres(url, 1);
  if (conn.kind !== "postgres") throw new Error("expected PostgreSQL");
  const sql = conn.client;
  try {
    // Every write the app acknowledged is on the primary. Checked first: when writes were lost,
    // the jobs and e-mails below are lost with them, and the cause to report is the loss. The
    // one way this formation has lost them is pg_auto_failover 2.0's monitor race (its #774,
    // fixed upstream after the Debian package): the old primary is sent back to wait_primary,
    // where it takes writes without the standby, in the same tick the failover starts, and
    // those writes go when it is demoted (decision 0138).
    const lost = await missingAcknowledged(sql, acked);
    if (lost.length > 0) {
      const events = await formation("events").catch((e: Error) => e.message);
      const race = /to wait_primary because none of the standby nodes/.test(
        events,
      )
        ? " The monitor sent the old primary back to wait_primary during the failover (pg_auto_failover #774): see its events below."
        : "";
      expect(
        lost,
        `acknowledged writes missing on the primary.${race}`,
      ).toEqual([]);
    }

    // No job lost or run twice: every e-mail the actions enqueued (each a graphile-worker job)
    // is delivered, and the SMTP server received each exactly once (its Message-ID is made
    // from the e-mail's unique key). An e-mail whose job was finished against the wrong server
    // in the second after the SIGKILL is given a job again by the minutely
    // sweep, hence the wait of up to two and a half minutes; the summary counts them.
    await expect
      .poll(
        async () => {
          const waiting = await sql`
            select id, status, attempts, last_error from mail_outbox where status <> 'sent'`;
          const jobs = await sql`
            select id, task_identifier, attempts, run_at, locked_at, locked_by, last_error
            from graphile_worker.jobs where task_identifier = 'deliver-mail'`;
          return waiting.length + jobs.length === 0
            ? "all delivered"
            : JSON.stringify({ waiting, jobs });
        },
        { timeout: 150_000, intervals: [500] },
      )
      .toBe("all delivered");
    const requeuedBySweep = logLines(
      "deliveries without a job were given one again",
    );
    // Commits PostgreSQL acknowledged though the synchronous standby had not confirmed them
    // (pg_auto_failover's cancel when it turns synchronous replication off).
    const unconfirmedCommits = logLines(
      "acknowledged without the synchronous standby",
    ).length;
    const mails = await sql<{ key: string; status: string }[]>`
      select dedupe_key as key, status from mail_outbox`;
    const expected = new Map(
      mails.map((m) => [
        crypto.createHash("sha256").update(m.key).digest("hex").slice(0, 32),
        m.key,
      ]),
    );
    const received = new Map<string, number>();
    const sentAt = new Map<string, string[]>();
    for (const m of smtp.received) {
      const id = /^<?([0-9a-f]{32})@/.exec(m.mail.messageId ?? "")?.[1] ?? "?";
      received.set(id, (received.get(id) ?? 0) + 1);
      sentAt.set(id, [
        ...(sentAt.get(id) ?? []),
        m.mail.date?.toISOString() ?? "?",
      ]);
    }
    const mailsLost = [...expected]
      .filter(([id]) => !received.has(id))
      .map(([, key]) => key);
    const mailsTwice = [...received]
      .filter(([, n]) => n > 1)
      .map(
        ([id, n]) =>
          `${expected.get(id) ?? id} ×${n} (${sentAt.get(id)!.join(", ")})`,
      );
    const unknownMails = [...received.keys()].filter((id) => !expected.has(id));
    // Each acknowledged decision and issued card has its e-mail among them.
    const keys = new Set(mails.map((m) => m.key));
    const decisionMailsMissing = [
      ...[...acked.approved].map((id) => `advance.approved:${id}`),
      ...[...acked.declined].map((id) => `advance.declined:${id}`),
    ].filter((key) => !keys.has(key));
    const jobsFailed = await sql<
      { task: string; attempts: number; error: string }[]
    >`
      select task_identifier as task, attempts, last_error as error from graphile_worker.jobs
      where last_error is not null`;

    // The money invariants, as an operator checks them, on the multi-host URL.
    const invariants = await run(
      "npm",
      ["run", "--silent", "check:invariants"],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production" },
        encoding: "utf8",
      },
    ).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        out: `${e.stdout}${e.stderr}`,
      }),
    );

    const summary = {
      scenarios: report,
      acknowledged: ackCounts(acked),
      acknowledgedButLost: lost.length,
      commitsAcknowledgedWithoutStandby: unconfirmedCommits,
      jobs: {
        emailsEnqueued: mails.length,
        delivered: received.size,
        lost: mailsLost.length,
        runTwice: mailsTwice.length,
        unknown: unknownMails.length,
        decisionMailsMissing: decisionMailsMissing.length,
        jobsWithErrors: jobsFailed.length,
        requeuedBySweep,
      },
      checkInvariants: invariants.out.split("\n")[0],
    };
    console.log(`failover summary: ${JSON.stringify(summary)}`);
    expect(lost).toEqual([]);
    expect(mailsLost).toEqual([]);
    expect(mailsTwice).toEqual([]);
    expect(unknownMails).toEqual([]);
    expect(decisionMailsMissing).toEqual([]);
    expect(invariants.code, invariants.out).toBe(0);
    expect(invariants.out).toContain("invariants hold");
  } finally {
    await sql.end({ timeout: 5 });
  }
  for (const server of servers)
    expect(server.output()).not.toContain("still serving");
  passed = true;
});
