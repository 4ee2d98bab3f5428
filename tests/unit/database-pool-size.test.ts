import {
  closeConnection,
  connection,
  setConnection,
  type Connection,
} from "~/utils/db.server";
import { env, resetEnvCache } from "~/utils/env.server";

// DATABASE_POOL_SIZE: how many connections each server process keeps to PostgreSQL for
// requests. postgres.js connects only when a query is sent, so the pool's
// size is read here without a server.

const KEYS = ["DATABASE_URL", "DATABASE_POOL_SIZE"] as const;
const saved: Record<string, string | undefined> = {};
let previous: Connection | undefined;

beforeEach(() => {
  for (const key of KEYS) saved[key] = process.env[key];
  previous = global.__gaConnection;
  setConnection(undefined);
});

afterEach(async () => {
  await closeConnection();
  setConnection(previous);
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
});

function pool(): number {
  const conn = connection();
  if (conn.kind !== "postgres") throw new Error("expected PostgreSQL");
  return conn.client.options.max;
}

test("each server process keeps 10 connections unless told otherwise", () => {
  process.env.DATABASE_URL = "postgres://app@127.0.0.1:1/none";
  delete process.env.DATABASE_POOL_SIZE;
  resetEnvCache();
  expect(pool()).toBe(10);
});

test("DATABASE_POOL_SIZE sets the pool of each server process", () => {
  process.env.DATABASE_URL = "postgres://app@127.0.0.1:1/none";
  process.env.DATABASE_POOL_SIZE = "4";
  resetEnvCache();
  expect(pool()).toBe(4);
});

test.each(["0", "101", "four", "2.5"])(
  "DATABASE_POOL_SIZE=%s is refused at start with the variable's name",
  (value) => {
    process.env.DATABASE_POOL_SIZE = value;
    resetEnvCache();
    expect(() => env()).toThrow(/Invalid environment: DATABASE_POOL_SIZE/);
  },
);
