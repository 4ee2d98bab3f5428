// The production server: Express in front of the Remix request handler. It adds what Remix v2
// has no place for: security headers with a per-request CSP nonce, the cross-site, content-type
// and body-size checks and `private, no-store` on personal responses (scripts/http-guards.ts),
// one JSON log line per request, compression that leaves event streams alone, long-lived
// caching of fingerprinted assets, and graceful shutdown.
//
// It runs one worker process per core (node:cluster; WEB_CONCURRENCY sets the number). The
// primary applies the migrations and the demo seed once, then forks the workers, which share
// the listening port and only serve. On the embedded database (no DATABASE_URL) there is one
// process: PGlite's data folder can be opened by one process only. Everything workers must
// agree on already lives in PostgreSQL (sessions and sign-in throttling are tables, live
// events go through LISTEN/NOTIFY), so any worker can serve any request.
//
// `npm run build` compiles it to build/scripts/server.js, which production runs with plain node
// (the container has no tsx); `npm run dev` runs this source through tsx.
import cluster, { type Worker } from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady } from "@remix-run/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import onHeaders from "on-headers";
import {
  afterBodyLimit,
  bodyLimit,
  jsonBodiesOnly,
  knownHostsOnly,
  privateNoStore,
  sameOriginOnly,
} from "./http-guards.js";
import { loadBuild, root, type RequestFacts } from "./server-build.js";

const build = await loadBuild();
const lifecycle = build.entry.module;

/** Worker processes: WEB_CONCURRENCY, else one per core; always 1 on the embedded database. */
function workerCount(): number {
  if (!process.env.DATABASE_URL) return 1;
  const asked = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return os.availableParallelism?.() ?? os.cpus().length;
}

/**
 * A configuration the server cannot run with (lifecycle.startup checks the environment first)
 * stops it with one line that names the variable, not a stack trace.
 */
async function startOrExplain(options?: {
  prepareDatabase?: boolean;
}): Promise<void> {
  try {
    await lifecycle.startup(options);
  } catch (error) {
    const message = (error as Error | undefined)?.message;
    if (!String(message).startsWith("Invalid environment")) throw error;
    console.error(message);
    process.exit(1);
  }
}

if (cluster.isPrimary) {
  // Migrations and the demo seed run once, here, before any worker serves.
  await startOrExplain();
  const workers = workerCount();
  if (workers > 1) {
    await lifecycle.shutdown();
    await runPrimary(workers);
  } else {
    serve();
  }
} else {
  await startOrExplain({ prepareDatabase: false });
  // A worker whose primary is gone (killed) does not linger holding the port.
  process.on("disconnect", () => process.exit(1));
  serve();
}

/** The primary: forks the workers, replaces one that dies, and stops them all on a signal. */
async function runPrimary(workers: number): Promise<void> {
  console.log(
    JSON.stringify({
      level: "info",
      msg: `starting ${workers} workers`,
      pid: process.pid,
    }),
  );
  let stopping = false;
  const fork = () => cluster.fork({ GA_WORKER: "1" });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(
      JSON.stringify({
        level: "error",
        msg: "worker exited; starting another",
        pid: worker.process.pid,
        code,
        signal,
      }),
    );
    setTimeout(fork, 1000);
  });
  for (let i = 0; i < workers; i++) fork();
  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    console.log(
      JSON.stringify({ level: "info", msg: `${signal}: shutting down` }),
    );
    // Each worker shuts down gracefully on its own (in-flight requests finish, event streams
    // end); the primary exits when the last one has, with 0 only if every one did.
    const alive = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined,
    );
    const codes = await Promise.all(
      alive.map(
        (worker) =>
          new Promise<number>((resolve) => {
            if (worker.isDead()) return resolve(0);
            worker.once("exit", (code) => resolve(code ?? 1));
            worker.process.kill(signal);
          }),
      ),
    );
    process.exit(codes.every((code) => code === 0) ? 0 : 1);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** The text of the statement a postgres.js error came from (placeholders, no values). */
function statementOf(error: unknown): string | undefined {
  const query = (error as { query?: unknown } | null)?.query;
  return typeof query === "string" ? query.slice(0, 300) : undefined;
}

