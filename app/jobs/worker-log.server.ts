import { Logger } from "graphile-worker";

export function log(
  level: "info" | "warn" | "error",
  msg: string,
  extra: object = {},
) {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...extra,
  });
  if (level === "info") process.stdout.write(line + "\n");
  else process.stderr.write(line + "\n");
}

// graphile-worker's own messages as JSON lines (first line only); its per-job chatter
// (debug/info) is dropped, and so is its "Failed task" line: the job:failed event logs that.
export const workerLogger = new Logger(() => (level, message) => {
  if (
    (level === "error" || level === "warning") &&
    !message.startsWith("Failed task")
  )
    log(
      level === "error" ? "error" : "warn",
      `worker: ${message.split("\n")[0]}`,
    );
});
