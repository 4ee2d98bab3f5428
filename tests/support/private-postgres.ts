import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A private PostgreSQL cluster, for tests that must do to a server what would break every other
// test on the machine's shared one: stop it, kill it, give it a standby, change its
// server-wide settings. Built from the installed server binaries (Debian's postgresql), run as
// the `postgres` user because initdb refuses root. Used by the fault tests (tests/ops) and by
// Vitest tests that need such a server.

const BINARIES = "/usr/lib/postgresql";

/** Whether PostgreSQL's server programs are installed (initdb, pg_ctl, pg_basebackup). */
export function postgresBinariesInstalled(): boolean {
  return fs.existsSync(BINARIES) && fs.readdirSync(BINARIES).length > 0;
}

export const POSTGRES_BINARIES = BINARIES;

function binDir(): string {
  const versions = fs.existsSync(BINARIES)
    ? fs.readdirSync(BINARIES).sort()
    : [];
  if (!versions.length)
    throw new Error(`PostgreSQL server binaries not found under ${BINARIES}`);
  return path.join(BINARIES, versions[versions.length - 1], "bin");
}

function asPostgres(bin: string, args: string[]) {
  const cmd = path.join(binDir(), bin);
  if (process.getuid?.() === 0) {
    return execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], {
      stdio: "pipe",
    });
  }
  return execFileSync(cmd, args, { stdio: "pipe" });
}

export type PrivateCluster = {
  url: string;
  start: () => void;
  stop: () => void;
  kill: () => void;
  destroy: () => void;
};

/** A data folder the postgres user owns, in a fresh temporary directory. */
function privateDir(): { dir: string; data: string; log: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ga-pg-"));
  fs.chmodSync(dir, 0o777);
  if (process.getuid?.() === 0)
    execFileSync("chown", ["-R", "postgres:postgres", dir]);
  return { dir, data: path.join(dir, "data"), log: path.join(dir, "log") };
}

/** Start, stop, kill and remove the server of `data` on `port`. */
function control(
  { dir, data, log }: ReturnType<typeof privateDir>,
  port: number,
) {
  const stop = () =>
    asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => {
      asPostgres("pg_ctl", [
        "-D",
        data,
        "-l",
        log,
        "-w",
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
        "start",
      ]);
    },
    stop,
    /** The server gone at once, as when its machine is lost (no shutdown checkpoint). */
    kill: () =>
      asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function createCluster(port: number): PrivateCluster {
  const place = privateDir();
  asPostgres("initdb", [
    "-D",
    place.data,
    "-A",
    "trust",
    "-U",
    "postgres",
    "--no-sync",
  ]);
  return control(place, port);
}

/**
 * A streaming-replication standby of the cluster on `primaryPort` (pg_basebackup -R), served
 * on `port`; `promote()` makes it the primary, as a failover does.
 */
export function createStandby(
  primaryPort: number,
  port: number,
): PrivateCluster & { promote: () => void } {
  const place = privateDir();
  asPostgres("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primaryPort),
    "-U",
    "postgres",
    "-D",
    place.data,
    "-R",
    "-X",
    "stream",
    "--no-sync",
  ]);
  return {
    ...control(place, port),
    promote: () => asPostgres("pg_ctl", ["-D", place.data, "-w", "promote"]),
  };
}
