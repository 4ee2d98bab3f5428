// One worker process per core (node:cluster): the primary forks them, replaces one that dies,
// and stops them all on a signal. Workers share the listening port and only serve.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import type { ServerSettings } from "../server-build.js";

/** Worker processes: WEB_CONCURRENCY, else one per core; always 1 on the embedded database. */
export function workerCount(settings: ServerSettings): number {
  if (!settings.DATABASE_URL) return 1;
  if (settings.WEB_CONCURRENCY) return settings.WEB_CONCURRENCY;
  return os.availableParallelism?.() ?? os.cpus().length;
}

export async function runPrimary(workers: number): Promise<void> {
  console.log(
    JSON.stringify({
      level: "info",
      msg: `starting ${workers} workers`,
      pid: process.pid,
    }),
  );
  let stopping = false;
  const fork = () => cluster.fork({ GA_WORKER: "1" });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(
      JSON.stringify({
        level: "error",
        msg: "worker exited; starting another",
        pid: worker.process.pid,
        code,
        signal,
      }),
    );
    setTimeout(fork, 1000);
  });
  for (let i = 0; i < workers; i++) fork();
  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    console.log(
      JSON.stringify({ level: "info", msg: `${signal}: shutting down` }),
    );
    // Each worker shuts down gracefully on its own (in-flight requests finish, event streams
    // end); the primary exits when the last one has, with 0 only if every one did.
    const alive = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined,
    );
    const codes = await Promise.all(
      alive.map(
        (worker) =>
          new Promise<number>((resolve) => {
            if (worker.isDead()) return resolve(0);
            worker.once("exit", (code) => resolve(code ?? 1));
            worker.process.kill(signal);
          }),
      ),
    );
    process.exit(codes.every((code) => code === 0) ? 0 : 1);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
