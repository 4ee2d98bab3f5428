import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

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
  const dataDir =
    env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "ga-ops-"));
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
  child.once("exit", () => process.off("exit", orphaned));
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
