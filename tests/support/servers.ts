import net from "node:net";

// Addresses the tests and benches give the servers they start.

/** A PostgreSQL server's URL naming another database on it. */
export function withDatabase(server: string, database: string): string {
  const parsed = new URL(server);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A TCP port nothing listens on now, on 127.0.0.1 (the system picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
