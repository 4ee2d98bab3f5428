// `npm run bench`: the app at company scale. Seeds a large company (10,000
// employees, 100,000 requests, ~150,000 deductions, 20,000 cards) and a small one (1,000
// requests) into a fresh database `ga_bench` on a PostgreSQL server, builds and starts the
// production server, signs in through POST /api/login, and drives every page and JSON endpoint
// with autocannon (32 connections, a warm-up then a fixed time), beside a raw baseline: a bare
// node:http server running the employer dashboard's SQL. Prints one table (requests/s, p50,
// p99, bytes per response, throughput ratio to the baseline), the single-page-app call pattern
// against one server-rendered dashboard, the JavaScript per page, and which targets are met.
//
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DURATION      seconds measured per target (default 5)
//   BENCH_WARMUP        seconds of warm-up per target (default 1)
//   BENCH_CONNECTIONS   concurrent connections (default 32)
//   BENCH_SKIP_BUILD=1  use the existing build; BENCH_KEEP=1 keep the ga_bench database;
//   BENCH_REUSE=1       reuse a kept ga_bench database (migrated again, not seeded again)
//   BENCH_ONLY          comma-separated target names to run (development aid)
//   BENCH_JSON          write the raw figures to this file
//   BENCH_WORKERS       workers of the N-worker server (default: one per core)
//   BENCH_WRITE_DOC=0   do not rewrite the generated section of docs/performance.md
//   BENCH_DATABASE      the database made on that server (default ga_bench), so runs side by
//                       side on one server do not drop each other's
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import autocannon, { type Result } from "autocannon";
import postgres from "postgres";
import { foldLedgerBalances } from "~/models/ledger/index.server";
import {
  compactReportRollup,
  checkInvariants,
} from "~/models/reports/index.server";
import { connectPostgres, migrate } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { formatJsBudget, measureJsBudget } from "./js-budget";
import {
  analyze,
  describeCompany,
  LARGE_COMPANY,
  SMALL_COMPANY,
  seedCompany,
  type SeededCompany,
} from "./seed";
import { freePort, withDatabase } from "#tests/support/servers";
import { BENCH_SERVER_URL, dropBenchDatabase } from "./bench-support";

const ROOT = path.resolve(
  path.dirname(url.fileURLToPath(import.meta.url)),
  "../..",
);
const DB_NAME = process.env.BENCH_DATABASE ?? "ga_bench";
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PASSWORD = "bench-password-123";
const SESSION_SECRET = "bench-session-secret-0123456789abcdef";
/** What a browser sends; the server compresses what it can. */
const ACCEPT_ENCODING = "gzip, deflate, br";
const SEARCH = "ava";
/** The framework's floor: a bare Remix route rendering the dashboard's data (floor-server.tsx). */
const BASELINE = "raw baseline (dashboard SQL → JSON)";
const FLOOR = "framework floor (bare Remix route, same data)";
const MARKUP = "markup floor (the page's own modules, no code around)";

const started = Date.now();
const log = (message: string) =>
  process.stderr.write(
    `[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}\n`,
  );

async function waitFor(target: string, child: ChildProcess, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`${target}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(target);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${target} did not answer within ${ms} ms`);
}

const children: ChildProcess[] = [];
function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    // The server logs one JSON line per request: drained, as a log shipper would.
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}
async function stopAll() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null)
            return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Database

