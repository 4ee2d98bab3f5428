// The raw baselines of `npm run bench`: a bare node:http server with no Remix server, no
// rendering, no guards and no compression: what the database work alone allows.
//
// GET /<employer username>: the employer dashboard's SQL (loadEmployerDashboard, the function
// the page's loader calls) answered as JSON: the dashboard's baseline, and the yardstick the
// bench's "÷ dashboard raw" column and its comparison with earlier runs use.
//
// GET /loader/<page path>: that page's own loader from the production build (build/index.js),
// called alone with the request's cookie, its answer sent as it is (JSON): the page's SQL, its
// session check and its data shaping, without the root's and the layout's loaders, the render
// or anything around them. Each page and JSON endpoint of the bench is measured against its own.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { loadEmployerDashboard } from "~/models/reports/index.server";
import { benchEmployers } from "./bench-employers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { port, employers } = await benchEmployers();
const build = (await import(
  pathToFileURL(path.join(ROOT, "build/index.js")).href
)) as ServerBuild;

/** The bench's pages and endpoints, by path, with the route whose loader answers each. */
const LOADERS: [RegExp, string][] = [
  [/^\/$/, "routes/_app._index"],
  [/^\/approvals$/, "routes/_app.approvals"],
  [/^\/employees$/, "routes/_app.employees._index"],
  [/^\/employees\/(?<id>[^/]+)$/, "routes/_app.employees.$id"],
  [/^\/reports$/, "routes/_app.reports"],
  [/^\/history$/, "routes/_app.history"],
  [/^\/api\/employees$/, "routes/api.employees"],
  [/^\/api\/advance-requests\/pending$/, "routes/api.advance-requests.pending"],
  [/^\/api\/advance-requests\/all$/, "routes/api.advance-requests.all"],
];

async function pageLoader(
  req: http.IncomingMessage,
): Promise<{ status: number; body: string }> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const pathname = url.pathname.slice("/loader".length) || "/";
  const found = LOADERS.map(([pattern, id]) => ({
    match: pattern.exec(pathname),
    id,
  })).find((l) => l.match);
  const loader = found && build.routes[found.id]?.module.loader;
  if (!found || !loader) return { status: 404, body: "" };
  const request = new Request(`http://127.0.0.1${pathname}${url.search}`, {
    headers: { cookie: req.headers.cookie ?? "" },
  });
  try {
    const result = await loader({
      request,
      params: { ...found.match!.groups },
      context: { cspNonce: "" },
    });
    if (result instanceof Response)
      return { status: result.status, body: await result.text() };
    return { status: 200, body: JSON.stringify(result) };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, body: await thrown.text() };
    throw thrown;
  }
}

async function answer(
  req: http.IncomingMessage,
): Promise<{ status: number; body: string }> {
  if ((req.url ?? "").startsWith("/loader")) return pageLoader(req);
  const user = employers.get((req.url ?? "/").slice(1));
  if (!user) return { status: 404, body: "" };
  return {
    status: 200,
    body: JSON.stringify(await loadEmployerDashboard(user)),
  };
}

const server = http.createServer((req, res) => {
  answer(req).then(
    ({ status, body }) => {
      res.writeHead(status, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
      });
      res.end(body);
    },
    (error: unknown) => {
      res.writeHead(500).end(String(error));
    },
  );
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  process.stdout.write(`baseline listening on ${actual}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