/**
 * The last resort, once the server is up: an error that no code awaited (a driver's timer, a
 * background loop) is logged with the time and the database's code, and the process goes on
 * serving; every request still reads the database afresh, and the known sources are handled
 * where they arise (docs/decisions/0072). Before this point a failure still ends the start.
 */
function keepServingThroughStrayErrors() {
  const report = (kind: string) => (error: unknown) => {
    process.stderr.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "error",
        msg: `${kind}; still serving`,
        error: error instanceof Error ? error.message : String(error),
        code: (error as { code?: unknown } | undefined)?.code,
        // postgres.js adds where the statement was made to the stack, and keeps its text
        // (placeholders, no values) on the error: enough to find the code that did not wait.
        query: statementOf(error),
        stack:
          error instanceof Error
            ? error.stack
                ?.split("\n")
                .slice(1, 12)
                .map((line) => line.trim())
                .join(" | ")
            : undefined,
        pid: process.pid,
      }) + "\n",
    );
  };
  process.on("unhandledRejection", report("unhandled rejection"));
  process.on("uncaughtException", report("uncaught exception"));
  // A log stream that fails (EPIPE: whatever read our output has gone) cannot be logged to;
  // unheard, its error would be an uncaught exception whose report is one more failing write,
  // a loop that kept an orphaned server at a third of a core. Its lines are dropped instead.
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", () => {});
}

