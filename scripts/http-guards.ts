// What the production server checks before a request reaches Remix, and what it adds to every
// personal response. Kept apart from scripts/server.ts so each guard can be tested on its own
// (tests/integration/web/http-guards.test.ts) and against the real server (tests/ops/http-guards.spec.ts).
import type { ServerResponse } from "node:http";
import type {
  Application,
  NextFunction,
  Request,
  RequestHandler,
  Response,
} from "express";
import onHeaders from "on-headers";

/** A request whose body was refused (413): set by bodyLimit, read by afterBodyLimit. */
type GuardedRequest = Request & { bodyTooLarge?: boolean };

/** A path whose bodies may be larger than the default. */
export type BodyLimitRoute = { path: string; limit: number };

/** Forms and JSON bodies: the same 64 KB the form and JSON readers allow. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** The payment provider's events carry whole objects (the webhook route allows as much). */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;
/** A roster upload: a CSV of at most 5 MB (app/utils/roster-rules.ts) and its form. */
export const ROSTER_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;
export const BODY_LIMITS: BodyLimitRoute[] = [
  { path: "/api/stripe/webhook", limit: WEBHOOK_BODY_LIMIT },
  { path: "/employees/import", limit: ROSTER_BODY_LIMIT },
];

export const BODY_TOO_LARGE = "Request body is too large";
export const CROSS_SITE = "Cross-origin request refused";
export const NOT_JSON = "Content-Type must be application/json";
export const UNKNOWN_HOST = "Unknown host";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const isApi = (req: Request) =>
  req.path === "/api" || req.path.startsWith("/api/");

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A refusal as the caller reads it: JSON for /api, a small readable page for a form. */
export function sendRefusal(
  req: Request,
  res: Response,
  status: number,
  message: string,
): void {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (isApi(req)) {
    res.type("application/json").send(JSON.stringify({ message }));
    return;
  }
  res
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${escapeHtml(message)} | Grocery Advance</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">` +
        `<h1>${escapeHtml(message)}</h1><p>Please go back and try again.</p><p><a href="/">Go to the home page</a></p></body></html>`,
    );
}

/**
 * Counts the bytes of a request body as they arrive and refuses it (413) as soon as the limit
 * is crossed, chunked or not: a declared Content-Length over the limit is refused before a byte
 * is read; otherwise the count happens where Node hands each chunk to the request stream
 * (`push`), so nothing past the limit is ever kept and the body still streams into Remix
 * untouched when it is within the limit.
 */
export function bodyLimit({
  limit = DEFAULT_BODY_LIMIT,
  routes = BODY_LIMITS,
}: {
  limit?: number;
  routes?: readonly BodyLimitRoute[];
} = {}): RequestHandler {
  return (req: GuardedRequest, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // A page's form posted by the browser's router goes to its data URL (single fetch).
    const page = req.path.replace(/\.data$/, "");
    const max = routes.find((r) => page === r.path)?.limit ?? limit;
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > max) return tooLarge(req, res);
    let received = 0;
    const push = req.push;
    req.push = function limitedPush(
      this: Request,
      chunk: Buffer | string | null | undefined,
      encoding?: BufferEncoding,
    ) {
      if (chunk === null || chunk === undefined)
        return push.call(this, chunk, encoding);
      if (req.bodyTooLarge) return true; // discarded: never buffered
      received += chunk.length;
      if (received > max) {
        tooLarge(req, res);
        return true;
      }
      return push.call(this, chunk, encoding);
    };
    next();
  };
}

/** How long a refused body is still read (and thrown away) so the client sees the 413. */
export const LINGER_MS = 5_000;

function tooLarge(req: GuardedRequest, res: Response): void {
  req.bodyTooLarge = true;
  if (!res.headersSent) sendRefusal(req, res, 413, BODY_TOO_LARGE);
  // A client still uploading would get a broken pipe instead of the answer if the socket closed
  // at once. As a proxy's "lingering close" does, the rest is read and thrown away (nothing is
  // kept), and the connection is cut if the body has not ended within LINGER_MS.
  if (req.complete) return;
  const socket = req.socket;
  const timer = setTimeout(() => socket?.destroy(), LINGER_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  socket?.once("close", () => clearTimeout(timer));
  req.resume();
}

/**
 * Wraps the Remix handler: once a body has been refused, whatever the handler still does with
 * it (its read fails) is not an error of the server.
 */
export function afterBodyLimit(handler: RequestHandler): RequestHandler {
  return (req: GuardedRequest, res: Response, next: NextFunction) =>
    handler(req, res, (error?: unknown) => {
      if (req.bodyTooLarge) return;
      next(error);
    });
}

function hostOf(text: string): string | null {
  try {
    return new URL(text).host;
  } catch {
    return null;
  }
}

/**
 * CSRF defence on top of SameSite=Lax, for every non-GET request. A browser tells where a
 * request comes from: `Sec-Fetch-Site` (cross-site and same-site are refused: the app lives on
 * one origin, and a sibling subdomain is not trusted, see docs/decisions), `Origin` (must be
 * this host; "null" is refused), and, when there is no Origin, `Referer` (must be this host).
 * A request with none of them is an outside API caller or the provider's webhook (checked by
 * its signature), and goes on.
 */
export function sameOriginOnly(app: Application): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = (req.get("sec-fetch-site") ?? "").toLowerCase();
    if (site === "cross-site" || site === "same-site")
      return sendRefusal(req, res, 403, CROSS_SITE);
    const host =
      req.get("x-forwarded-host") && app.get("trust proxy")
        ? req.get("x-forwarded-host")
        : req.get("host");
    const origin = req.get("origin");
    if (origin !== undefined) {
      if (hostOf(origin) !== host)
        return sendRefusal(req, res, 403, CROSS_SITE);
      return next();
    }
    const referer = req.get("referer");
    if (referer !== undefined && hostOf(referer) !== host)
      return sendRefusal(req, res, 403, CROSS_SITE);
    next();
  };
}

