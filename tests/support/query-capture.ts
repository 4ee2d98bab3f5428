import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import * as schema from "#db/schema";
import {
  connection,
  setConnection,
  type Connection,
  type Database,
} from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { analyze, seedCompany, type CompanyShape } from "#tests/perf/seed";

// The queries a piece of work sends, the plans PostgreSQL picks for them, and a company at
// scale to run them on.

export type CapturedQuery = { sql: string; params: unknown[] };

/** The current connection's client behind a drizzle instance that reports every query. */
function withLogger(conn: Connection, logger: Logger): Connection {
  if (conn.kind === "pglite") {
    return {
      ...conn,
      db: drizzlePglite(conn.client, { schema, logger }) as unknown as Database,
    };
  }
  return {
    ...conn,
    db: drizzlePostgres(conn.client, { schema, logger }) as unknown as Database,
  };
}

/**
 * Runs `work` with every query the app sends recorded (text and parameters), in order. Only
 * queries sent through db() count, which is how every model reads and writes.
 */
export async function captureQueries<T>(
  work: () => Promise<T>,
): Promise<{ result: T; queries: CapturedQuery[] }> {
  const queries: CapturedQuery[] = [];
  const original = connection();
  setConnection(
    withLogger(original, {
      logQuery: (query, params) => queries.push({ sql: query, params }),
    }),
  );
  try {
    const result = await work();
    return { result, queries };
  } finally {
    setConnection(original);
  }
}

export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
};

/** Every node of a plan tree, depth first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/**
 * The plan PostgreSQL picks for a captured query with sequential scans discouraged
 * (`enable_seqscan = off`): a Seq Scan that remains means no index can serve that table.
 */
export async function explain(query: CapturedQuery): Promise<PlanNode> {
  const conn = connection();
  const text = `explain (format json) ${query.sql}`;
  let raw: unknown;
  if (conn.kind === "pglite") {
    const client = conn.client as PGlite;
    raw = await client.transaction(async (tx) => {
      await tx.exec("set local enable_seqscan = off");
      const result = await tx.query<Record<string, unknown>>(
        text,
        query.params as unknown[],
      );
      return result.rows[0];
    });
  } else {
    raw = await conn.client.begin(async (tx) => {
      await tx.unsafe("set local enable_seqscan = off");
      const rows = await tx.unsafe(text, query.params as never[]);
      return rows[0];
    });
  }
  const cell = Object.values(raw as Record<string, unknown>)[0];
  const parsed = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{
    Plan: PlanNode;
  }>;
  return parsed[0].Plan;
}

/** Tables that grow with the company: never read by a sequential scan. */
const BIG_TABLES = [
  "users",
  "employees",
  "advance_requests",
  "payroll_deductions",
  "virtual_cards",
  // The reports' rollup grows with employers, months and employees too (report_deltas is a
  // queue that the readers take whole by design).
  "report_months",
  "report_hours",
  "report_attribution",
];

/** The big tables a plan reads by a sequential scan. */
export function seqScans(plan: PlanNode): string[] {
  return planNodes(plan)
    .filter(
      (node) =>
        node["Node Type"] === "Seq Scan" &&
        BIG_TABLES.includes(node["Relation Name"] ?? ""),
    )
    .map((node) => node["Relation Name"] as string);
}

/** The indexes a plan reads. */
export function indexesUsed(plan: PlanNode): string[] {
  return planNodes(plan)
    .map((node) => node["Index Name"])
    .filter((name): name is string => Boolean(name));
}

let passwordHash: string | undefined;

/** A company written by set-based SQL (tests/perf/seed.ts), then fresh planner statistics. */
export async function seedScale(shape: CompanyShape) {
  passwordHash ??= await hashPassword("bench-password-123");
  const { db } = connection();
  const company = await seedCompany(db, shape, passwordHash);
  await analyze(db);
  return company;
}
