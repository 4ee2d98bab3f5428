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
// Each piece is its own module under scripts/server/ and reads the app's validated environment
// (lifecycle.env(), app/utils/env.server.ts), never process.env.
//
// `npm run build` compiles it to build/scripts/server.js, which production runs with plain node
// (the container has no tsx); `npm run dev` runs this source through tsx.
import cluster from "node:cluster";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady } from "@remix-run/node";
import express from "express";
import {
  afterBodyLimit,
  allowedHostNames,
  bodyLimit,
  jsonBodiesOnly,
  knownHostsOnly,
  privateNoStore,
  sameOriginOnly,
} from "./http-guards.js";
import { loadBuild, root } from "./server-build.js";
import { runPrimary, workerCount } from "./server/cluster.js";
import { securityHeaders, trustProxySetting } from "./server/headers.js";
import { requestLog } from "./server/request-log.js";
import { shutDownGracefully } from "./server/shutdown.js";
import {
  buildAssets,
  compressionFor,
  publicFiles,
} from "./server/static-files.js";
import { keepServingThroughStrayErrors } from "./server/stray-errors.js";

const build = await loadBuild();
const lifecycle = build.entry.module;

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
  const workers = workerCount(lifecycle.env());
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

/** One serving process: the middleware in the order a request meets it, then Remix. */
function serve(): void {
  keepServingThroughStrayErrors();
  const settings = lifecycle.env();
  const dev = settings.NODE_ENV === "development";

  const app = express();
  app.disable("x-powered-by");
  if (settings.TRUST_PROXY)
    app.set("trust proxy", trustProxySetting(settings.TRUST_PROXY));

  app.use(requestLog(lifecycle));
  // Only our own host names (APP_URL's, localhost, ALLOWED_HOSTS): 400 for any other Host.
  app.use(
    knownHostsOnly(
      allowedHostNames({
        APP_URL: settings.APP_URL,
        ALLOWED_HOSTS: settings.ALLOWED_HOSTS,
      }),
    ),
  );
  app.use(compressionFor(lifecycle.PAGE_BROTLI));
  app.use("/build", buildAssets(root));
  app.use(publicFiles(root));
  app.use(
    securityHeaders({ stripeOn: Boolean(settings.STRIPE_SECRET_KEY), dev }),
  );

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

  const server = app.listen(settings.PORT, () => {
    console.log(
      JSON.stringify({
        level: "info",
        msg: `Grocery Advance listening on http://localhost:${settings.PORT}`,
      }),
    );
    if (dev) broadcastDevReady(build);
  });
  shutDownGracefully(server, lifecycle, workerStarted);
}