/**
 * The host names this server answers to: APP_URL's, the loopback names, and ALLOWED_HOSTS
 * (comma-separated; a name that starts with a dot also matches its subdomains, as Django's
 * ALLOWED_HOSTS does).
 */
export function allowedHostNames(
  environment: {
    APP_URL?: string;
    ALLOWED_HOSTS?: string;
    [name: string]: string | undefined;
  } = process.env,
): string[] {
  const names = ["localhost", "127.0.0.1", "[::1]"];
  if (environment.APP_URL) {
    try {
      names.push(new URL(environment.APP_URL).hostname.toLowerCase());
    } catch {
      // the environment check names a bad APP_URL at start-up
    }
  }
  for (const name of (environment.ALLOWED_HOSTS ?? "").split(",")) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed) names.push(trimmed);
  }
  return names;
}

function hostMatches(host: string, names: readonly string[]): boolean {
  return names.some((name) =>
    name.startsWith(".")
      ? host === name.slice(1) || host.endsWith(name)
      : host === name,
  );
}

/**
 * A request whose Host (X-Forwarded-Host only with TRUST_PROXY, as Express's req.hostname
 * reads it) is not one of ours is refused with 400 before anything runs, so no page, redirect
 * or log is ever built around a host an attacker chose. The health
 * probes answer any host: load balancers call them by the instance's address.
 */
export function knownHostsOnly(
  names: readonly string[] = allowedHostNames(),
): RequestHandler {
  return (req, res, next) => {
    if (req.path === "/healthz" || req.path === "/readyz") return next();
    const host = (req.hostname ?? "").toLowerCase();
    const forwarded = req.get("x-forwarded-host");
    if (
      host &&
      hostMatches(host, names) &&
      (forwarded === undefined || forwardedHostIsOurs(forwarded, names))
    )
      return next();
    sendRefusal(req, res, 400, UNKNOWN_HOST);
  };
}

/**
 * An X-Forwarded-Host, trusted or not, must name one of our hosts, each of its comma-separated
 * entries a plain host with an optional port (1–65535): Remix's Express adapter takes the port
 * of the request's URL from it even when Express ignores the header, so a forwarded host like
 * `localhost:70000` would otherwise make an invalid URL and a 500 (decision 0134).
 */
function forwardedHostIsOurs(value: string, names: readonly string[]) {
  return value.split(",").every((entry) => {
    const text = entry.trim();
    if (!text || /[/?#@\\\s]/.test(text)) return false;
    let url: URL;
    try {
      url = new URL(`http://${text}`);
    } catch {
      return false;
    }
    return hostMatches(url.hostname.toLowerCase(), names);
  });
}

/**
 * A JSON endpoint that is sent a body must be told it is JSON (415 otherwise), so a cross-site
 * "simple" form post (text/plain, urlencoded, multipart) can never reach one. A bodiless post
 * (logout, approve) is unaffected.
 */
export function jsonBodiesOnly(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !isApi(req)) return next();
    const hasBody =
      req.get("transfer-encoding") !== undefined ||
      Number(req.get("content-length") ?? "0") > 0;
    if (!hasBody) return next();
    const type = (req.get("content-type") ?? "")
      .split(";")[0]
      .trim()
      .toLowerCase();
    if (type === "application/json") return next();
    sendRefusal(req, res, 415, NOT_JSON);
  };
}

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Personal responses must not be kept by a browser or a proxy: everything answered to a
 * request that carries a session cookie (pages, `.data` loader data, CSV, /api), every /api
 * response, and every response that sets the session cookie. Static files are served before
 * this runs and keep their own caching; a response that declares itself public (the OpenAPI
 * document) keeps that; an event stream keeps `no-transform`.
 */
export function privateNoStore({
  cookieName = "__session",
}: { cookieName?: string } = {}): RequestHandler {
  const marker = `${cookieName}=`;
  return (req, res, next) => {
    const signedIn = (req.get("cookie") ?? "")
      .split(";")
      .some((part) => part.trim().startsWith(marker));
    onHeaders(res, function applyNoStore(this: ServerResponse) {
      const current = String(this.getHeader("Cache-Control") ?? "");
      if (/\bpublic\b/i.test(current) && !signedIn) return;
      const setsSession = [this.getHeader("Set-Cookie") ?? []]
        .flat()
        .some((c) => String(c).startsWith(marker));
      if (!signedIn && !setsSession && !isApi(req)) return;
      this.setHeader(
        "Cache-Control",
        /no-transform/i.test(current)
          ? `${PRIVATE_NO_STORE}, no-transform`
          : PRIVATE_NO_STORE,
      );
    });
    next();
  };
}
