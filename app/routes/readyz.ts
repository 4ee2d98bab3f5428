import { readiness } from "~/utils/lifecycle.server";

// The database answers: 200, else 503 (load balancers stop sending traffic here).
export async function loader() {
  const ready = await readiness();
  return new Response(
    JSON.stringify({ status: ready ? "ready" : "unavailable" }),
    {
      status: ready ? 200 : 503,
      headers: {
        "Content-Type": "application/json",
        "Cache-Control": "no-store",
      },
    },
  );
}
