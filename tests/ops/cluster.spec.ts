import http from "node:http";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import {
  POSTGRES_SERVER_URL,
  skipWithoutPostgresServer,
} from "./support/postgres";
import { login, startServer } from "./support/server";
import { freePort } from "#tests/support/servers";

// The production server on PostgreSQL runs several worker processes (node:cluster): the
// primary migrates and seeds once, the workers share the port, and SIGTERM stops every worker
// gracefully before the primary exits 0. On the embedded database it stays one process.
test.describe.configure({ mode: "serial" });

const ADMIN_URL = POSTGRES_SERVER_URL;
const DB = "ga_ops_cluster";

function dbUrl() {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  return url.toString();
}

/** One GET on a connection of its own (the cluster hands out connections, not requests). */
function getOnNewConnection(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { Cookie: cookie } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

function requestLines(output: string) {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === "request");
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.beforeAll(async () => {
  if (!POSTGRES_SERVER_URL) return;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.unsafe(`create database ${DB}`);
  await admin.end();
});

test.afterAll(async () => {
  if (!POSTGRES_SERVER_URL) return;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.end();
});

test("two workers serve one port, share sessions, and all stop on SIGTERM", async () => {
  skipWithoutPostgresServer();
  const server = await startServer(await freePort(), {
    DATABASE_URL: dbUrl(),
    WEB_CONCURRENCY: "2",
  });
  // The demo company was seeded once (by the primary), so alice can sign in on any worker.
  const cookie = await login(server.url, "alice");
  const statuses: number[] = [];
  for (let i = 0; i < 16; i++)
    statuses.push(await getOnNewConnection(`${server.url}/api/user`, cookie));
  expect(new Set(statuses)).toEqual(new Set([200]));

  const served = requestLines(server.output()).filter(
    (l) => l.path === "/api/user",
  );
  const pids = [...new Set(served.map((l) => Number(l.pid)))];
  expect(pids).toHaveLength(2);
  expect(pids).not.toContain(server.child.pid);
  expect(server.output()).toContain("starting 2 workers");
  // Migrations ran once: only the primary applies them, no worker failed on a race.
  expect(server.output()).not.toContain("worker exited");

  expect(await server.stop("SIGTERM")).toBe(0);
  for (const pid of pids) expect(alive(pid)).toBe(false);
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
});

test("stays one process on the embedded database, whatever WEB_CONCURRENCY says", async () => {
  const server = await startServer(await freePort(), { WEB_CONCURRENCY: "4" });
  const cookie = await login(server.url, "alice");
  for (let i = 0; i < 4; i++)
    expect(await getOnNewConnection(`${server.url}/api/user`, cookie)).toBe(
      200,
    );
  const pids = new Set(requestLines(server.output()).map((l) => l.pid));
  expect([...pids]).toEqual([server.child.pid]);
  expect(server.output()).not.toContain("workers");
  expect(await server.stop("SIGTERM")).toBe(0);
});
