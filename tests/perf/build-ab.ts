// Two builds of the app side by side, measured in turn (A B, then B A, …) so that both see the
// same background load on a shared machine: the employer dashboard, /reports, the employee's
// dashboard and one data request (a client-side navigation's), on the large company of
// `npm run bench`. For a change such as a framework flag, whose effect is smaller than the
// drift of a loaded machine between two whole bench runs.
//
//   npx tsx tests/perf/build-ab.ts <root of build A> <root of build B>
//
// Each root is a checkout with `npm run build` done (build/scripts/server.js). Both servers run
// one worker, on the same database, with a 1 s warm-up.
//
//   AB_PORTS      two ports for the servers (default 3262,3263)
//   AB_ROUNDS     rounds (default 5); each round measures every target on both builds
//   AB_DURATION   seconds measured per target and build (default 5)
//   AB_CONNECTIONS  concurrent connections (default 32, as the bench)
//   AB_DATABASE   the database (default ga_bench_ab); AB_REUSE=1 keeps a seeded one
//   AB_DATA_A, AB_DATA_B   the data request's path for each build, when they differ (a build
//                 without single fetch answers `?_data=<route id>`, one with it `<path>.data`)
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import postgres from "postgres";
import { foldLedgerBalances } from "~/models/ledger/index.server";
import { compactReportRollup } from "~/models/reports/index.server";
import { connectPostgres, migrate } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { BENCH_SERVER_URL, withDatabase } from "./bench-support";
import {
  analyze,
  describeCompany,
  LARGE_COMPANY,
  seedCompany,
  type SeededCompany,
} from "./seed";

const [rootA, rootB] = process.argv.slice(2).map((r) => path.resolve(r));
if (!rootA || !rootB)
  throw new Error("usage: build-ab.ts <root of build A> <root of build B>");
const [portA, portB] = (process.env.AB_PORTS ?? "3262,3263")
  .split(",")
  .map(Number);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const DURATION = Number(process.env.AB_DURATION ?? 5);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 32);
const DB_NAME = process.env.AB_DATABASE ?? "ga_bench_ab";
const PASSWORD = "bench-password-123";
const SESSION_SECRET = "bench-session-secret-0123456789abcdef";

const log = (message: string) => process.stderr.write(`[ab] ${message}\n`);

async function prepareDatabase(): Promise<{
  url: string;
  company: SeededCompany;
}> {
  const admin = postgres(BENCH_SERVER_URL, { max: 1, onnotice: () => {} });
  const reuse =
    process.env.AB_REUSE === "1" &&
    (await admin`select 1 from pg_database where datname = ${DB_NAME}`).length >
      0;
  if (!reuse) {
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.unsafe(`create database ${DB_NAME}`);
  }
  await admin.end();
  const url = withDatabase(BENCH_SERVER_URL, DB_NAME);
  const conn = connectPostgres(url, 2);
  let company: SeededCompany;
  try {
    await migrate(conn);
    if (reuse) {
      company = await describeCompany(conn.db, LARGE_COMPANY);
    } else {
      log("seeding the large company (10,000 employees, 100,000 requests)...");
      company = await seedCompany(
        conn.db,
        LARGE_COMPANY,
        await hashPassword(PASSWORD),
      );
      // As after `npm run bench`'s load (whose run also checks the seed's invariants).
      await compactReportRollup(conn.db);
      await foldLedgerBalances(conn.db);
    }
    await analyze(conn.db);
  } finally {
    if (conn.kind === "postgres") await conn.client.end();
  }
  return { url, company };
}

