// Graceful shutdown of one serving process on SIGTERM or SIGINT: stop accepting, let in-flight
// requests finish, end the event streams, close idle keep-alive sockets, stop the job worker,
// close the database; connections still open after 10 s are closed.
import type { Server } from "node:http";
import type { ServerEntry } from "../server-build.js";

export function shutDownGracefully(
  server: Server,
  lifecycle: Pick<ServerEntry, "beforeShutdown" | "stopWorker" | "shutdown">,
  workerStarted: Promise<void>,
): void {
  let stopping = false;
  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    console.log(
      JSON.stringify({ level: "info", msg: `${signal}: shutting down` }),
    );
    // Long-lived event streams are ended by lifecycle.shutdown() (closing every subscription).
    const closed = new Promise<Error | undefined>((resolve) =>
      server.close(resolve),
    );
    await lifecycle.beforeShutdown?.();
    // Keep-alive sockets become idle as their last response ends: close them as they do.
    const sweeper = setInterval(() => server.closeIdleConnections?.(), 100);
    server.closeIdleConnections?.();
    const timer = setTimeout(() => server.closeAllConnections?.(), 10_000);
    await closed;
    clearInterval(sweeper);
    clearTimeout(timer);
    await workerStarted.catch(() => {});
    await lifecycle.stopWorker();
    await lifecycle.shutdown();
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
