// Part of `npm run bench`: card authorizations decided for the 10,000-employee company (the
// page bench's seed: 10,000 employees, 100,000 requests, 20,000 cards), 1,000 of its active
// cards, at rising concurrency (1, 16, 64, 256 purchases in flight), on a fresh database
// `ga_bench_auth` on the PostgreSQL server, beside the card network's 2-second deadline:
//   - the Stripe webhook path: a signed `issuing_authorization.request` posted to the webhook
//     route's action (the signature checked by the real stripe SDK, the decision, the answer),
//     in this process (no HTTP server: the network hop is not ours to measure);
//   - the sandbox path: the decision function itself (authorizeCardPurchase).
// One worker: this process, one pool of 10 connections (a worker's, connectPostgres' default).
// All cores: one process per core (forked, as node:cluster forks the server's workers), each
// with its own pool of 10, the level's purchases in flight shared between them. Reported: p50,
// p99 and max per level, and whether any card spent more than its funding (check:invariants).
// Writes its table into docs/performance.md between the auth-bench markers.
//
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_WRITE_DOC=0   do not rewrite the generated section of docs/performance.md
//   BENCH_WORKERS       processes of the all-cores rows (default: one per core)
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import url from "node:url";
import Stripe from "stripe";
import { sql } from "drizzle-orm";
import { authorizeCardPurchase } from "~/models/cards/index.server";

import { action as webhookAction } from "~/routes/api.stripe.webhook";
import {
  closeConnection,
  connectPostgres,
  migrate,
  queryRows,
  setConnection,
  db,
} from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import {
  enableStripe,
  disableStripe,
  WEBHOOK_SECRET,
} from "#tests/support/payments";
import { startFakeStripe } from "#tests/support/fake-stripe";
import { LARGE_COMPANY, seedCompany } from "./seed";
import {
  BENCH_SERVER_URL,
  createBenchDatabase,
  dropBenchDatabase,
  withDatabase,
  writeDocSection,
} from "./bench-support";

import { checkInvariants } from "~/models/reports/index.server";
const DB_NAME = "ga_bench_auth";
const CARDS = 1000;
const LEVELS = [1, 16, 64, 256];
const DEADLINE_MS = 2000;
/** Connections in the pool (a worker has 10): BENCH_AUTH_POOL to try others. */
const POOL = Number(process.env.BENCH_AUTH_POOL ?? 10);

/**
 * Authorizations through each path, untimed, before a process's first level: a server deciding
 * purchases all day runs warm code. Measured cold, the first levels (the webhook path's, which
 * run first) paid the JIT's work too: 2.4 ms of CPU per authorization instead of 1.5 here.
 */
const WARM_UP = 1000;

/** Processes of the all-cores rows. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());

type PathName = "webhook" | "sandbox";
type Card = { id: number; provider_card_id: string };

type Level = {
  path: PathName;
  workers: number;
  inFlight: number;
  count: number;
  p50: number;
  p99: number;
  max: number;
  approved: number;
  overOneSecond: number;
  /** Authorizations decided per second of the level's wall clock. */
  perSecond: number;
  /** CPU per authorization: the deciding processes and the database's backends. */
  appCpuMs: number;
  postgresCpuMs: number;
};

const CLOCK_TICKS = Number(
  spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100,
);

/** CPU seconds (user + system) of a process, from /proc; 0 when it is gone. */
function processCpu(pid: number | string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of the PostgreSQL backends connected to the bench's database, by pid. */
function backendsCpu(): Map<string, number> {
  const cpu = new Map<string, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.startsWith("postgres:") && cmdline.includes(` ${DB_NAME} `))
        cpu.set(entry, processCpu(entry));
    } catch {
      // gone
    }
  }
  return cpu;
}

/**
 * Runs one level and measures what it cost: wall clock, and CPU seconds of the deciding
 * processes (`pids`) and of the database's backends (one that opened meanwhile counts whole).
 */
async function costed<T>(
  pids: number[],
  run: () => Promise<T>,
): Promise<{ result: T; seconds: number; app: number; postgres: number }> {
  const appBefore = pids.reduce((sum, pid) => sum + processCpu(pid), 0);
  const pgBefore = backendsCpu();
  const start = process.hrtime.bigint();
  const result = await run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const app = pids.reduce((sum, pid) => sum + processCpu(pid), 0) - appBefore;
  let postgres = 0;
  for (const [pid, cpu] of backendsCpu())
    postgres += Math.max(0, cpu - (pgBefore.get(pid) ?? 0));
  return { result, seconds, app, postgres };
}

