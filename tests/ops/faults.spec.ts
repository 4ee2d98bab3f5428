import { expect, test } from "@playwright/test";
import { createCluster, type PrivateCluster } from "./support/postgres";
import { login, startServer, type RunningServer } from "./support/server";

test.describe.configure({ mode: "serial" });

let cluster: PrivateCluster;
let server: RunningServer;

test.beforeAll(async () => {
  cluster = createCluster(5499);
  cluster.start();
  server = await startServer(3194, { DATABASE_URL: cluster.url });
});

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

test("a server killed with SIGKILL under a write load loses no acknowledged write", async () => {
  const acknowledged: string[] = [];
  let stop = false;
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const username = `load_${w}_${i}_${Date.now()}`;
      try {
        const res = await fetch(`${server.url}/api/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            username,
            password: "hunter22",
            firstName: "Load",
            lastName: "Test",
            email: "load@example.com",
            role: "EMPLOYEE",
          }),
        });
        if (res.status === 201) acknowledged.push(username);
      } catch {
        return; // the server is gone
      }
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  await expect
    .poll(() => acknowledged.length, { timeout: 20_000 })
    .toBeGreaterThan(20);
  server.child.kill("SIGKILL");
  stop = true;
  await Promise.all(workers);
  expect(await server.exited).toBeNull();

  server = await startServer(3194, { DATABASE_URL: cluster.url });
  const { connectPostgres } = await import("../../app/utils/db.server");
  const { checkInvariants } =
    await import("../../app/models/invariants.server");
  const conn = connectPostgres(cluster.url, 1);
  try {
    if (conn.kind !== "postgres") throw new Error("expected PostgreSQL");
    const rows = await conn.client<{ username: string }[]>`
      select username from users where username = any(${acknowledged})`;
    expect(rows.length).toBe(acknowledged.length);
    expect(await checkInvariants(conn.db)).toEqual([]);
  } finally {
    if (conn.kind === "postgres") await conn.client.end();
  }
});
