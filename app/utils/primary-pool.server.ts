import pg from "pg";
import { onDatabaseNotice } from "./database-notices.server";
import { parseDatabaseUrl, type DatabaseHost } from "./database-url";

// node-postgres, which graphile-worker (the job queue) and its migrations use, takes one host.
// With a multi-host DATABASE_URL (a high-availability formation) this pool's connections are
// made by a client that first asks each host in turn whether it is the primary
// (`pg_is_in_recovery()`) and connects to the one that is, so after a failover every new
// connection reaches the new primary.

type Base = {
  user: string;
  password: string;
  database: string;
  ssl?: boolean | { rejectUnauthorized: boolean };
};

/** libpq's sslmode as node-postgres's `ssl` (require: encrypted, the certificate not checked). */
function sslFor(mode: string | null): Base["ssl"] {
  if (mode === "require" || mode === "prefer")
    return { rejectUnauthorized: false };
  if (mode === "verify-ca" || mode === "verify-full") return true;
  return undefined;
}

const PROBE_TIMEOUT_MS = 2_000;

/** The host that is the primary now; a connection error when none answers as one. */
async function findPrimary(
  hosts: DatabaseHost[],
  base: Base,
): Promise<DatabaseHost> {
  for (const candidate of hosts) {
    const probe = new pg.Client({
      ...base,
      ...candidate,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    probe.on("error", () => {});
    try {
      await probe.connect();
      const { rows } = await probe.query<{ standby: boolean }>(
        // A standby, or a primary its keeper has made read-only (pg_auto_failover restarts
        // a crashed primary read-only until the monitor has it rejoin as the standby).
        "select pg_is_in_recovery() or current_setting('transaction_read_only') = 'on' as standby",
      );
      if (!rows[0]?.standby) return candidate;
    } catch {
      // this host is down or unreachable: try the next
    } finally {
      await probe.end().catch(() => {});
    }
  }
  throw Object.assign(
    new Error(
      `no primary among ${hosts.map((h) => `${h.host}:${h.port}`).join(", ")}`,
    ),
    { code: "ECONNREFUSED" },
  );
}

/** A pool for the job queue: one host as given, several through findPrimary. */
export function jobQueuePool(url: string, max = 4): pg.Pool {
  const pool = primaryPool(url, max);
  // WARNINGs are logged; a commit acknowledged without the standby is counted.
  pool.on("connect", (client) =>
    client.on("notice", (notice) => onDatabaseNotice("node-postgres", notice)),
  );
  return pool;
}

function primaryPool(url: string, max: number): pg.Pool {
  const parsed = parseDatabaseUrl(url);
  if (!parsed || parsed.hosts.length < 2)
    return new pg.Pool({ connectionString: url, max });
  const base: Base = {
    user: parsed.user,
    password: parsed.password,
    database: parsed.database,
    ssl: sslFor(parsed.params.get("sslmode")),
  };
  const hosts = parsed.hosts;
  class PrimaryClient extends pg.Client {
    // pg.Pool calls connect(callback); code may also await connect().
    connect(): Promise<pg.Client>;
    connect(callback: (error: Error) => void): void;
    connect(callback?: (error: Error) => void): Promise<pg.Client> | void {
      const connected = findPrimary(hosts, base).then((primary) => {
        this.host = primary.host;
        this.port = primary.port;
        return super.connect();
      });
      if (!callback) return connected;
      connected.then(
        () => callback(undefined as unknown as Error),
        (error: Error) => callback(error),
      );
    }
  }
  return new pg.Pool({
    ...base,
    host: hosts[0].host,
    port: hosts[0].port,
    max,
    Client: PrimaryClient as unknown as typeof pg.Client,
  });
}
