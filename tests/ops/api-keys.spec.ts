import { expect, test } from "@playwright/test";
import postgres from "postgres";
import {
  POSTGRES_SERVER_URL,
  skipWithoutPostgresServer,
} from "./support/postgres";
import { login, startServer, type RunningServer } from "./support/server";

// API keys and idempotent writes over real HTTP, through two app instances over one
// PostgreSQL database (as behind a load balancer): the per-key rate limit and the
// Idempotency-Key hold across both, because both live in the database.
test.describe.configure({ mode: "serial" });

skipWithoutPostgresServer();

const DB = "ga_ops_api_keys";
let first: RunningServer;
let second: RunningServer;
let secret: string;

function dbUrl() {
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${DB}`;
  return url.toString();
}

test.beforeAll(async () => {
  const admin = postgres(POSTGRES_SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.unsafe(`create database ${DB}`);
  await admin.end();
  const env = { DATABASE_URL: dbUrl(), API_KEY_RATE_LIMIT: "20" };
  first = await startServer(3197, env);
  second = await startServer(3198, { ...env, SEED_DEMO: "false" });
  const cookie = await login(first.url, "employer");
  const created = await fetch(`${first.url}/api/api-keys`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "ops",
      scopes: ["employees:read", "employees:write"],
    }),
  });
  expect(created.status).toBe(201);
  secret = ((await created.json()) as { key: string }).key;
});

test.afterAll(async () => {
  await first?.stop();
  await second?.stop();
  const admin = postgres(POSTGRES_SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.end();
});

test("10 concurrent identical POSTs with one Idempotency-Key, spread over both instances, act once", async () => {
  const email = `ops-${Date.now()}@example.com`;
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      fetch(`${(i % 2 ? second : first).url}/api/invitations`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${secret}`,
          "Content-Type": "application/json",
          "Idempotency-Key": `invite-${email}`,
        },
        body: JSON.stringify({ email, firstName: "Ops", lastName: "Twice" }),
      }),
    ),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
  for (const r of responses) expect(r.headers.get("set-cookie")).toBeNull();
  const bodies = new Set(await Promise.all(responses.map((r) => r.text())));
  expect(bodies.size).toBe(1);
  const list = (await (
    await fetch(`${second.url}/api/invitations`, {
      headers: { Authorization: `Bearer ${secret}` },
    })
  ).json()) as Array<{ email: string }>;
  expect(list.filter((i) => i.email === email)).toHaveLength(1);
});

test("the per-key rate limit is shared by both instances (429 with Retry-After)", async () => {
  const statuses: number[] = [];
  let retryAfter = "";
  for (let i = 0; i < 14; i++) {
    const res = await fetch(`${(i % 2 ? second : first).url}/api/employees`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    statuses.push(res.status);
    if (res.status === 429) retryAfter = res.headers.get("retry-after") ?? "";
    await res.arrayBuffer();
  }
  // 20 per window across both instances: the first test's 11 requests counted too, so at most
  // 9 of these pass and the rest are 429 on either instance.
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(9);
  expect(statuses.slice(-2)).toEqual([429, 429]);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});
