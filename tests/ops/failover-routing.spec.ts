import { expect, test } from "@playwright/test";
import postgres from "postgres";
import {
  createCluster,
  createStandby,
  skipWithoutPostgresBinaries,
  type PrivateCluster,
} from "./support/postgres";
import { login, startServer, type RunningServer } from "./support/server";

// A primary and a streaming-replication standby, and the app on the multi-host URL a
// high-availability formation prints, standby listed first: every connection,
// postgres.js's and the job queue's, reaches the primary; when the primary is lost and the
// standby promoted, the same processes serve writes again without a restart, answering 503
// (never a 500) meanwhile, and every write they acknowledged is on the new primary.

test.describe.configure({ mode: "serial" });
skipWithoutPostgresBinaries();

const PORT = Number(process.env.OPS_FAILOVER_PORT ?? 3895);
const PRIMARY_PORT = Number(process.env.OPS_FAILOVER_PG_PORT ?? 5497);
const STANDBY_PORT = PRIMARY_PORT - 1;

let primary: PrivateCluster;
let standby: PrivateCluster & { promote: () => void };
let server: RunningServer;

const multiHostUrl = () =>
  `postgres://postgres@127.0.0.1:${STANDBY_PORT},127.0.0.1:${PRIMARY_PORT}/postgres?target_session_attrs=read-write`;

test.beforeAll(async () => {
  primary = createCluster(PRIMARY_PORT);
  primary.start();
  standby = createStandby(PRIMARY_PORT, STANDBY_PORT);
  standby.start();
  server = await startServer(PORT, {
    DATABASE_URL: multiHostUrl(),
    WEB_CONCURRENCY: "2",
  });
});

test.afterAll(async () => {
  await server?.stop();
  standby?.destroy();
  primary?.destroy();
});

type Reply = { status: number; json: Record<string, unknown> };

async function post(path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!res) return { status: 0, json: {} } satisfies Reply;
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  } satisfies Reply;
}

/** Files and cancels one request: two writes, the first's id if it was acknowledged. */
async function fileAndCancel(cookie: string, statuses: number[]) {
  const filed = await post("/api/advance-requests", cookie, {
    amount: "200.00",
    reason: null,
    repaymentPeriods: 1,
  });
  statuses.push(filed.status);
  if (filed.status !== 201) return null;
  const id = Number(filed.json.id);
  statuses.push(
    (await post(`/api/advance-requests/${id}/cancel`, cookie)).status,
  );
  return id;
}

test("the app starts on the multi-host URL with the standby first, writes reach the primary, and a failover is served through without a restart", async () => {
  test.setTimeout(120_000);
  const cookie = await login(server.url, "dave");
  const acknowledged: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await fileAndCancel(cookie, before);
    if (id !== null) acknowledged.push(id);
  }
  expect(new Set(before)).toEqual(new Set([201, 200]));
  // The job queue's pool found the primary too: its schema was migrated there at start.
  const onPrimary = postgres(primary.url, { max: 1, onnotice: () => {} });
  const [{ n }] = await onPrimary<
    { n: number }[]
  >`select count(*)::int as n from graphile_worker.migrations`;
  expect(n).toBeGreaterThan(0);
  await onPrimary.end();

  // The primary is lost; the standby is promoted, as the formation's monitor would do.
  primary.kill();
  const lostAt = Date.now();
  standby.promote();

  const during: number[] = [];
  let servedAgainAt = 0;
  while (Date.now() - lostAt < 60_000) {
    const id = await fileAndCancel(cookie, during);
    if (id !== null) {
      acknowledged.push(id);
      servedAgainAt ||= Date.now();
      if (during.filter((s) => s === 201).length >= 3) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const unavailableSeconds = (servedAgainAt - lostAt) / 1000;
  console.log(
    JSON.stringify({
      unavailableSeconds,
      refused: during.filter((s) => s === 503).length,
      answered: during.length,
    }),
  );
  expect(servedAgainAt, "writes served again").toBeGreaterThan(0);
  expect(unavailableSeconds).toBeLessThanOrEqual(30);
  // Meanwhile: the product's 503, never a 500 or a dropped connection.
  expect(during.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);

  // Every acknowledged write is on the new primary.
  const promoted = postgres(standby.url, { max: 1, onnotice: () => {} });
  const rows = await promoted<
    { id: number }[]
  >`select id from advance_requests where id in ${promoted(acknowledged)}`;
  await promoted.end();
  expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
    [...acknowledged].sort((a, b) => a - b),
  );
  // The same two worker processes did it all.
  expect(server.child.exitCode).toBeNull();
  expect(server.output()).not.toContain("worker exited");
});
