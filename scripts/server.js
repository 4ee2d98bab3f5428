// The production server: Express in front of the Remix request handler. It adds what Remix v2
// has no place for: security headers with a per-request CSP nonce, the foreign-Origin check,
// one JSON log line per request, compression that leaves event streams alone, long-lived
// caching of fingerprinted assets, and graceful shutdown.
import crypto from "node:crypto";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady } from "@remix-run/node";
import compression from "compression";
import express from "express";

const root = path.resolve(
  path.dirname(url.fileURLToPath(import.meta.url)),
  "..",
);
const BUILD_PATH = path.join(root, "build/index.js");
const build = await import(url.pathToFileURL(BUILD_PATH).href);
const lifecycle = build.entry.module;

await lifecycle.startup();

const port = Number(process.env.PORT ?? 3000);
const stripeOn = Boolean(process.env.STRIPE_SECRET_KEY);
const dev = process.env.NODE_ENV === "development";

function contentSecurityPolicy(nonce) {
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
function trustProxySetting(value) {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "true") return true;
  if (text === "false") return false;
  return text;
}
if (process.env.TRUST_PROXY)
  app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));

// Request log: one JSON line per request, no cookies, bodies or card data.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  const facts = { userId: null };
  res.on("finish", () => {
    if (req.path.startsWith("/build/")) return;
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    process.stdout.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "info",
        msg: "request",
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round(ms * 10) / 10,
        userId: facts.userId,
      }) + "\n",
    );
  });
  // The Remix side records the signed-in user here (app/utils/request-context.server.ts).
  lifecycle.requestContext.run(facts, next);
});

app.use(
  compression({
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").includes(
        "text/event-stream",
      ) && compression.filter(req, res),
  }),
);

app.use(
  "/build",
  express.static(path.join(root, "public/build"), {
    immutable: true,
    maxAge: "1y",
  }),
);
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

app.use((req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
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

// Non-GET requests from a foreign Origin are refused (CSRF defence on top of SameSite=Lax).
// The provider's webhook carries no Origin and is checked by its signature instead.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS")
    return next();
  const origin = req.get("origin");
  if (!origin || origin === "null") {
    if (origin === "null") return refuse(res);
    return next();
  }
  const host =
    req.get("x-forwarded-host") && app.get("trust proxy")
      ? req.get("x-forwarded-host")
      : req.get("host");
  let originHost;
  try {
    originHost = new URL(origin).host;
  } catch {
    return refuse(res);
  }
  if (originHost !== host) return refuse(res);
  next();
});

function refuse(res) {
  res
    .status(403)
    .type("application/json")
    .send(JSON.stringify({ message: "Cross-origin request refused" }));
}

app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

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
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(
    JSON.stringify({ level: "info", msg: `${signal}: shutting down` }),
  );
  // Stop accepting, let in-flight requests finish; long-lived event streams are ended by
  // lifecycle.shutdown() (closing every subscription), and idle keep-alive sockets are closed.
  const closed = new Promise((resolve) => server.close(resolve));
  await lifecycle.beforeShutdown?.();
  // Keep-alive sockets become idle as their last response ends: close them as they do.
  const sweeper = setInterval(() => server.closeIdleConnections?.(), 100);
  server.closeIdleConnections?.();
  const timer = setTimeout(() => server.closeAllConnections?.(), 10_000);
  await closed;
  clearInterval(sweeper);
  clearTimeout(timer);
  await lifecycle.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
