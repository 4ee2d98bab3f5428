import net from "node:net";
import postgres from "postgres";
import { startWorker, stopWorker } from "~/jobs/worker.server";
import {
  connection,
  connectPostgres,
  setConnection,
  type Connection,
} from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";

// A worker asks PostgreSQL for a job; the server locks one and commits, and the connection is
// lost before the answer arrives (a planned failover terminated it in a CI run of the failover
// test). graphile-worker only asks again later; the job stayed locked by that worker, for its
// 4-hour lock timeout. Here a proxy between the worker and PostgreSQL drops the connection at
// exactly that moment, once, and the job must still run within seconds.

const database = useTestDatabase();

/**
 * A TCP proxy to PostgreSQL that, once armed, lets the first request for a job through and,
 * if the server's answer holds a job, closes both sides once the server says it is ready again
 * (so the lock is committed) without passing the answer on.
 */
async function cuttingProxy(target: { host: string; port: number }) {
  const state = { armed: false, cut: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    let watching = false;
    let held = Buffer.alloc(0);
    let sawRow = false;
    client.on("data", (data) => {
      if (state.armed && !watching && data.includes("get_job/")) {
        watching = true;
        sawRow = false;
      }
      upstream.write(data);
    });
    upstream.on("data", (data) => {
      if (!watching) return void client.write(data);
      held = Buffer.concat([held, data]);
      // Server messages: a type byte and a 32-bit length that counts itself.
      let at = 0;
      while (held.length - at >= 5) {
        const length = 1 + held.readInt32BE(at + 1);
        if (held.length - at < length) break;
        const type = String.fromCharCode(held[at]);
        at += length;
        if (type === "D") sawRow = true;
        if (type !== "Z") continue;
        if (sawRow && state.armed) {
          state.armed = false;
          state.cut++;
          client.destroy();
          upstream.destroy();
          return;
        }
        watching = false;
        client.write(held);
        held = Buffer.alloc(0);
        return;
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
    upstream.on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

it.skipIf(!process.env.TEST_DATABASE_URL)(
  "a job locked by a request whose answer was lost runs within seconds",
  async () => {
    const url = new URL(database.url!);
    const proxy = await cuttingProxy({
      host: url.hostname,
      port: Number(url.port || 5432),
    });
    const direct = postgres(database.url!, { max: 1, onnotice: () => {} });
    const before: Connection = connection();
    const viaProxy = new URL(database.url!);
    viaProxy.port = String(proxy.port);
    const app = connectPostgres(viaProxy.toString(), 4);
    setConnection(app);
    try {
      await startWorker({ concurrency: 1, schedules: false });
      // The worker's first requests (nothing to do yet) pass; the one that gets a job is cut.
      await new Promise((resolve) => setTimeout(resolve, 500));
      proxy.state.armed = true;
      const [{ id }] = await direct<{ id: string }[]>`
        select (graphile_worker.add_job('report-rollup-compact', '{}'::json)).id`;
      await expect.poll(() => proxy.state.cut, { timeout: 10_000 }).toBe(1);
      // Locked by a worker that never learnt it has it.
      const [held] = await direct`
        select locked_by from graphile_worker.jobs where id = ${id}`;
      expect(held?.locked_by).toMatch(/^worker-/);
      await expect
        .poll(
          async () =>
            (
              await direct`
                select 1 from graphile_worker.jobs where id = ${id}`
            ).length,
          { timeout: 20_000, interval: 250 },
        )
        .toBe(0);
    } finally {
      await stopWorker();
      setConnection(before);
      if (app.kind === "postgres") await app.client.end({ timeout: 5 });
      await direct.end();
      await proxy.close();
    }
  },
  40_000,
);
