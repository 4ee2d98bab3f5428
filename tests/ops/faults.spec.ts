import { expect, test } from "@playwright/test";
import postgres from "postgres";
import {
  createCluster,
  skipWithoutPostgresBinaries,
  type PrivateCluster,
} from "./support/postgres";
import { company, post } from "./support/load";
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

test("a server killed with SIGKILL under a load of money writes loses no acknowledged write", async () => {
  test.setTimeout(180_000);
  // What the server acknowledged before it died: only these must survive, all of them.
  const ack = {
    users: [] as string[],
    requests: new Map<number, string>(),
    approved: new Set<number>(),
    declined: new Set<number>(),
  };
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
        if (res.status === 201) ack.users.push(username);
      } catch {
        return; // the server is gone
      }
    }
  };

  // Employees ask for advances ($200–$290, 1–3 periods) as fast as the server answers.
  const requesting = async (cookie: string, w: number) => {
    for (let i = 0; !stop; i++) {
      const amount = `${200 + ((w * 7 + i) % 10) * 10}.00`;
      try {
        const res = await post(
          `${server.url}/api/advance-requests`,
          { amount, reason: null, repaymentPeriods: 1 + (i % 3) },
          cookie,
        );
        if (res.status === 201) ack.requests.set(Number(res.json.id), amount);
      } catch {
        return;
      }
    }
  };

  // The employer declines every third pending request and approves the others (declining
  // when the balance no longer covers one, 409), so approvals and declines keep flowing and
  // a declined request frees its employee to ask again.
  const deciding = async (employer: string) => {
    while (!stop) {
      try {
        const pending = (await (
          await fetch(`${server.url}/api/advance-requests/pending`, {
            headers: { Cookie: employer },
          })
        ).json()) as { id: number }[];
        const next = pending[0];
        if (!next) continue;
        const approved =
          next.id % 3 === 0
            ? { status: 0 }
            : await post(
                `${server.url}/api/advance-requests/${next.id}/approve`,
                undefined,
                employer,
              );
        if (approved.status === 200) {
          ack.approved.add(next.id);
          continue;
        }
        const declined = await post(
          `${server.url}/api/advance-requests/${next.id}/decline`,
          { reason: "Over the balance" },
          employer,
        );
        if (declined.status === 200) ack.declined.add(next.id);
      } catch {
        return;
      }
    }
  };

  // Three times: load, SIGKILL mid-write, restart, and check everything acknowledged so far.
  // A new company each round: its employees' $500 balances cover two approvals each.
  for (let round = 1; round <= ROUNDS; round++) {
    const { employer, employees } = await company(server.url);
    stop = false;
    const seen = {
      users: ack.users.length,
      requests: ack.requests.size,
      approved: ack.approved.size,
      declined: ack.declined.size,
    };
    const workers = [
      registering(0),
      registering(1),
      ...employees.map((cookie, w) => requesting(cookie, w)),
      deciding(employer),
    ];
    await expect
      .poll(
        () =>
          ack.users.length >= seen.users + 5 &&
          ack.requests.size >= seen.requests + 10 &&
          ack.approved.size >= seen.approved + 4 &&
          ack.declined.size >= seen.declined + 2,
        { timeout: 30_000 },
      )
      .toBe(true);
    server.child.kill("SIGKILL");
    stop = true;
    await Promise.all(workers);
    expect(await server.exited).toBeNull();
    server = await startServer(PORT, serverEnv());
    await expectAllAcknowledged(employees[0]);
  }
  console.info(
    `SIGKILL under load, ${ROUNDS} rounds: ${ack.users.length} registrations, ` +
      `${ack.requests.size} requests, ${ack.approved.size} approvals, ` +
      `${ack.declined.size} declines acknowledged; all present, invariants hold`,
  );

  async function expectAllAcknowledged(employee: string) {
    const { connectPostgres } = await import("~/utils/db.server");
    const { checkInvariants } = await import("~/models/invariants.server");
    const conn = connectPostgres(cluster.url, 1);
    try {
      if (conn.kind !== "postgres") throw new Error("expected PostgreSQL");
      const users = await conn.client<{ username: string }[]>`
      select username from users where username = any(${ack.users})`;
      expect(users.length).toBe(ack.users.length);

      const ids = [...ack.requests.keys()];
      const rows = await conn.client<
        { id: number; amount: string; status: string; deductions: string }[]
      >`
      select r.id, r.amount::text as amount, r.status,
             coalesce(sum(d.amount), 0)::text as deductions
      from advance_requests r left join payroll_deductions d on d.request_id = r.id
      where r.id = any(${ids}) group by r.id`;
      expect(rows.length).toBe(ids.length);
      for (const row of rows) {
        expect(row.amount).toBe(ack.requests.get(row.id));
        if (ack.approved.has(row.id)) {
          expect(row.status).toBe("APPROVED");
          // Repayment is scheduled when the card is issued; none is issued here.
          expect(row.deductions).toBe("0");
        }
        if (ack.declined.has(row.id)) expect(row.status).toBe("DECLINED");
      }
      // Every acknowledged decision is there, whichever request it was for.
      const decided = await conn.client<{ id: number; status: string }[]>`
      select id, status from advance_requests
      where id = any(${[...ack.approved, ...ack.declined]})`;
      expect(decided.filter((r) => r.status === "APPROVED").length).toBe(
        ack.approved.size,
      );
      expect(decided.filter((r) => r.status === "DECLINED").length).toBe(
        ack.declined.size,
      );
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
