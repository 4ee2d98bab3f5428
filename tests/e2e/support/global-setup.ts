import fs from "node:fs";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { connectPostgres, migrate, PGLITE_OPTIONS } from "~/utils/db.server";
import { serveEmbeddedPostgres } from "./embedded-postgres";
import { withDatabase } from "#tests/support/servers";

export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdef";

// The production server's start (the build's import, its pools, the job runner) took over 30 s
// once on a loaded two-core machine while the rest of `npm test` ran beside it. Waiting longer
// costs nothing when it is fast; a server that exits is reported at once (below).
async function waitFor(url: string, child: ChildProcess, ms = 120_000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** Whether a PostgreSQL server answers at `url` (within two seconds). */
async function reachable(url: string): Promise<boolean> {
  const probe = postgres(url, {
    max: 1,
    connect_timeout: 2,
    onnotice: () => {},
  });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
}

type RunDatabase = { url: string; drop: () => Promise<void> };

/** A fresh database ga_e2e_<port> on the PostgreSQL server. */
async function serverDatabase(
  server: string,
  port: number,
): Promise<RunDatabase> {
  const name = `ga_e2e_${port}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(server, name),
    drop: async () => {
      const cleanup = postgres(server, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** An in-memory PGlite served over the wire protocol (support/embedded-postgres.ts). */
async function embeddedDatabase(): Promise<RunDatabase> {
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  const served = await serveEmbeddedPostgres(pglite);
  return {
    url: served.url,
    drop: async () => {
      await served.close();
      await pglite.close();
    },
  };
}

/**
 * A fresh database for the run, migrated, and the production build served on E2E_PORT against
 * it. Tests create their data through the models over the same database (support/fixtures.ts).
 * The database is on the PostgreSQL server (E2E_DATABASE_URL / TEST_DATABASE_URL, or the local
 * one); when none answers there, or E2E_DATABASE=embedded, it is an embedded PGlite that the
 * server and the fixtures reach by URL. E2E_POSTGRES_URL tells the tests which it was.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3199);
  const server =
    process.env.E2E_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    "postgres://postgres@127.0.0.1:5432/postgres";
  const embedded =
    process.env.E2E_DATABASE === "embedded" || !(await reachable(server));
  if (embedded && process.env.E2E_DATABASE !== "embedded")
    console.log(
      `No PostgreSQL server at ${redact(server)}: the end-to-end tests run on the embedded database (PGlite).`,
    );
  const database = embedded
    ? await embeddedDatabase()
    : await serverDatabase(server, port);
  const url = database.url;
  const conn = connectPostgres(url, 1);
  await migrate(conn);
  if (conn.kind === "postgres") await conn.client.end();

  process.env.E2E_APP_DATABASE_URL = url;
  process.env.E2E_POSTGRES_URL = embedded ? "" : server;
  process.env.SESSION_SECRET = E2E_SESSION_SECRET;

  const root = path.resolve(import.meta.dirname, "../../..");
  // The server's request log goes to a file the tests can read (what must never be logged).
  const logDir = path.join(root, "tests/.tmp");
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `e2e-server-${port}.log`);
  const log = fs.openSync(logFile, "w");
  process.env.E2E_SERVER_LOG = logFile;
  const child = spawn(process.execPath, ["build/scripts/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: url,
      SESSION_SECRET: E2E_SESSION_SECRET,
      SEED_DEMO: "false",
      LOGIN_MAX_FAILURES: "50",
      REGISTER_MAX_PER_ADDRESS: "500",
      // The webhook tests' receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      // One session underneath: more worker processes would only queue for it.
      ...(embedded ? { WEB_CONCURRENCY: "1" } : {}),
    },
    stdio: ["ignore", log, "inherit"],
  });
  try {
    await waitFor(`http://localhost:${port}/healthz`, child);
  } catch (error) {
    // A server that never answered must not outlive the run: it holds the run's stderr, and a
    // parent waiting for that pipe to close (run-p in npm test) would wait for ever.
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    fs.closeSync(log);
    await database.drop();
    throw error;
  }

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.closeSync(log);
    fs.rmSync(logFile, { force: true });
    await database.drop();
  };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
