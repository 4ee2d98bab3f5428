// DATABASE_URL as PostgreSQL's own clients read it, including the multi-host form a
// high-availability formation prints (`pg_autoctl show uri`):
//   postgres://user:password@host1:6001,host2:6002/db?target_session_attrs=read-write
// WHATWG's URL parser (and so zod's `.url()`) refuses the comma-separated hosts; this module
// reads them.

export type DatabaseHost = { host: string; port: number };

export type DatabaseUrl = {
  hosts: DatabaseHost[];
  user: string;
  password: string;
  database: string;
  params: URLSearchParams;
};

const PATTERN =
  /^(postgres(?:ql)?):\/\/(?:([^@/]*)@)?([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/;

/** The parts of a postgres:// URL with one host or several; null when it is not one. */
export function parseDatabaseUrl(url: string): DatabaseUrl | null {
  const match = PATTERN.exec(url.trim());
  if (!match) return null;
  const [, , auth = "", hostList, path = "", query = ""] = match;
  const hosts: DatabaseHost[] = [];
  for (const part of hostList.split(",")) {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(part);
    const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(part);
    const found = bracketed ?? plain;
    if (!found) return null;
    const port = found[2] ? Number(found[2]) : 5432;
    if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
    hosts.push({ host: found[1], port });
  }
  if (hosts.length === 0) return null;
  const [user = "", password = ""] = auth.split(":");
  return {
    hosts,
    user: decodeURIComponent(user),
    password: decodeURIComponent(password),
    database: decodeURIComponent(path.replace(/^\//, "")),
    params: new URLSearchParams(query),
  };
}

/** True for a postgres:// or postgresql:// URL with one or more hosts. */
export function isDatabaseUrl(url: string): boolean {
  return parseDatabaseUrl(url) !== null;
}

/**
 * The URL postgres.js is given. With several hosts it must find the primary: postgres.js 3.4
 * answers `read-write` from `default_transaction_read_only`, which a PostgreSQL 15 hot standby
 * reports as off, so a read-write request can land on a standby; `primary` asks
 * `pg_is_in_recovery()` and is what `read-write` means here.
 */
export function urlForPostgresJs(url: string): string {
  const parsed = parseDatabaseUrl(url);
  if (!parsed || parsed.hosts.length < 2) return url;
  const wanted = parsed.params.get("target_session_attrs");
  if (wanted !== null && wanted !== "read-write") return url;
  parsed.params.set("target_session_attrs", "primary");
  return `${url.split("?")[0]}?${parsed.params.toString()}`;
}
