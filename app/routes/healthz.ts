// The process is up (no database call): for liveness probes and Docker's HEALTHCHECK.
export async function loader() {
  return new Response(JSON.stringify({ status: "ok" }), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
    },
  });
}
