import { expect, test } from "@playwright/test";
import postgres from "postgres";
import {
  createCluster,
  skipWithoutPostgresBinaries,
  type PrivateCluster,
} from "./support/postgres";
import {
  ackCounts,
  acknowledged,
  company,
  missingAcknowledged,
  moneyLoad,
  post,
} from "./support/load";
import { login, startServer, type RunningServer } from "./support/server";

test.describe.configure({ mode: "serial" });
skipWithoutPostgresBinaries();

// Overridable so a second copy of the repository can run these at the same time.
const PORT = Number(process.env.OPS_FAULTS_PORT ?? 3194);
const PG_PORT = Number(process.env.OPS_FAULTS_PG_PORT ?? 5499);

let cluster: PrivateCluster;
let server: RunningServer;

test.beforeAll(async () => {
  cluster = createCluster(PG_PORT);
  cluster.start();
  server = await startServer(PORT, serverEnv());
});

/** Registration is throttled per address; this file registers far more than a person would. */
function serverEnv() {
  return { DATABASE_URL: cluster.url, REGISTER_MAX_PER_ADDRESS: "100000" };
}

test.afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
});

async function timed<T>(
  run: () => Promise<T>,
): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await run();
  return { value, ms: Date.now() - start };
}

test("with PostgreSQL down, pages answer a friendly 503 and /api a 503 JSON within 2 s, then recover", async () => {
  const cookie = await login(server.url, "alice");
  expect(
    (await fetch(`${server.url}/api/user`, { headers: { Cookie: cookie } }))
      .status,
  ).toBe(200);

  cluster.stop();

  const page = await timed(() =>
    fetch(`${server.url}/history`, { headers: { Cookie: cookie } }),
  );
  expect(page.ms).toBeLessThan(2000);
  expect(page.value.status).toBe(503);
  const html = await page.value.text();
  expect(html).toContain("temporarily unavailable");
  expect(html).not.toMatch(/at .*\.js:\d+/); // no stack trace

  const api = await timed(() =>
    fetch(`${server.url}/api/user`, { headers: { Cookie: cookie } }),
  );
  expect(api.ms).toBeLessThan(2000);
  expect(api.value.status).toBe(503);
  expect(await api.value.json()).toEqual({
    message: expect.stringContaining("temporarily unavailable"),
  });

  const ready = await timed(() => fetch(`${server.url}/readyz`));
  expect(ready.ms).toBeLessThan(2500);
  expect(ready.value.status).toBe(503);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  cluster.start();

  // The same process serves again once the database is back: no restart.
  await expect
    .poll(
      async () =>
        (await fetch(`${server.url}/api/user`, { headers: { Cookie: cookie } }))
          .status,
      {
        timeout: 15_000,
      },
    )
    .toBe(200);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  expect(server.child.exitCode).toBeNull();
});

test("a database that answers as a read-only standby (25006) gives 503s, never a 500 or a crash, logs the code, then serves again", async () => {
  const { employees } = await company(server.url);
  const [ann] = employees;
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  const readOnly = async (on: boolean) => {
    await admin.unsafe(
      `alter system set default_transaction_read_only = ${on ? "on" : "off"}`,
    );
    await admin`select pg_reload_conf()`;
  };
  const fileOne = () =>
    post(
      `${server.url}/api/advance-requests`,
      { amount: "210.00", reason: null, repaymentPeriods: 1 },
      ann,
    );
  try {
    await readOnly(true);
    // What a connection on a standby answers: a write fails with SQLSTATE 25006.
    const refused = await fileOne();
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({
      message: expect.stringContaining("temporarily unavailable"),
    });
    // The same through a page's form: the friendly 503 page, not "Something went wrong".
    const page = await fetch(`${server.url}/request`, {
      method: "POST",
      headers: {
        Cookie: ann,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      // quotedFor: the disclosure the form showed (an amount the page has not quoted gets a
      // review first and writes nothing).
      body: "amount=220&repaymentPeriods=1&terms=on&quotedFor=22000%3A1",
      redirect: "manual",
    });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("temporarily unavailable");
    // The request's log line says when, which route, and the database's own code.
    await expect
      .poll(() =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes('"dbCode":"25006"'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .find((line) => line.path === "/api/advance-requests"),
      )
      .toMatchObject({
        status: 503,
        method: "POST",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        dbMessage: expect.stringContaining("read-only transaction"),
      });
    // Both app processes lived through it (the job worker's loops included).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain("worker exited");
  } finally {
    await readOnly(false);
    await admin.end();
  }
  // Writable again: the same processes serve writes with no restart.
  await expect.poll(async () => (await fileOne()).status).toBe(201);
});

test("a server killed with SIGKILL under the mixed money load loses no acknowledged write", async () => {
  test.setTimeout(240_000);
  // What the server acknowledged before it died: only these must survive, all of them.
  const acked = acknowledged();
  const users: string[] = [];
  let stop = false;
  const ROUNDS = 3;

  const registering = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const username = `load_${w}_${i}_${Date.now()}`;
      try {
        const res = await post(`${server.url}/api/register`, {
          username,
          password: "Basil-Lantern-62",
          firstName: "Load",
          lastName: "Test",
          email: "load@example.com",
          role: "EMPLOYEE",
        });
        if (res.status === 201) users.push(username);
      } catch {
        return; // the server is gone
      }
    }
  };

  // Three times: the mixed money load (support/load.ts: requests, approvals and declines,
  // sandbox checkouts, card authorizations, payroll results) and registrations, SIGKILL
  // mid-write, restart, and check everything acknowledged so far. A new company each round.
  for (let round = 1; round <= ROUNDS; round++) {
    const people = await company(server.url);
    stop = false;
    const seen = { users: users.length, ...ackCounts(acked) };
    const load = moneyLoad(() => [server.url], people, acked);
    const registrations = [registering(0), registering(1)];
    await expect
      .poll(
        () => {
          const n = ackCounts(acked);
          return (
            users.length >= seen.users + 5 &&
            n.filed >= seen.filed + 8 &&
            n.approved >= seen.approved + 4 &&
            n.checkedOut >= seen.checkedOut + 2 &&
            n.authorizations >= seen.authorizations + 2 &&
            n.payrollResults >= seen.payrollResults + 1
          );
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    server.child.kill("SIGKILL");
    stop = true;
    await Promise.all([load.stop(), ...registrations]);
    expect(await server.exited).toBeNull();
    server = await startServer(PORT, serverEnv());
    await expectAllAcknowledged(people.employees[0]);
  }
  console.info(
    `SIGKILL under the mixed money load, ${ROUNDS} rounds: ${users.length} registrations and ` +
      `${JSON.stringify(ackCounts(acked))} acknowledged; all present, invariants hold`,
  );

  async function expectAllAcknowledged(employee: string) {
    const { connectPostgres } = await import("~/utils/db.server");
    const { checkInvariants } = await import("~/models/reports/index.server");
    const conn = connectPostgres(cluster.url, 1);
    try {
      if (conn.kind !== "postgres") throw new Error("expected PostgreSQL");
      const found = await conn.client<{ username: string }[]>`
      select username from users where username = any(${users})`;
      expect(found.length).toBe(users.length);
      expect(await missingAcknowledged(conn.client, acked)).toEqual([]);
      expect(await checkInvariants(conn.db)).toEqual([]);
    } finally {
      if (conn.kind === "postgres") await conn.client.end();
    }
    // And the restarted server serves the employees their requests.
    const mine = await fetch(`${server.url}/api/advance-requests/employee`, {
      headers: { Cookie: employee },
    });
    expect(mine.status).toBe(200);
  }
});