async function prepareDatabase(): Promise<{
  url: string;
  large: SeededCompany;
  small: SeededCompany;
}> {
  const admin = postgres(BENCH_SERVER_URL, { max: 1, onnotice: () => {} });
  const reuse =
    process.env.BENCH_REUSE === "1" &&
    (await admin`select 1 from pg_database where datname = ${DB_NAME}`).length >
      0;
  if (!reuse) {
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.unsafe(`create database ${DB_NAME}`);
  }
  await admin.end();
  const dbUrl = withDatabase(BENCH_SERVER_URL, DB_NAME);
  const conn = connectPostgres(dbUrl, 2);
  try {
    await migrate(conn);
    if (reuse) {
      log("reusing the seeded ga_bench database");
      await analyze(conn.db);
      return {
        url: dbUrl,
        large: await describeCompany(conn.db, LARGE_COMPANY),
        small: await describeCompany(conn.db, SMALL_COMPANY),
      };
    }
    const hash = await hashPassword(PASSWORD);
    log("seeding the large company (10,000 employees, 100,000 requests)...");
    const large = await seedCompany(conn.db, LARGE_COMPANY, hash);
    log("seeding the small company (1,000 requests)...");
    const small = await seedCompany(conn.db, SMALL_COMPANY, hash);
    // The load's changes are folded into the reports' rollup and the ledger's balances before
    // the statistics are taken, as after any bulk load.
    await compactReportRollup(conn.db);
    await foldLedgerBalances(conn.db);
    await analyze(conn.db);
    const violations = await checkInvariants(conn.db);
    if (violations.length) {
      throw new Error(
        `seeded data breaks invariants: ${violations
          .slice(0, 5)
          .map((v) => `${v.rule}: ${v.detail}`)
          .join("; ")}`,
      );
    }
    log(
      `seeded; invariants hold. large: ${JSON.stringify(large.counts)}; small: ${JSON.stringify(small.counts)}`,
    );
    return { url: dbUrl, large, small };
  } finally {
    if (conn.kind === "postgres") await conn.client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

type Fetched = {
  status: number;
  wireBytes: number;
  rawBytes: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
};

/** One GET, counting the bytes on the wire (compressed) and after decompression. */
function get(target: string, cookie?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(
      target,
      {
        headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          let raw = body.length;
          if (res.headers["content-encoding"] === "gzip") {
            raw = zlibGunzipLength(body);
          }
          resolve({
            status: res.statusCode ?? 0,
            wireBytes: body.length,
            rawBytes: raw,
            ms: performance.now() - t0,
            headers: res.headers,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

function zlibGunzipLength(body: Buffer): number {
  return zlib.gunzipSync(body).length;
}

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`login ${username}: no session cookie`);
  return cookie;
}

// ---------------------------------------------------------------------------------------------
// Load

type Target = {
  name: string;
  path: string;
  who: "employer" | "employee" | Floor;
  /** For a floor that serves both companies: the cookie that names the employer. */
  cookie?: string;
};
/** The comparison servers: measured before and after the targets, and averaged. */
type Floor = "baseline" | "floor" | "markup";
const isFloor = (who: Target["who"]): who is Floor =>
  who === "baseline" || who === "floor" || who === "markup";

/** A page's own raw baseline: its loader alone, with the page's cookie (baseline-server.ts). */
const OWN = "raw: ";
function ownBaseline(target: Target, cookie: string): Target {
  return {
    name: `${OWN}${target.name}`,
    path: `/loader${target.path}`,
    who: "baseline",
    cookie,
  };
}

function targets(company: SeededCompany): Target[] {
  return [
    {
      name: BASELINE,
      path: `/${company.employerUsername}`,
      who: "baseline",
    },
    {
      name: FLOOR,
      path: `/${company.employerUsername}`,
      who: "floor",
    },
    {
      name: MARKUP,
      path: "/",
      who: "markup",
      cookie: `as=${company.employerUsername}`,
    },
    { name: "employer dashboard /", path: "/", who: "employer" },
    { name: "/approvals", path: "/approvals", who: "employer" },
    { name: "/employees", path: "/employees", who: "employer" },
    {
      name: `/employees?q=${SEARCH}`,
      path: `/employees?q=${SEARCH}`,
      who: "employer",
    },
    {
      name: "/employees/:id",
      path: `/employees/${company.employeeId}`,
      who: "employer",
    },
    { name: "/reports", path: "/reports", who: "employer" },
    { name: "employee dashboard /", path: "/", who: "employee" },
    { name: "/history", path: "/history", who: "employee" },
    { name: "GET /api/employees", path: "/api/employees", who: "employer" },
    {
      name: "GET /api/advance-requests/pending",
      path: "/api/advance-requests/pending",
      who: "employer",
    },
    {
      name: "GET /api/advance-requests/all",
      path: "/api/advance-requests/all",
      who: "employer",
    },
  ];
}

type Row = {
  target: string;
  /** Measured by a fixed number of requests (the target is slower than the time window). */
  fixedCount?: boolean;
  company: "small" | "large";
  path: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  rawBytes: number;
  requests: number;
  non2xx: number;
  errors: number;
  ratio?: number;
  /** Requests/s of this page's own raw baseline (its loader alone; baseline-server.ts). */
  own?: number;
  /** Throughput ÷ the page's own raw baseline. */
  ownRatio?: number;
  /** The share of the machine's CPU time left idle during the timed run (Linux only). */
  idle?: number;
  /** The same target on the server with one worker per core. */
  multi?: {
    rps: number;
    p50: number;
    p99: number;
    ratio?: number;
    fixedCount?: boolean;
  };
};

function cannon(
  target: string,
  cookie: string | undefined,
  run: { seconds: number } | { amount: number },
): Promise<Result> {
  return autocannon({
    url: target,
    connections: CONNECTIONS,
    ...("seconds" in run ? { duration: run.seconds } : { amount: run.amount }),
    timeout: 300,
    headers: {
      "accept-encoding": ACCEPT_ENCODING,
      ...(cookie ? { cookie } : {}),
    },
  });
}

function toRow(
  company: "small" | "large",
  target: Target,
  result: Result,
  rawBytes: number,
  fixedCount: boolean,
): Row {
  const ok = result["2xx"];
  return {
    target: target.name,
    company,
    path: target.path,
    fixedCount,
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: ok ? result.throughput.total / ok : 0,
    rawBytes,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The machine's CPU time so far, all cores, and how much of it was idle (Linux's /proc/stat). */
function machineCpu(): { total: number; idle: number } | undefined {
  try {
    const fields = fs
      .readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    // user nice system idle iowait irq softirq steal
    return {
      total: fields.reduce((sum, n) => sum + n, 0),
      idle: fields[3] + fields[4],
    };
  } catch {
    return undefined;
  }
}

/**
 * Where each kind of target is served: the app, the raw baseline, the framework's floor, the
 * page's markup floor.
 */
type Bases = { app: string } & Record<Floor, string>;

async function measure(
  company: "small" | "large",
  target: Target,
  bases: Bases,
  cookies: { employer: string; employee: string },
): Promise<Row> {
  const full = `${isFloor(target.who) ? bases[target.who] : bases.app}${target.path}`;
  const cookie = isFloor(target.who) ? target.cookie : cookies[target.who];
  const probe = await get(full, cookie);
  if (probe.status !== 200)
    throw new Error(`${company} ${target.name}: ${probe.status}`);
  if (WARMUP > 0) await cannon(full, cookie, { seconds: WARMUP });
  const before = machineCpu();
  const timed = await cannon(full, cookie, { seconds: DURATION });
  const after = machineCpu();
  if (timed["2xx"] >= CONNECTIONS)
    return {
      ...toRow(company, target, timed, probe.rawBytes, false),
      ...(before && after && after.total > before.total
        ? { idle: (after.idle - before.idle) / (after.total - before.total) }
        : {}),
    };
  // Slower than the window (requests still in flight when it closes are not counted): one
  // request per connection, however long they take.
  const counted = await cannon(full, cookie, { amount: CONNECTIONS });
  return toRow(company, target, counted, probe.rawBytes, true);
}

// ---------------------------------------------------------------------------------------------
// The single-page app's call pattern against one server-rendered dashboard

type PatternFigures = {
  calls: number;
  wireBytes: number;
  rawBytes: number;
  ms: number;
};

/** Every page of a paginated list, following `Link: <…>; rel="next"`. */
async function allPages(
  base: string,
  first: string,
  cookie: string,
): Promise<Fetched[]> {
  const pages: Fetched[] = [];
  let next: string | null = first;
  while (next) {
    const page = await get(`${base}${next}`, cookie);
    if (page.status !== 200) throw new Error(`${next}: ${page.status}`);
    pages.push(page);
    const link = String(page.headers.link ?? "");
    next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
  }
  return pages;
}

async function spaPattern(
  base: string,
  cookie: string,
): Promise<PatternFigures> {
  const t0 = performance.now();
  // The original app fired its four queries together when the dashboard mounted.
  const responses = (
    await Promise.all([
      allPages(base, "/api/user", cookie),
      allPages(base, "/api/employees", cookie),
      allPages(base, "/api/advance-requests/pending", cookie),
      allPages(base, "/api/advance-requests/all", cookie),
    ])
  ).flat();
  return {
    calls: responses.length,
    wireBytes: responses.reduce((s, r) => s + r.wireBytes, 0),
    rawBytes: responses.reduce((s, r) => s + r.rawBytes, 0),
    ms: performance.now() - t0,
  };
}

async function ssrDashboard(
  base: string,
  cookie: string,
): Promise<PatternFigures> {
  const page = await get(`${base}/`, cookie);
  if (page.status !== 200) throw new Error(`/: ${page.status}`);
  return {
    calls: 1,
    wireBytes: page.wireBytes,
    rawBytes: page.rawBytes,
    ms: page.ms,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function compare(
  run: () => Promise<PatternFigures>,
  times = 5,
): Promise<PatternFigures> {
  await run();
  const runs: PatternFigures[] = [];
  for (let i = 0; i < times; i++) runs.push(await run());
  return {
    calls: runs[0].calls,
    wireBytes: median(runs.map((r) => r.wireBytes)),
    rawBytes: median(runs.map((r) => r.rawBytes)),
    ms: median(runs.map((r) => r.ms)),
  };
}

// ---------------------------------------------------------------------------------------------
// The full list's serialization speed: one request at a time, uncompressed, on one worker

type StreamFigures = {
  bytes: number;
  ms: number;
  mbPerSecond: number;
  /** CPU seconds per response: the server process and the PostgreSQL backends of ga_bench. */
  cpuSeconds: number;
  mbPerCpuSecond: number;
};

const CLOCK_TICKS = Number(
  spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100,
);

/** CPU time (user + system, seconds) of a process, from /proc. */
function processCpu(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU time of the server process and of every PostgreSQL backend connected to the bench's
 * database (their process titles name it), by process: what one response costs on a core,
 * whatever else the shared machine is doing. The other servers' connections are idle meanwhile.
 */
type CpuSnapshot = Map<number, number>;

function benchCpu(serverPid: number): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map([[serverPid, processCpu(serverPid)]]);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.startsWith("postgres:") && cmdline.includes(` ${DB_NAME} `))
        snapshot.set(Number(entry), processCpu(Number(entry)));
    } catch {
      // gone
    }
  }
  return snapshot;
}

/**
 * CPU seconds used since `before`, by the processes alive now. A backend that closed meanwhile
 * (the pool's idle timeout) was idle, and its earlier time is not subtracted; one that opened
 * meanwhile counts whole.
 */
function cpuSince(before: CpuSnapshot, serverPid: number): number {
  let total = 0;
  for (const [pid, cpu] of benchCpu(serverPid))
    total += Math.max(0, cpu - (before.get(pid) ?? 0));
  return total;
}

async function streamSpeed(
  base: string,
  cookie: string,
  serverPid: number,
  times = 3,
): Promise<StreamFigures> {
  const once = () =>
    new Promise<{ bytes: number; ms: number }>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(
          `${base}/api/advance-requests/all`,
          { headers: { cookie, "accept-encoding": "identity" }, agent: false },
          (res) => {
            let bytes = 0;
            res.on("data", (chunk: Buffer) => (bytes += chunk.length));
            res.on("end", () =>
              res.statusCode === 200
                ? resolve({ bytes, ms: performance.now() - t0 })
                : reject(
                    new Error(`/api/advance-requests/all: ${res.statusCode}`),
                  ),
            );
          },
        )
        .on("error", reject);
    });
  await once();
  const runs = [];
  const cpuBefore = benchCpu(serverPid);
  for (let i = 0; i < times; i++) runs.push(await once());
  const cpuSeconds = cpuSince(cpuBefore, serverPid) / times;
  const ms = median(runs.map((r) => r.ms));
  const bytes = runs[0].bytes;
  const mb = bytes / 1024 / 1024;
  return {
    bytes,
    ms,
    mbPerSecond: mb / (ms / 1000),
    cpuSeconds,
    mbPerCpuSecond: mb / cpuSeconds,
  };
}

// ---------------------------------------------------------------------------------------------
// CPU per response of the small company's employer dashboard against the raw baseline: where a
// page's cost goes beyond its SQL, measured in CPU time, which the shared machine's load
// disturbs far less than throughput (decision 0065).

type CpuFigures = { serverMs: number; postgresMs: number };

async function cpuPerResponse(
  target: string,
  cookie: string | undefined,
  serverPid: number,
  amount = 400,
): Promise<CpuFigures> {
  const run = () =>
    autocannon({
      url: target,
      connections: 8,
      amount,
      timeout: 300,
      headers: {
        "accept-encoding": ACCEPT_ENCODING,
        ...(cookie ? { cookie } : {}),
      },
    });
  await run();
  const serverBefore = processCpu(serverPid);
  const allBefore = benchCpu(serverPid);
  const result = await run();
  if (result["2xx"] !== amount)
    throw new Error(`${target}: ${result["2xx"]} of ${amount} answered 2xx`);
  const server = processCpu(serverPid) - serverBefore;
  const all = cpuSince(allBefore, serverPid);
  return {
    serverMs: (server / amount) * 1000,
    postgresMs: ((all - server) / amount) * 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// docs/performance.md: the section between the markers is this run's output

const DOC = path.join(ROOT, "docs/performance.md");
const DOC_START = "<!-- bench:start -->";
const DOC_END = "<!-- bench:end -->";

function writeDoc(section: string) {
  const doc = fs.readFileSync(DOC, "utf8");
  const from = doc.indexOf(DOC_START);
  const to = doc.indexOf(DOC_END);
  if (from < 0 || to < from) {
    log(
      `docs/performance.md has no ${DOC_START} … ${DOC_END} section: not written`,
    );
    return;
  }
  fs.writeFileSync(
    DOC,
    `${doc.slice(0, from + DOC_START.length)}\n<!-- Written by npm run bench; do not edit by hand. -->\n${section}\n${doc.slice(to)}`,
  );
  // Formatted as the repository's Markdown is (npm run lint checks it).
  spawnSync("npx", ["prettier", "--write", DOC], {
    cwd: ROOT,
    stdio: "ignore",
  });
  log("docs/performance.md updated");
}

// ---------------------------------------------------------------------------------------------
// Output

const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
const fmtBytes = (n: number) =>
  n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : n >= 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${Math.round(n)} B`;
const fmtMs = (n: number) => (n >= 100 ? fmtInt(n) : n.toFixed(1));

const fmtRps = (n: number) => (n >= 100 ? fmtInt(n) : n.toFixed(1));
const fmtRatio = (n: number | undefined) =>
  n === undefined ? "—" : `${Math.round(n * 100)} %`;

/**
 * How much of the machine stayed idle while the small company's dashboard, its floor and its
 * baseline were under load: a page whose server and database take turns instead of working at
 * once leaves CPU unused, which CPU per response does not show.
 */
function idleLine(rows: Row[]): string {
  const idleOf = (target: string) =>
    rows.find((r) => r.company === "small" && r.target === target)?.idle;
  const named = [
    ["the raw baseline", BASELINE],
    ["the framework's floor", FLOOR],
    ["the markup floor", MARKUP],
    ["the employer dashboard (1 worker)", "employer dashboard /"],
  ] as const;
  const parts = named.flatMap(([label, target]) => {
    const idle = idleOf(target);
    return idle === undefined ? [] : [`${label} ${Math.round(idle * 100)} %`];
  });
  return parts.length
    ? `The machine's CPU left idle during the timed runs, small company: ${parts.join(", ")}.`
    : "";
}

function table(rows: Row[], workers: number): string {
  const lines = [
    `| target | company | requests/s | p50 ms | p99 ms | bytes/response (wire) | throughput ÷ own raw (its requests/s) | throughput ÷ baseline | ${workers} workers: requests/s | ${workers} workers: p99 ms | ${workers} workers ÷ baseline |`,
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows) {
    const flags =
      (r.fixedCount ? " ¹" : "") +
      (r.non2xx || r.errors
        ? ` (${r.non2xx} non-2xx, ${r.errors} errors)`
        : "");
    const m = r.multi;
    lines.push(
      `| ${r.target} | ${r.company} | ${fmtRps(r.rps)}${flags} | ${fmtMs(r.p50)} | ${fmtMs(r.p99)} | ${fmtBytes(r.bytes)} | ${r.own === undefined ? "—" : `${fmtRatio(r.ownRatio)} (${fmtRps(r.own)})`} | ${fmtRatio(r.ratio)} | ${m ? `${fmtRps(m.rps)}${m.fixedCount ? " ¹" : ""}` : "—"} | ${m ? fmtMs(m.p99) : "—"} | ${m ? fmtRatio(m.ratio) : "—"} |`,
    );
  }
  return lines.join("\n");
}

const PAGES = [
  "employer dashboard /",
  "/approvals",
  "/employees",
  `/employees?q=${SEARCH}`,
  "/employees/:id",
  "/reports",
  "employee dashboard /",
  "/history",
];
const JSON_ENDPOINTS = [
  "GET /api/employees",
  "GET /api/advance-requests/pending",
  "GET /api/advance-requests/all",
];

/**
 * The last committed run's throughput ÷ the dashboard's raw baseline, by target and company,
 * read from docs/performance.md before this run replaces it: the yardstick a later run is
 * compared with (the machine's speed cancels out in the ratio).
 */
function previousRatios(): Map<string, number> {
  const ratios = new Map<string, number>();
  const doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "";
  const section = doc.slice(doc.indexOf(DOC_START), doc.indexOf(DOC_END));
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const header = rows.find((cells) => cells[0] === "target");
  const column = header?.findIndex((cell) => cell === "throughput ÷ baseline");
  if (!header || column === undefined || column < 0) return ratios;
  for (const cells of rows) {
    const percent = /^(\d+) %$/.exec(cells[column] ?? "");
    if (percent)
      ratios.set(`${cells[0]}|${cells[1]}`, Number(percent[1]) / 100);
  }
  return ratios;
}

function verdicts(
  previous: Map<string, number>,
  rows: Row[],
  spa: PatternFigures,
  ssr: PatternFigures,
  jsOver: string[],
  stream: StreamFigures,
): string {
  const find = (target: string, company: "small" | "large") =>
    rows.find((r) => r.target === target && r.company === company);
  const lines: string[] = [];
  const check = (ok: boolean, text: string) =>
    lines.push(`- [${ok ? "x" : " "}] ${text}`);
  for (const page of [...PAGES, ...JSON_ENDPOINTS]) {
    const small = find(page, "small");
    const large = find(page, "large");
    if (!small || !large) continue;
    const ratio = large.p99 / small.p99;
    // The full list answers every request of the company: its time grows with the company by
    // design, and its own target is the MB per CPU second below.
    if (page !== "GET /api/advance-requests/all")
      check(
        ratio <= 1.5,
        `${page}: p99 large ÷ small = ${ratio.toFixed(2)} (≤ 1.5, one worker)`,
      );
    for (const row of [small, large]) {
      if (row.ownRatio === undefined) continue;
      check(
        row.ownRatio >= 0.5,
        `${page}, ${row.company}: throughput ÷ its own raw baseline = ${Math.round(row.ownRatio * 100)} % (≥ 50 %, one worker)`,
      );
      const before = previous.get(`${page}|${row.company}`);
      if (before !== undefined && row.ratio !== undefined)
        check(
          row.ratio >= before * 0.85,
          `${page}, ${row.company}: ÷ the dashboard's raw baseline ${Math.round(row.ratio * 100)} %, the last committed run ${Math.round(before * 100)} % (not more than 15 % slower)`,
        );
    }
  }
  for (const company of ["small", "large"] as const) {
    const dashboard = find("employer dashboard /", company);
    const floor = find(FLOOR, company);
    const markup = find(MARKUP, company);
    if (dashboard?.ratio !== undefined)
      check(
        dashboard.ratio >= 0.5,
        `employer dashboard throughput ÷ baseline, ${company}: ${Math.round(dashboard.ratio * 100)} % (≥ 50 %, one worker)` +
          (floor?.ratio !== undefined
            ? `; ÷ the framework's floor: ${Math.round((dashboard.rps / floor.rps) * 100)} % (the floor itself: ${Math.round(floor.ratio * 100)} % of the baseline)`
            : "") +
          (markup?.ratio !== undefined
            ? `; ÷ the markup floor: ${Math.round((dashboard.rps / markup.rps) * 100)} % (the markup floor itself: ${Math.round(markup.ratio * 100)} % of the baseline)`
            : ""),
      );
    if (dashboard && markup)
      check(
        dashboard.rps >= markup.rps * 0.9,
        `employer dashboard throughput ÷ its markup floor, ${company}: ${Math.round((dashboard.rps / markup.rps) * 100)} % (≥ 90 %, one worker)`,
      );
    // The two small lists answer at least 70 % of the dashboard's own baseline too (the full
    // list is megabytes: its own baseline, above, and its MB per CPU second, below).
    for (const endpoint of JSON_ENDPOINTS.slice(0, 2)) {
      const row = find(endpoint, company);
      if (row?.ratio !== undefined)
        check(
          row.ratio >= 0.7,
          `${endpoint} throughput ÷ baseline, ${company}: ${Math.round(row.ratio * 100)} % (≥ 70 %)`,
        );
    }
  }
  check(
    stream.mbPerCpuSecond >= 20,
    `GET /api/advance-requests/all, large company (${fmtBytes(stream.bytes)} of JSON), one worker: ${stream.mbPerCpuSecond.toFixed(1)} MB per CPU second of the server and its PostgreSQL backends (≥ 20 MB/s on one core; ${stream.mbPerSecond.toFixed(1)} MB/s wall clock on the shared machine)`,
  );
  const share = ssr.wireBytes / spa.wireBytes;
  check(
    share <= 1 / 20,
    `one server-rendered dashboard = 1/${Math.round(1 / share)} of the single-page app's bytes (≤ 1/20)`,
  );
  check(
    jsOver.length === 0,
    `≤ 100 KB gzip JavaScript per page, /checkout included${jsOver.length ? `: over on ${jsOver.join(", ")}` : ""}`,
  );
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
  const previous = previousRatios();
  const { url: dbUrl, large, small } = await prepareDatabase();

  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log("building (npm run build)...");
    const build = spawnSync("npm", ["run", "build", "--silent"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("npm run build failed");
  }

  const loadBefore = os.loadavg();
  const port = await freePort();
  const multiPort = await freePort();
  const baselinePort = await freePort();
  const floorPort = await freePort();
  const markupPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const multiBase = `http://127.0.0.1:${multiPort}`;
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const markupBase = `http://127.0.0.1:${markupPort}`;
  const workers =
    Number(process.env.BENCH_WORKERS) || os.availableParallelism();
  const serverEnv = {
    NODE_ENV: "production",
    DATABASE_URL: dbUrl,
    SEED_DEMO: "false",
    SESSION_SECRET,
  };
  // One worker (what the targets are set for) and one worker per core, side by side.
  const server = start(process.execPath, ["build/scripts/server.js"], {
    ...serverEnv,
    PORT: String(port),
    WEB_CONCURRENCY: "1",
  });
  await waitFor(`${base}/healthz`, server);
  const multiServer = start(process.execPath, ["build/scripts/server.js"], {
    ...serverEnv,
    PORT: String(multiPort),
    WEB_CONCURRENCY: String(workers),
  });
  const baseline = start(
    process.execPath,
    ["--import", "tsx", "tests/perf/baseline-server.ts"],
    {
      NODE_ENV: "production",
      PORT: String(baselinePort),
      DATABASE_URL: dbUrl,
      SESSION_SECRET,
      BASELINE_EMPLOYERS: `${large.employerUsername},${small.employerUsername}`,
    },
  );
  const floor = start(
    process.execPath,
    ["--import", "tsx", "tests/perf/floor-server.tsx"],
    {
      NODE_ENV: "production",
      PORT: String(floorPort),
      DATABASE_URL: dbUrl,
      BASELINE_EMPLOYERS: `${large.employerUsername},${small.employerUsername}`,
    },
  );
  await waitFor(`${multiBase}/healthz`, multiServer);
  await waitFor(`${floorBase}/${small.employerUsername}`, floor);
  await waitFor(`${baselineBase}/${small.employerUsername}`, baseline);
  log(
    `server on ${base} (1 worker) and ${multiBase} (${workers} workers), baseline on ${baselineBase}, framework floor on ${floorBase}`,
  );

  const cookies = {
    large: {
      employer: await login(base, large.employerUsername),
      employee: await login(base, large.employeeUsername),
    },
    small: {
      employer: await login(base, small.employerUsername),
      employee: await login(base, small.employeeUsername),
    },
  };
  // The markup floor reads the root's and the layout's data once, from this server, as the
  // employers signed in above (tests/perf/markup-server.ts).
  const markup = start(
    process.execPath,
    ["--import", "tsx", "tests/perf/markup-server.ts"],
    {
      ...serverEnv,
      PORT: String(markupPort),
      BASELINE_EMPLOYERS: `${large.employerUsername},${small.employerUsername}`,
      MARKUP_APP: base,
      MARKUP_COOKIES: JSON.stringify({
        [large.employerUsername]: cookies.large.employer,
        [small.employerUsername]: cookies.small.employer,
      }),
    },
  );
  await waitFor(`${markupBase}/`, markup);
  log(`markup floor on ${markupBase}`);

  // Small and large side by side for each target, so both see the same background load; the
  // baseline at the start and at the end, averaged.
  const companies = [
    ["small", small],
    ["large", large],
  ] as const;
  const bases: Bases = {
    app: base,
    baseline: baselineBase,
    floor: floorBase,
    markup: markupBase,
  };
  const multiBases: Bases = { ...bases, app: multiBase };
  const baselineRuns: Row[] = [];
  // The raw baseline and the two floors, each before and after the targets.
  const runBaselines = async () => {
    for (const [name, company] of companies) {
      for (const target of targets(company).filter((t) => isFloor(t.who))) {
        log(`${name}: ${target.name}`);
        baselineRuns.push(await measure(name, target, bases, cookies[name]));
      }
      for (const page of targets(company)) {
        if (isFloor(page.who)) continue;
        if (only && !only.some((o) => page.name.includes(o))) continue;
        const target = ownBaseline(page, cookies[name][page.who]);
        log(`${name}: ${target.name}`);
        baselineRuns.push(await measure(name, target, bases, cookies[name]));
      }
    }
  };
  await runBaselines();
  const measured: Row[] = [];
  for (const target of targets(small)) {
    if (isFloor(target.who)) continue;
    if (only && !only.some((o) => target.name.includes(o))) continue;
    for (const [name, company] of companies) {
      const own = targets(company).find((t) => t.name === target.name)!;
      log(`${name}: ${own.name} (1 worker)`);
      const row = await measure(name, own, bases, cookies[name]);
      log(`${name}: ${own.name} (${workers} workers)`);
      const multi = await measure(name, own, multiBases, cookies[name]);
      row.multi = {
        rps: multi.rps,
        p50: multi.p50,
        p99: multi.p99,
        fixedCount: multi.fixedCount,
      };
      measured.push(row);
    }
  }
  await runBaselines();
  const rows: Row[] = [];
  for (const [name] of companies) {
    const averaged = (target: string): Row => {
      const runs = baselineRuns.filter(
        (r) => r.company === name && r.target === target,
      );
      const mean = (pick: (r: Row) => number) =>
        runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
      return {
        ...runs[0],
        rps: mean((r) => r.rps),
        p50: mean((r) => r.p50),
        p99: mean((r) => r.p99),
        bytes: mean((r) => r.bytes),
        ...(runs.every((r) => r.idle !== undefined)
          ? { idle: mean((r) => r.idle!) }
          : {}),
      };
    };
    const baselineRow = averaged(BASELINE);
    const floorRow = averaged(FLOOR);
    floorRow.ratio = floorRow.rps / baselineRow.rps;
    const markupRow = averaged(MARKUP);
    markupRow.ratio = markupRow.rps / baselineRow.rps;
    rows.push(baselineRow, floorRow, markupRow);
    for (const row of measured.filter((r) => r.company === name)) {
      row.ratio = row.rps / baselineRow.rps;
      const own = averaged(`${OWN}${row.target}`);
      row.own = own.rps;
      row.ownRatio = row.rps / own.rps;
      if (row.multi) row.multi.ratio = row.multi.rps / baselineRow.rps;
      rows.push(row);
    }
  }

  log(
    "single-page app pattern against one server-rendered dashboard (large company)...",
  );
  const spa = await compare(() => spaPattern(base, cookies.large.employer), 3);
  const ssr = await compare(
    () => ssrDashboard(base, cookies.large.employer),
    5,
  );

  log(
    "GET /api/advance-requests/all, large company, one at a time (1 worker)...",
  );
  const stream = await streamSpeed(base, cookies.large.employer, server.pid!);
  log(
    "CPU per response, small company's employer dashboard and its baseline...",
  );
  const pageCpu = await cpuPerResponse(
    `${base}/`,
    cookies.small.employer,
    server.pid!,
  );
  const baselineCpu = await cpuPerResponse(
    `${baselineBase}/${small.employerUsername}`,
    undefined,
    baseline.pid!,
  );
  const floorCpu = await cpuPerResponse(
    `${floorBase}/${small.employerUsername}`,
    undefined,
    floor.pid!,
  );
  const markupCpu = await cpuPerResponse(
    `${markupBase}/`,
    `as=${small.employerUsername}`,
    markup.pid!,
  );
  const loadAfter = os.loadavg();

  const js = await measureJsBudget(ROOT);
  const jsOver = js.filter((r) => !r.withinBudget).map((r) => r.path);

  const cpu = os.cpus();
  const output = [
    "",
    `## Benchmark (${new Date().toISOString()})`,
    "",
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, Node ${process.version}. ` +
      `Load average (1 min) ${loadBefore[0].toFixed(1)} when the servers started, ${loadAfter[0].toFixed(1)} at the end (5 min: ${loadAfter[1].toFixed(1)}); the machine is shared, so read the ratios, not the absolute figures. ` +
      `Servers: one with 1 worker, one with ${workers} workers (node:cluster); the baseline is one process. ` +
      `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target, Accept-Encoding: ${ACCEPT_ENCODING}.`,
    `Large company: ${fmtInt(large.counts.employees)} employees, ${fmtInt(large.counts.requests)} requests (${fmtInt(large.counts.pending)} pending, ${fmtInt(large.counts.approved)} approved), ${fmtInt(large.counts.deductions)} deductions, ${fmtInt(large.counts.cards)} cards. ` +
      `Small company: ${fmtInt(small.counts.employees)} employees, ${fmtInt(small.counts.requests)} requests, ${fmtInt(small.counts.deductions)} deductions, ${fmtInt(small.counts.cards)} cards.`,
    "",
    table(rows, workers),
    "",
    "The baseline and the two floors are each the mean of a run before and a run after the targets; a floor's ratio is to the baseline. ¹ Slower than the time window: measured by a fixed count (one request per connection) instead.",
    "",
    `GET /api/advance-requests/all for the large company, one request at a time on the 1-worker server, uncompressed: ${fmtBytes(stream.bytes)} in ${fmtMs(stream.ms)} ms wall clock (median of 3) = ${stream.mbPerSecond.toFixed(1)} MB/s; ${stream.cpuSeconds.toFixed(2)} CPU seconds per response (server process + PostgreSQL backends) = ${stream.mbPerCpuSecond.toFixed(1)} MB per CPU second.`,
    "",
    `Employer dashboard, small company, CPU per response (400 requests at 8 connections, 1-worker server): the page ${pageCpu.serverMs.toFixed(1)} ms in the server process + ${pageCpu.postgresMs.toFixed(1)} ms in PostgreSQL; the raw baseline ${baselineCpu.serverMs.toFixed(1)} ms + ${baselineCpu.postgresMs.toFixed(1)} ms; the framework's floor (tests/perf/floor-server.tsx: a bare Remix route, the same loader, the data rendered as plain tables, no app code) ${floorCpu.serverMs.toFixed(1)} ms + ${floorCpu.postgresMs.toFixed(1)} ms; the markup floor (tests/perf/markup-server.ts: the app's own route modules and entry rendering the same page byte for byte, with the framework floor's loader and none of the app's code around the render) ${markupCpu.serverMs.toFixed(1)} ms + ${markupCpu.postgresMs.toFixed(1)} ms. What the page costs beyond its SQL: docs/decisions/0065-page-cost.md.`,
    "",
    idleLine(rows),
    "",
    "### The single-page app's calls against one server-rendered dashboard (large company)",
    "",
    "| pattern | calls | bytes on the wire | bytes uncompressed | time (median) |",
    "| --- | ---: | ---: | ---: | ---: |",
    `| /api/user + /api/employees + /api/advance-requests/pending + /api/advance-requests/all (every page) | ${spa.calls} | ${fmtBytes(spa.wireBytes)} | ${fmtBytes(spa.rawBytes)} | ${fmtMs(spa.ms)} ms |`,
    `| GET / (server-rendered dashboard) | ${ssr.calls} | ${fmtBytes(ssr.wireBytes)} | ${fmtBytes(ssr.rawBytes)} | ${fmtMs(ssr.ms)} ms |`,
    `| ratio | | 1/${Math.round(spa.wireBytes / ssr.wireBytes)} | 1/${Math.round(spa.rawBytes / ssr.rawBytes)} | 1/${Math.round(spa.ms / ssr.ms)} |`,
    "",
    "### JavaScript per page (gzip)",
    "",
    formatJsBudget(js),
    "",
    "### Targets",
    "",
    verdicts(previous, rows, spa, ssr, jsOver, stream),
    "",
    `Total time: ${Math.round((Date.now() - started) / 1000)} s.`,
  ].join("\n");
  process.stdout.write(`${output}\n`);
  if (process.env.BENCH_WRITE_DOC !== "0" && !only) writeDoc(output);
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(
        {
          rows,
          spa,
          ssr,
          js,
          stream,
          load: { before: loadBefore, after: loadAfter },
          large: large.counts,
          small: small.counts,
        },
        null,
        2,
      ),
    );
  }
}

try {
  await main();
} finally {
  await stopAll();
  if (process.env.BENCH_KEEP !== "1") {
    await dropBenchDatabase(DB_NAME);
  }
}