function serve(): void {
  keepServingThroughStrayErrors();
  const port = Number(process.env.PORT ?? 3000);
  const stripeOn = Boolean(process.env.STRIPE_SECRET_KEY);
  const dev = process.env.NODE_ENV === "development";

  function contentSecurityPolicy(nonce: string): string {
    const stripe = stripeOn
      ? {
          script: " https://js.stripe.com",
          frame: " https://js.stripe.com https://hooks.stripe.com",
          connect: " https://api.stripe.com",
        }
      : { script: "", frame: "", connect: "" };
    return [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${stripe.script}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${stripe.connect}${dev ? " ws:" : ""}`,
      `frame-src${stripe.frame || " 'none'"}`,
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  }

  const app = express();
  app.disable("x-powered-by");
  /**
   * TRUST_PROXY as Express understands it: a hop count ("1"), true/false, or addresses and
   * names ("loopback", "10.0.0.0/8, 127.0.0.1"). Express reads every string as an address list,
   * so "1" would silently trust nothing and "true" would crash the start-up.
   */
  function trustProxySetting(value: string): number | boolean | string {
    const text = value.trim();
    if (/^\d+$/.test(text)) return Number(text);
    if (text === "true") return true;
    if (text === "false") return false;
    return text;
  }
  if (process.env.TRUST_PROXY)
    app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));

  // Request log: one JSON line per request, no cookies, bodies, query strings or card data,
  // and no token: a path that carries one (/join/<token>) is logged redacted.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    // The language the answer is written in: for pages the lng cookie, else Accept-Language
    // (the root loader then applies the signed-in user's saved preference); the JSON API
    // follows Accept-Language alone (app/utils/i18n.server.ts).
    const facts: RequestFacts = {
      userId: null,
      language: lifecycle.requestLanguage(
        req.path.startsWith("/api/") ? null : (req.headers.cookie ?? null),
        req.headers["accept-language"] ?? null,
      ),
    };
    res.on("finish", () => {
      if (req.path.startsWith("/build/")) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      process.stdout.write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "info",
          msg: "request",
          method: req.method,
          path: lifecycle.loggedPath(req.path),
          status: res.statusCode,
          durationMs: Math.round(ms * 10) / 10,
          userId: facts.userId,
          pid: process.pid,
          // The database's own word on a failed request (app/utils/request-context.server.ts).
          ...(facts.dbError
            ? { dbCode: facts.dbError.code, dbMessage: facts.dbError.message }
            : {}),
        }) + "\n",
      );
    });
    // The Remix side records the signed-in user here (app/utils/request-context.server.ts).
    lifecycle.requestContext.run(facts, next);
  });

  // Only our own host names (APP_URL's, localhost, ALLOWED_HOSTS): 400 for any other Host.
  app.use(knownHostsOnly());

  // Pages come compressed whole from the app (app/utils/page-encoding.server.ts), which the
  // middleware passes through; API answers and Remix's data requests are compressed here at the
  // app's brotli settings (quality 3, a 256 KB window). Fingerprinted assets keep the default:
  // they are sent once per browser, then cached.
  const compressible = (req: Request, res: Response): boolean =>
    !String(res.getHeader("Content-Type") ?? "").includes(
      "text/event-stream",
    ) && compression.filter(req, res);
  const compressAssets = compression({ filter: compressible });
  const compressPages = compression({
    filter: compressible,
    brotli: lifecycle.PAGE_BROTLI,
  });
  app.use((req, res, next) =>
    (req.path.startsWith("/build/") ? compressAssets : compressPages)(
      req,
      res,
      next,
    ),
  );

  app.use(
    "/build",
    express.static(path.join(root, "public/build"), {
      immutable: true,
      maxAge: "1y",
    }),
  );
  // The other public files (the favicon) by name: a page request never costs a file lookup.
  const publicDir = path.join(root, "public");
  const publicFiles = new Set(
    fs
      .readdirSync(publicDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const servePublic = express.static(publicDir, {
    maxAge: "1h",
    index: false,
    setHeaders(res, file) {
      // The service worker is checked for a new version on every visit (decision 0115).
      if (path.basename(file) === "sw.js") {
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("Service-Worker-Allowed", "/");
      }
    },
  });
  app.use((req, res, next) =>
    publicFiles.has(req.path) ? servePublic(req, res, next) : next(),
  );

  app.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    // The default referrer policy, unless the page set its own (a page holding a token says
    // no-referrer, decision 0069): decided when the headers are written, since Remix appends.
    onHeaders(res, () => {
      if (!res.getHeader("Referrer-Policy"))
        res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    });
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=()",
    );
    if (req.secure)
      res.setHeader(
        "Strict-Transport-Security",
        "max-age=31536000; includeSubDomains",
      );
    // The address used to throttle sign-ins: always ours, never the client's header.
    req.headers["x-ga-client-address"] =
      req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  // Before Remix: cross-site non-GET requests are refused (403), a JSON endpoint only takes a
  // JSON body (415), every body is counted while it streams and refused past its limit (413),
  // and personal responses are marked `private, no-store` (scripts/http-guards.ts).
  app.use(sameOriginOnly(app));
  app.use(jsonBodiesOnly());
  app.use(bodyLimit());
  app.use(privateNoStore());

  app.all(
    "*",
    afterBodyLimit(
      createRequestHandler({
        build,
        mode: build.mode,
        getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
      }),
    ),
  );

  // The job worker (mail delivery, schedules) runs in this process unless WORKER_IN_APP=false.
  const workerStarted = lifecycle.startWorkerInApp();

  const server = app.listen(port, () => {
    console.log(
      JSON.stringify({
        level: "info",
        msg: `Grocery Advance listening on http://localhost:${port}`,
      }),
    );
    if (dev) broadcastDevReady(build);
  });

  let stopping = false;
  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    console.log(
      JSON.stringify({ level: "info", msg: `${signal}: shutting down` }),
    );
    // Stop accepting, let in-flight requests finish; long-lived event streams are ended by
    // lifecycle.shutdown() (closing every subscription), and idle keep-alive sockets are closed.
    const closed = new Promise<Error | undefined>((resolve) =>
      server.close(resolve),
    );
    await lifecycle.beforeShutdown?.();
    // Keep-alive sockets become idle as their last response ends: close them as they do.
    const sweeper = setInterval(() => server.closeIdleConnections?.(), 100);
    server.closeIdleConnections?.();
    const timer = setTimeout(() => server.closeAllConnections?.(), 10_000);
    await closed;
    clearInterval(sweeper);
    clearTimeout(timer);
    await workerStarted.catch(() => {});
    await lifecycle.stopWorker();
    await lifecycle.shutdown();
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
