import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { connectPostgres, migrate } from "../../../app/utils/db.server";

export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdef";

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function waitFor(url: string, child: ChildProcess, ms = 30_000) {
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

/**
 * A fresh PostgreSQL database for the run (E2E_DATABASE_URL / TEST_DATABASE_URL server, or the
 * local one), migrated, and the production build served on E2E_PORT against it. Tests create
 * their data through the models over the same database (support/fixtures.ts).
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3199);
  const server =
    process.env.E2E_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `ga_e2e_${port}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = withDatabase(server, name);
  const conn = connectPostgres(url, 1);
  await migrate(conn);
  if (conn.kind === "postgres") await conn.client.end();

  process.env.E2E_APP_DATABASE_URL = url;
  process.env.SESSION_SECRET = E2E_SESSION_SECRET;

  const root = path.resolve(import.meta.dirname, "../../..");
  const child = spawn(process.execPath, ["scripts/server.js"], {
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
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`http://localhost:${port}/healthz`, child);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    const cleanup = postgres(server, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
