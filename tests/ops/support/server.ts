import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "#tests/support/servers";

const root = path.resolve(import.meta.dirname, "../../..");

export type RunningServer = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Starts the production build (`node build/scripts/server.js`) as its own process, as an operator
 * would, on `port`. Without DATABASE_URL it gets a fresh PGlite data folder.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? (await freshDataDir(env));
  let output = "";
  const child = spawn(process.execPath, ["build/scripts/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "ops-session-secret-0123456789abcdef",
      SEED_DEMO: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test that times out may leave its worker before its own clean-up: the server goes too.
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  child.once("exit", () => {
    process.off("exit", orphaned);
    // The folder this helper made goes with its server (41 MB of embedded database).
    if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://localhost:${port}`;
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > 60_000)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A data folder of its own for a server. On the embedded database with the demo company (the
 * usual case), a copy of one migrated and seeded once per build: migrating and seeding PGlite
 * costs a server ~15 s of CPU, and the ops tests start eight of them.
 */
async function freshDataDir(env: Record<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ga-ops-"));
  if (env.DATABASE_URL || env.SEED_DEMO === "false") return dir;
  fs.cpSync(await seededTemplate(), dir, { recursive: true });
  return dir;
}

let template: Promise<string> | undefined;

/** The seeded data folder for this build, made by a server that started on it and stopped. */
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const build = fs.statSync(path.join(root, "build/index.js"));
    const made = path.join(
      os.tmpdir(),
      `ga-ops-seeded-${Math.round(build.mtimeMs)}-${build.size}`,
    );
    if (fs.existsSync(path.join(made, "pglite"))) return made;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ga-ops-seeding-"));
    const server = await startServer(await freePort(), { DATA_DIR: dir });
    const code = await server.stop("SIGTERM");
    if (code !== 0)
      throw new Error(
        `the seeding server exited with ${code}:\n${server.output()}`,
      );
    try {
      // Another worker may have made it first: theirs is as good.
      fs.renameSync(dir, made);
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Earlier builds' folders, unless one is this hour's (another checkout may be using it).
    for (const name of fs.readdirSync(os.tmpdir())) {
      const old = path.join(os.tmpdir(), name);
      if (
        name.startsWith("ga-ops-seeded-") &&
        old !== made &&
        Date.now() - fs.statSync(old).mtimeMs > 3_600_000
      )
        fs.rmSync(old, { recursive: true, force: true });
    }
    return made;
  })();
  return template;
}

/** Signs in through POST /api/login and returns the session cookie pair. */
export async function login(
  url: string,
  username: string,
  password = "password123",
): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok)
    throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}

/**
 * Signs the wage-deduction authorization as the employee does on /profile (a plain form post):
 * every employee signs it before a first advance.
 */
export async function signAuthorization(
  url: string,
  cookie: string,
): Promise<void> {
  const res = await fetch(`${url}/profile`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: url,
      Cookie: cookie,
    },
    body: "intent=sign-authorization",
    redirect: "manual",
  });
  if (res.status >= 400)
    throw new Error(`signing failed: ${res.status} ${await res.text()}`);
}
