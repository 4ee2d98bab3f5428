// Where the project is and what the Remix server build gives the production server
// (scripts/server.ts) and the operator commands (scripts/cli.ts). Both run from their source
// through tsx in development and compiled to build/scripts/ by `npm run build` in production,
// so the project root is found by walking up to package.json, not by a fixed "..".
import type { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import type { BrotliOptions } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";

/** Per-request facts the server logs after the response (app/utils/request-context.server.ts). */
export interface RequestFacts {
  userId: number | null;
  /** The database's own word on a failed request. */
  dbError?: { code: string; message: string };
  language?: string;
}

/** The validated environment (app/utils/env.server.ts): what the server's own pieces read. */
export interface ServerSettings {
  NODE_ENV: "development" | "production" | "test";
  PORT: number;
  DATABASE_URL?: string;
  WEB_CONCURRENCY?: number;
  TRUST_PROXY?: string;
  STRIPE_SECRET_KEY?: string;
  APP_URL?: string;
  ALLOWED_HOSTS?: string;
}

/**
 * What the build's entry module (app/entry.server.tsx) exports besides Remix's own handlers:
 * the start-up and shutdown, the per-request context, the in-app job worker and the CLI.
 * tests/unit/server-entry.test.ts checks that app/entry.server.tsx gives all of it.
 */
export interface ServerEntry {
  startup(options?: { prepareDatabase?: boolean }): Promise<void>;
  /** The environment, checked by startup() first. */
  env(): ServerSettings;
  beforeShutdown?(): Promise<void>;
  shutdown(): Promise<void>;
  requestLanguage(cookie: string | null, acceptLanguage: string | null): string;
  /** A request's path as the log may show it: a token-carrying path redacted. */
  loggedPath(path: string): string;
  requestContext: AsyncLocalStorage<RequestFacts>;
  startWorkerInApp(): Promise<void>;
  stopWorker(): Promise<void>;
  cli(argv: string[]): Promise<number>;
  /** How pages and API answers are brotli-compressed (app/utils/page-encoding.server.ts). */
  PAGE_BROTLI: BrotliOptions;
}

export type ProductionBuild = ServerBuild & {
  entry: { module: ServerBuild["entry"]["module"] & ServerEntry };
};

/** The nearest folder at or above `from` that holds package.json. */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`No package.json above ${from}`);
  }
}

export const root = projectRoot(
  path.dirname(url.fileURLToPath(import.meta.url)),
);

/** The Remix server build (`remix build` writes build/index.js). */
export async function loadBuild(): Promise<ProductionBuild> {
  const href = url.pathToFileURL(path.join(root, "build/index.js")).href;
  return (await import(href)) as ProductionBuild;
}
