import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";

// A private PostgreSQL cluster for fault tests: stopping the machine's shared server would
// break every other test. Built from the installed server binaries (Debian's postgresql),
// run as the `postgres` user because initdb refuses root.

const BINARIES = "/usr/lib/postgresql";

function binDir(): string {
  const versions = fs.existsSync(BINARIES)
    ? fs.readdirSync(BINARIES).sort()
    : [];
  if (!versions.length)
    throw new Error(`PostgreSQL server binaries not found under ${BINARIES}`);
  return path.join(BINARIES, versions[versions.length - 1], "bin");
}

/**
 * The PostgreSQL server the end-to-end run found (global setup sets E2E_POSTGRES_URL; empty
 * when it fell back on the embedded database).
 */
export const POSTGRES_SERVER_URL = process.env.E2E_POSTGRES_URL ?? "";

/** Skips the calling file where no PostgreSQL server answered, with the reason in one line. */
export function skipWithoutPostgresServer() {
  test.skip(
    !POSTGRES_SERVER_URL,
    "needs a PostgreSQL server (none answered at E2E_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)",
  );
}

/** Skips the calling file where PostgreSQL's server programs are not installed. */
export function skipWithoutPostgresBinaries() {
  test.skip(
    !fs.existsSync(BINARIES) || fs.readdirSync(BINARIES).length === 0,
    `needs PostgreSQL's server programs under ${BINARIES} (apt-get install postgresql)`,
  );
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
