import { workerStatus } from "~/jobs/worker.server";
import { readiness } from "~/server/lifecycle.server";

// The database answers: 200, else 503 (load balancers stop sending traffic here). The job
// queue is reported beside it (this process's worker, e-mails waiting and failed) without
// deciding readiness: a mail server that is down does not take the app out of service.
export async function loader() {
  const ready = await readiness();
  const queue = ready ? await workerStatus().catch(() => null) : null;
  return new Response(
    JSON.stringify({ status: ready ? "ready" : "unavailable", queue }),
    {
      status: ready ? 200 : 503,
      headers: {
        "Content-Type": "application/json",
        "Cache-Control": "no-store",
      },
    },
  );
}