/** A level's figures from its purchases' times and what the level cost. */
function levelRow(
  path: PathName,
  workers: number,
  inFlight: number,
  times: number[],
  approved: number,
  cost: { seconds: number; app: number; postgres: number },
): Level {
  return {
    path,
    workers,
    inFlight,
    count: times.length,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: times[times.length - 1],
    approved,
    overOneSecond: times.filter((t) => t > 1000).length,
    perSecond: times.length / cost.seconds,
    appCpuMs: (cost.app / times.length) * 1000,
    postgresCpuMs: (cost.postgres / times.length) * 1000,
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** `count` calls, `inFlight` at a time, each timed. */
async function load(
  inFlight: number,
  count: number,
  call: (i: number) => Promise<boolean>,
): Promise<{ times: number[]; approved: number }> {
  const times: number[] = [];
  let approved = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const start = process.hrtime.bigint();
      if (await call(i)) approved += 1;
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { times: times.sort((a, b) => a - b), approved };
}

const signer = new Stripe("sk_test_signer_only");

/**
 * One purchase of the run `run` (a unique prefix for Stripe's ids), on one of `cards`: through
 * the webhook route's action with a signed event, or through the decision function.
 */
function purchase(
  pathName: PathName,
  cards: Card[],
  inFlight: number,
  run: string,
): (i: number) => Promise<boolean> {
  return async (i) => {
    const card = cards[(i * 7919 + inFlight) % cards.length];
    // $1.00 to $9.99 of groceries: a card of $200 or more never runs out within a run.
    const amount = 100 + ((i * 37) % 900);
    const serial = `${run}_${i}`;
    if (pathName === "sandbox") {
      const decision = await authorizeCardPurchase(card.id, {
        amountCents: amount,
        merchantName: "Bench Grocer",
        merchantCategory: "grocery_stores_supermarkets",
      });
      return decision.approved;
    }
    const payload = JSON.stringify({
      id: `evt_bench_${serial}`,
      object: "event",
      type: "issuing_authorization.request",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `iauth_bench_${serial}`,
          object: "issuing.authorization",
          amount: 0,
          approved: false,
          status: "pending",
          currency: "usd",
          card: { id: card.provider_card_id, object: "issuing.card" },
          merchant_data: {
            category: "grocery_stores_supermarkets",
            name: "Bench Grocer",
          },
          pending_request: { amount, currency: "usd" },
        },
      },
    });
    const response = await webhookAction({
      request: new Request("http://localhost/api/stripe/webhook", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": signer.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: payload,
      }),
      params: {},
      context: {},
    });
    const body = (await response.json()) as { approved?: boolean };
    return body.approved === true;
  };
}

/** What the parent asks a forked worker to run, and what it answers. */
type Job = {
  path: PathName;
  inFlight: number;
  count: number;
  run: string;
};
type Done = { times: number[]; approved: number };

/** A forked worker: its own pool, runs each job it is sent and answers the times. */
async function childMain() {
  const cards = JSON.parse(process.env.BENCH_AUTH_CARDS ?? "[]") as Card[];
  setConnection(
    connectPostgres(process.env.BENCH_AUTH_CHILD_DATABASE ?? "", POOL),
  );
  process.on("message", (job: Job | "stop") => {
    if (job === "stop") {
      void closeConnection().then(() => process.exit(0));
      return;
    }
    void load(
      job.inFlight,
      job.count,
      purchase(job.path, cards, job.inFlight, job.run),
    ).then((done) => process.send?.(done satisfies Done));
  });
  process.send?.("ready");
}

/**
 * The same levels on every core: WORKERS forked processes (each a worker with its own pool),
 * the level's purchases in flight and its count shared between them, started together; the
 * percentiles over all their purchases.
 */
async function allCores(database: string, cards: Card[]): Promise<Level[]> {
  const children: ChildProcess[] = [];
  for (let w = 0; w < WORKERS; w++) {
    const child = fork(url.fileURLToPath(import.meta.url), [], {
      execArgv: ["--import", "tsx"],
      env: {
        ...process.env,
        BENCH_AUTH_CHILD: "1",
        BENCH_AUTH_CHILD_DATABASE: database,
        BENCH_AUTH_CARDS: JSON.stringify(cards),
      },
    });
    await new Promise<void>((resolve, reject) => {
      child.once("message", () => resolve());
      child.once("exit", (code) => reject(new Error(`worker exited ${code}`)));
    });
    children.push(child);
  }
  const rows: Level[] = [];
  try {
    for (const pathName of ["webhook", "sandbox"] as const)
      await Promise.all(
        children.map(
          (child, w) =>
            new Promise<void>((resolve) => {
              child.once("message", () => resolve());
              child.send({
                path: pathName,
                inFlight: 16,
                count: WARM_UP,
                run: `warm_${w}`,
              } satisfies Job);
            }),
        ),
      );
    for (const pathName of ["webhook", "sandbox"] as const) {
      for (const inFlight of LEVELS) {
        const count = Math.max(400, inFlight * 8);
        // Below one purchase per worker, only as many workers as purchases in flight.
        const active = children.slice(0, Math.min(WORKERS, inFlight));
        const share = (total: number, w: number) =>
          Math.floor(total / active.length) +
          (w < total % active.length ? 1 : 0);
        const cost = await costed(
          active.map((child) => child.pid ?? 0),
          () =>
            Promise.all(
              active.map(
                (child, w) =>
                  new Promise<Done>((resolve) => {
                    child.once("message", (done: Done) => resolve(done));
                    child.send({
                      path: pathName,
                      inFlight: share(inFlight, w),
                      count: share(count, w),
                      run: `all_${inFlight}_${w}`,
                    } satisfies Job);
                  }),
              ),
            ),
        );
        const results = cost.result;
        const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
        rows.push(
          levelRow(
            pathName,
            WORKERS,
            inFlight,
            times,
            results.reduce((sum, r) => sum + r.approved, 0),
            cost,
          ),
        );
      }
    }
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once("exit", () => resolve());
            child.send("stop");
          }),
      ),
    );
  }
  return rows;
}

