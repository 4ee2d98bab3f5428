// Part of `npm run bench`: on a fresh database `ga_bench_api` on the PostgreSQL server,
// (1) the cost of API-key authentication per request: GET /api/employees through its route
// module with a bearer key and with a session cookie, the same number of times each, and
// (2) webhook delivery throughput: events emitted in their transactions, then delivered (signed
// POSTs) to a local HTTP receiver on 127.0.0.1 by concurrent deliveries. Writes its table into
// docs/performance.md between the api-bench markers.
//
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_WRITE_DOC=0   do not rewrite the generated section of docs/performance.md
import { companyOwners } from "~/models/people/index.server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { webhookDeliveries } from "#db/schema";
import {
  createApiKey,
  createWebhookEndpoint,
  deliverWebhook,
  emitWebhook,
} from "~/models/integrations/index.server";

import * as employeesRoute from "~/routes/api.employees";
import {
  closeConnection,
  connectPostgres,
  db,
  migrate,
  setConnection,
} from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createUserSessionHeader } from "~/web/session.server";
import {
  BENCH_SERVER_URL,
  withDatabase,
  createBenchDatabase,
  dropBenchDatabase,
  writeDocSection,
} from "./bench-support";

import { registerUser } from "~/models/companies/index.server";
const DB_NAME = "ga_bench_api";
const REQUESTS = 400;
const EVENTS = 500;
// One endpoint has one delivery in flight at a time (WEBHOOK_IN_FLIGHT_PER_COMPANY and the
// endpoint's lease): a second worker on it is told "busy" and asked again later,
// as the job queue would. So the deliveries go one at a time, as the server sends them.
const CONCURRENCY = 1;

async function timeRequests(make: () => Request): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await employeesRoute.loader({
      request: make(),
      params: {},
      context: {} as AppLoadContext,
    });
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    await res.arrayBuffer();
  }
  return (performance.now() - started) / REQUESTS;
}

async function main() {
  await createBenchDatabase(DB_NAME);
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.API_KEY_RATE_LIMIT = String(REQUESTS * 10);
  process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef";
  resetEnvCache();
  const conn = connectPostgres(withDatabase(BENCH_SERVER_URL, DB_NAME), 10);
  setConnection(conn);
  await migrate(conn);

  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const port = (receiver.address() as AddressInfo).port;

  try {
    const owner = await registerUser({
      role: "EMPLOYER",
      username: "bench_api_owner",
      password: "Pantry-Ledger-58",
      firstName: "Bea",
      lastName: "Bench",
      email: "bea@example.com",
      companyName: "Bench API Co",
    });
    const key = (
      await createApiKey(owner, { name: "bench", scopes: ["employees:read"] })
    ).key;
    const cookie = (
      await createUserSessionHeader(
        new Request("http://localhost:3000/"),
        { userId: owner.id, role: owner.role },
        false,
      )
    ).split(";")[0];
    const at = "http://localhost:3000/api/employees";
    // Warm both paths, then time them alternately twice to even out drift.
    await timeRequests(() => new Request(at, { headers: { Cookie: cookie } }));
    let keyMs = 0;
    let sessionMs = 0;
    for (let round = 0; round < 2; round++) {
      keyMs += await timeRequests(
        () => new Request(at, { headers: { Authorization: `Bearer ${key}` } }),
      );
      sessionMs += await timeRequests(
        () => new Request(at, { headers: { Cookie: cookie } }),
      );
    }
    keyMs /= 2;
    sessionMs /= 2;

    await createWebhookEndpoint(owner, {
      url: `http://127.0.0.1:${port}/hook`,
      events: ["employee.joined"],
    });
    const emitStart = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      await db().transaction(async (tx) => {
        await emitWebhook(tx, owner.companyId, "employee.joined", {
          id: i,
          firstName: "Bench",
          lastName: "Event",
          email: `bench${i}@example.com`,
          department: null,
          availableBalance: "0.00",
        });
      });
    }
    const emitMs = performance.now() - emitStart;
    const rows = await db()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.id);
    for (const r of rows) ids.push(r.id);
    const deliverStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ids.length) {
          const id = ids[next++];
          const outcome = await deliverWebhook(id, companyOwners);
          if (outcome !== "delivered") throw new Error(`${id}: ${outcome}`);
        }
      }),
    );
    const deliverMs = performance.now() - deliverStart;
    if (received !== EVENTS) throw new Error(`received ${received}`);

    const table = [
      "| measure | result |",
      "| --- | ---: |",
      `| GET /api/employees with a session cookie (route module, ${REQUESTS}×2) | ${sessionMs.toFixed(2)} ms/request |`,
      `| GET /api/employees with an API key (lookup, last use, rate-limit upsert) | ${keyMs.toFixed(2)} ms/request |`,
      `| cost of key authentication over a session | ${(keyMs - sessionMs).toFixed(2)} ms/request |`,
      `| webhook events emitted in their transactions (${EVENTS}) | ${((EVENTS * 1000) / emitMs).toFixed(0)} events/s |`,
      `| webhook deliveries to a local receiver, ${CONCURRENCY} at a time (${EVENTS}, signed, each recorded) | ${((EVENTS * 1000) / deliverMs).toFixed(0)} deliveries/s |`,
    ].join("\n");
    console.log(table);
    if (process.env.BENCH_WRITE_DOC !== "0")
      writeDocSection(
        "api-bench",
        "tests/perf/api-bench.ts",
        table,
        "## API keys and webhooks",
      );
  } finally {
    receiver.close();
    await closeConnection();
    await dropBenchDatabase(DB_NAME);
  }
}

await main();