const children: ChildProcess[] = [];
function startServer(root: string, port: number, dbUrl: string) {
  const child = spawn(process.execPath, ["build/scripts/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: dbUrl,
      SEED_DEMO: "false",
      SESSION_SECRET,
      PORT: String(port),
      WEB_CONCURRENCY: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, child: ChildProcess) {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`login ${username}: ${res.status}`);
  return cookie;
}

type Target = {
  name: string;
  who: "employer" | "employee";
  path: { a: string; b: string };
};
const same = (p: string) => ({ a: p, b: p });
const TARGETS: Target[] = [
  { name: "employer dashboard /", who: "employer", path: same("/") },
  { name: "/reports", who: "employer", path: same("/reports") },
  { name: "employee dashboard /", who: "employee", path: same("/") },
  {
    name: "data request: to /history (employee)",
    who: "employee",
    path: {
      a: process.env.AB_DATA_A ?? "/history?_data=routes%2F_app.history",
      b: process.env.AB_DATA_B ?? "/history.data?_routes=routes%2F_app.history",
    },
  },
];

function cannon(url: string, cookie: string, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 300,
    headers: { "accept-encoding": "gzip, deflate, br", cookie },
  });
}

type Run = { rps: number; p50: number; p99: number; bytes: number };
const toRun = (r: Result): Run => ({
  rps: r["2xx"] / r.duration,
  p50: r.latency.p50,
  p99: r.latency.p99,
  bytes: r["2xx"] ? r.throughput.total / r["2xx"] : 0,
});

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const spread = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main() {
  const { url: dbUrl, company } = await prepareDatabase();
  const a = `http://127.0.0.1:${portA}`;
  const b = `http://127.0.0.1:${portB}`;
  const serverA = startServer(rootA, portA, dbUrl);
  const serverB = startServer(rootB, portB, dbUrl);
  await waitFor(`${a}/healthz`, serverA);
  await waitFor(`${b}/healthz`, serverB);
  const employer = company.employerUsername;
  const employee = company.employeeUsername;
  const cookies = {
    a: {
      employer: await login(a, employer),
      employee: await login(a, employee),
    },
    b: {
      employer: await login(b, employer),
      employee: await login(b, employee),
    },
  };
  for (const t of TARGETS)
    for (const [side, base] of [
      ["a", a],
      ["b", b],
    ] as const) {
      const res = await fetch(`${base}${t.path[side]}`, {
        headers: { cookie: cookies[side][t.who] },
        redirect: "manual",
      });
      if (res.status !== 200)
        throw new Error(`${side} ${t.path[side]}: ${res.status}`);
      await res.arrayBuffer();
    }

  const runs = new Map<string, { a: Run[]; b: Run[] }>(
    TARGETS.map((t) => [t.name, { a: [], b: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    // A first in even rounds, B first in odd ones.
    const order = round % 2 ? (["b", "a"] as const) : (["a", "b"] as const);
    for (const t of TARGETS)
      for (const side of order) {
        const url = `${side === "a" ? a : b}${t.path[side]}`;
        await cannon(url, cookies[side][t.who], 1);
        const result = await cannon(url, cookies[side][t.who], DURATION);
        if (result.non2xx || result.errors)
          log(
            `${side} ${t.name}: ${result.non2xx} non-2xx, ${result.errors} errors`,
          );
        runs.get(t.name)![side].push(toRun(result));
        log(
          `round ${round + 1} ${side} ${t.name}: ${toRun(result).rps.toFixed(0)} req/s`,
        );
      }
  }

  const lines = [
    `A = ${rootA}, B = ${rootB}; ${ROUNDS} rounds of ${DURATION} s per target and build, ${CONNECTIONS} connections, one worker each; median (min–max).`,
    "",
    "| target | A req/s | B req/s | B ÷ A req/s, pair by pair | A p50 ms | B p50 ms | A p99 ms | B p99 ms | A bytes | B bytes |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const t of TARGETS) {
    const r = runs.get(t.name)!;
    const ratios = r.a.map((x, i) => r.b[i].rps / x.rps);
    lines.push(
      `| ${t.name} | ${spread(r.a.map((x) => x.rps))} | ${spread(r.b.map((x) => x.rps))} | ${spread(ratios, 2)} | ${spread(r.a.map((x) => x.p50))} | ${spread(r.b.map((x) => x.p50))} | ${spread(r.a.map((x) => x.p99))} | ${spread(r.b.map((x) => x.p99))} | ${median(r.a.map((x) => x.bytes)).toFixed(0)} | ${median(r.b.map((x) => x.bytes)).toFixed(0)} |`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

try {
  await main();
} finally {
  for (const child of children) child.kill("SIGTERM");
}
