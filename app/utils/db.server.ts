import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import postgres from "postgres";
import * as schema from "#db/schema";
import { onDatabaseNotice } from "./database-notices.server";
import { env } from "./env.server";
import { urlForPostgresJs } from "./database-url";
import { AsyncLocalStorage } from "node:async_hooks";
import {
  AppError,
  isTransactionConflict,
  TRANSACTION_CONFLICT,
} from "./errors";
import { jobQueuePool } from "./primary-pool.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what a query helper needs. */
export type Executor = Database | Tx;

export type Connection =
  | { kind: "pglite"; db: Database; client: PGlite }
  | { kind: "postgres"; db: Database; client: postgres.Sql; url: string };

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

declare global {
  // One connection per process, kept across dev-server rebuilds.
  var __gaConnection: Connection | undefined;
}

/** Statements with more parameters than this (bulk inserts) are not kept prepared. */
const MAX_PREPARED_PARAMETERS = 64;

type UnsafeOptions = NonNullable<Parameters<postgres.Sql["unsafe"]>[2]>;

/**
 * The client drizzle is given: every statement it sends is a named prepared statement, kept
 * per connection by postgres.js, so PostgreSQL parses and plans it once per connection and
 * later runs are one round trip (Bind/Execute) instead of two (Parse/Describe, then
 * Bind/Execute). drizzle asks postgres.js for unnamed statements unless a query is given a
 * name; this wrapper asks for prepared ones, inside transactions and savepoints too.
 */