export async function measureAuthorizations() {
  await createBenchDatabase(DB_NAME);
  const conn = connectPostgres(withDatabase(BENCH_SERVER_URL, DB_NAME), POOL);
  setConnection(conn);
  const fake = await startFakeStripe();
  enableStripe(fake);
  try {
    await migrate(conn);
    await seedCompany(
      conn.db,
      LARGE_COMPANY,
      await hashPassword("Basil-Lantern-62"),
    );
    await db().execute(sql`vacuum analyze`);
    const cards = await queryRows<Card>(
      db(),
      sql`select id, provider_card_id from virtual_cards where status = 'active'
          order by id limit ${CARDS}`,
    );
    const rows: Level[] = [];
    for (const pathName of ["webhook", "sandbox"] as const)
      await load(16, WARM_UP, purchase(pathName, cards, 16, "warm"));
    const loadBefore = os.loadavg()[0];
    for (const pathName of ["webhook", "sandbox"] as const) {
      for (const inFlight of LEVELS) {
        const count = Math.max(400, inFlight * 8);
        const cost = await costed([process.pid], () =>
          load(
            inFlight,
            count,
            purchase(pathName, cards, inFlight, `${inFlight}`),
          ),
        );
        rows.push(
          levelRow(
            pathName,
            1,
            inFlight,
            cost.result.times,
            cost.result.approved,
            cost,
          ),
        );
      }
    }
    rows.push(
      ...(await allCores(withDatabase(BENCH_SERVER_URL, DB_NAME), cards)),
    );
    const overspent = (await checkInvariants(db())).filter((v) =>
      /card spend|card's spend/.test(v.rule),
    );
    return {
      rows,
      cards: cards.length,
      overspent: overspent.length,
      load: [loadBefore, os.loadavg()[0]],
    };
  } finally {
    disableStripe();
    await fake.stop();
    await closeConnection();
    await dropBenchDatabase(DB_NAME);
  }
}

type Figures = Awaited<ReturnType<typeof measureAuthorizations>>;

export function authTable(f: Figures): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const workers = Math.max(...f.rows.map((r) => r.workers));
  return [
    `## Card authorizations under load (${new Date().toISOString()})`,
    "",
    `The 10,000-employee company, ${f.cards.toLocaleString("en-US")} of its active cards, grocery purchases of $1.00–$9.99 spread over them, on PostgreSQL. One worker: one process with one pool of ${POOL} connections. All cores: ${workers} processes (one per core, as the server's cluster workers), each with its own pool of ${POOL}, the purchases in flight shared between them. Webhook: a signed \`issuing_authorization.request\` through the webhook route's action (the stripe SDK checks the signature), in process. Sandbox: the decision function. The card network declines after ${DEADLINE_MS / 1000} s; the target is p99 ≤ 100 ms at 64 in flight on one worker and nothing over 1 s.`,
    "",
    "| Path | Workers | In flight | Authorizations | p50 | p99 | Max | Over 1 s | Approved | Per second | CPU per authorization: app + PostgreSQL |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...f.rows.map(
      (r) =>
        `| ${r.path} | ${r.workers} | ${r.inFlight} | ${r.count} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.overOneSecond} | ${r.approved} | ${Math.round(r.perSecond)} | ${r.appCpuMs.toFixed(2)} + ${r.postgresCpuMs.toFixed(2)} ms |`,
    ),
    "",
    `Cards spending above their funding, or ledger spend differing from the authorizations, afterwards: ${f.overspent}. Load average (1 min) ${f.load[0].toFixed(1)} before, ${f.load[1].toFixed(1)} after: the machine is shared, and with n purchases in flight on a saturated machine a purchase waits for about n − 1 others, so p50 ≈ n ÷ (per second); the CPU column is what one authorization costs whatever the load.`,
  ].join("\n");
}

if (process.env.BENCH_AUTH_CHILD === "1") {
  process.env.SEED_DEMO = "false";
  await childMain();
} else if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) {
  process.env.SEED_DEMO = "false";
  const figures = await measureAuthorizations();
  const table = authTable(figures);
  process.stdout.write(`${table}\n`);
  if (process.env.BENCH_WRITE_DOC !== "0")
    writeDocSection("auth-bench", "tests/perf/auth-bench.ts", table);
  if (figures.overspent > 0) process.exitCode = 1;
}