function preparing<T extends postgres.Sql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe")
        return (query: string, args?: unknown[], options?: UnsafeOptions) =>
          target.unsafe(query, args as never, {
            ...options,
            prepare: (args?.length ?? 0) <= MAX_PREPARED_PARAMETERS,
          });
      if (property === "begin" || property === "savepoint")
        return (...args: unknown[]) => {
          const callback = args.pop() as (sql: postgres.Sql) => unknown;
          const method = Reflect.get(target, property, target) as (
            ...a: unknown[]
          ) => unknown;
          return method.call(target, ...args, (sql: postgres.Sql) =>
            callback(preparing(sql)),
          );
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

export function connectPostgres(
  url: string,
  max = 10,
  options: { prepare?: boolean } = {},
): Connection {
  // With several hosts, every connection finds the primary.
  const client = postgres(urlForPostgresJs(url), {
    max,
    // WARNINGs are logged; a commit acknowledged without the standby is counted.
    onnotice: (notice) => onDatabaseNotice("postgres.js", notice),
    // Keep bad-connection failures fast so pages can answer 503 quickly (DESIGN §5).
    connect_timeout: 2,
    idle_timeout: 30,
    // Off behind a pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
    prepare: options.prepare ?? true,
  });
  return {
    kind: "postgres",
    client,
    url,
    db: drizzlePostgres(
      options.prepare === false ? client : preparing(client),
      {
        schema,
      },
    ) as unknown as Database,
  };
}

export function connectPglite(client: PGlite): Connection {
  return {
    kind: "pglite",
    client,
    db: drizzlePglite(client, { schema }) as unknown as Database,
  };
}

/**
 * Options every embedded database is created with: the extensions the migrations use
 * (pg_trgm for the employee search's trigram indexes). PGlite loads an extension only when it
 * is given at creation, so tests that create their own PGlite pass these too.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
} satisfies PGliteOptions;

function openPglite(dataDir: string): PGlite {
  fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  return new PGlite(dataDir, PGLITE_OPTIONS);
}

/** The process-wide connection, created from the environment on first use. */
export function connection(): Connection {
  if (!global.__gaConnection) {
    const {
      DATABASE_URL,
      DATA_DIR,
      DATABASE_PREPARED_STATEMENTS,
      DATABASE_POOL_SIZE,
    } = env();
    global.__gaConnection = DATABASE_URL
      ? connectPostgres(DATABASE_URL, DATABASE_POOL_SIZE, {
          prepare: DATABASE_PREPARED_STATEMENTS === "true",
        })
      : connectPglite(openPglite(path.join(DATA_DIR, "pglite")));
  }
  return global.__gaConnection;
}

/** Tests install their own database (a fresh PGlite or a PostgreSQL database per file). */
export function setConnection(conn: Connection | undefined) {
  global.__gaConnection = conn;
}

export function db(): Database {
  return connection().db;
}

export async function migrate(conn: Connection = connection()) {
  if (conn.kind === "pglite") {
    await migratePglite(conn.db as never, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } else {
    await migratePostgres(conn.db as never, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    // The job queue's own schema (graphile_worker), so a business transaction can add a job
    // from the first request on.
    const { runMigrations, Logger } = await import("graphile-worker");
    const pgPool = jobQueuePool(conn.url, 1);
    try {
      await runMigrations({ pgPool, logger: new Logger(() => () => {}) });
    } finally {
      await pgPool.end();
    }
  }
}

export async function closeConnection() {
  const conn = global.__gaConnection;
  global.__gaConnection = undefined;
  if (!conn) return;
  if (conn.kind === "pglite") await conn.client.close();
  else await conn.client.end({ timeout: 5 });
}

/** Rows of a raw SQL query, whichever driver is underneath. */
export async function queryRows<T>(
  executor: Executor,
  query: Parameters<Database["execute"]>[0],
): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * One transaction of a read and the writes that depend on it, in two round trips to PostgreSQL
 * where a drizzle transaction takes one per statement plus BEGIN and COMMIT: BEGIN is sent with
 * the read, and the writes with COMMIT, pipelined on one reserved connection. `write` gets the
 * read's rows and returns the statements to run (none to just commit); the result holds the
 * first write's rows. When a write fails, PostgreSQL answers the pipelined COMMIT by rolling
 * back, and the error is thrown; any other failure rolls back too. For the path with a deadline,
 * a card purchase decided while the card network waits. PGlite, in this process, runs the
 * same statements as a drizzle transaction.
 */
export function readThenWrite<R, W = unknown>(
  read: SQL,
  write: (rows: R[]) => SQL[],
): Promise<{ read: R[]; written: W[] }> {
  // Pure database work: run again when PostgreSQL aborts it for another transaction's sake.
  return retryOnDeadlock(() => readThenWriteOnce<R, W>(read, write));
}

async function readThenWriteOnce<R, W>(
  read: SQL,
  write: (rows: R[]) => SQL[],
): Promise<{ read: R[]; written: W[] }> {
  const conn = connection();
  if (conn.kind !== "postgres")
    return conn.db.transaction(async (tx) => {
      const rows = await queryRows<R>(tx, read);
      let written: W[] = [];
      for (const [index, statement] of write(rows).entries()) {
        const result = await queryRows<W>(tx, statement);
        if (index === 0) written = result;
      }
      return { read: rows, written };
    });
  const held = await conn.client.reserve();
  const run = <T>(statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    return held.unsafe(query.sql, query.params as never[], {
      prepare: query.params.length <= MAX_PREPARED_PARAMETERS,
    }) as unknown as Promise<T[]>;
  };
  let open = false;
  let commit: Promise<unknown> | undefined;
  try {
    const begin = held.unsafe("begin");
    open = true;
    const reading = run<R>(read);
    const [, rows] = await Promise.all([begin, reading]);
    const writing = write(rows).map((statement) => run<W>(statement));
    commit = held.unsafe("commit");
    const [written] = await Promise.all([
      writing.length ? Promise.all(writing) : Promise.resolve([]),
      commit,
    ]);
    open = false;
    return { read: rows, written: (written[0] ?? []) as W[] };
  } catch (error) {
    // Once COMMIT is sent, PostgreSQL ends the transaction there (a failed one rolls back): a
    // ROLLBACK after it would only draw the warning "there is no transaction in progress".
    if (commit) await commit.catch(() => {});
    else if (open) await held.unsafe("rollback").catch(() => {});
    throw error;
  } finally {
    held.release();
  }
}

/** Does the database answer within 2 seconds? (/readyz) */
export async function readiness(): Promise<boolean> {
  try {
    await Promise.race([
      db().execute(sql`select 1`),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("timeout")), 2000),
      ),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** How many times in all a transaction PostgreSQL aborted for another's sake is run. */
export const TRANSACTION_ATTEMPTS = 4;

/** Effects outside the database already done by the transaction being run (and re-run). */
const retryingRun = new AsyncLocalStorage<Map<string, unknown>>();

/**
 * Runs `work` again when PostgreSQL aborted it for a concurrent transaction's sake: a deadlock
 * (40P01) or a serialization failure (40001). The whole transaction rolled back, so running it
 * again is what PostgreSQL's documentation prescribes; up to `attempts` runs in all, a few
 * milliseconds apart (random, growing), then a 409 with TRANSACTION_CONFLICT, never the raw
 * error. An effect outside the database inside `work` (a provider call) goes through
 * onceAcrossRetries, so a run again does not repeat it.
 */
export async function retryOnDeadlock<T>(
  work: () => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<T> {
  const done = retryingRun.getStore() ?? new Map<string, unknown>();
  for (let attempt = 1; ; attempt++) {
    try {
      return await retryingRun.run(done, work);
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= attempts) {
        const refusal = new AppError(409, TRANSACTION_CONFLICT);
        refusal.cause = error;
        throw refusal;
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.random() * 20 * attempt),
      );
    }
  }
}

/**
 * One transaction, run again when PostgreSQL aborts it for a concurrent one's sake
 * (retryOnDeadlock): what the domain opens its transactions with.
 */
export function transaction<T>(
  work: (tx: Tx) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<T> {
  return retryOnDeadlock(() => db().transaction(work), attempts);
}

/**
 * An effect outside the database (a call to the card provider) made from inside a transaction
 * that may be run again: done once under `key`, its result remembered for the runs that follow.
 * Outside such a transaction it simply runs.
 */
export async function onceAcrossRetries<T>(
  key: string,
  effect: () => Promise<T>,
): Promise<T> {
  const done = retryingRun.getStore();
  if (!done) return effect();
  if (done.has(key)) return done.get(key) as T;
  const result = await effect();
  done.set(key, result);
  return result;
}

/** The advisory lock key instances take while they migrate and seed (any fixed number). */
const STARTUP_LOCK = 7_120_411;

/**
 * Runs `work` (the migrations and the demo seed) while holding a session advisory lock on
 * PostgreSQL, so instances started at the same moment on a new database take turns instead of
 * creating the same tables at once (the second then finds everything done). PGlite has one
 * process by construction.
 */
export async function withStartupLock<T>(
  conn: Connection,
  work: () => Promise<T>,
): Promise<T> {
  if (conn.kind !== "postgres") return work();
  const held = await conn.client.reserve();
  try {
    await held`select pg_advisory_lock(${STARTUP_LOCK})`;
    try {
      return await work();
    } finally {
      await held`select pg_advisory_unlock(${STARTUP_LOCK})`.catch(() => {});
    }
  } finally {
    held.release();
  }
}
