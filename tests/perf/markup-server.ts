// The page's own markup as a floor in `npm run bench`: the employer dashboard exactly as the app
// renders it, with none of the app's work around the render. The app's production build
// (build/index.js) supplies the route modules (the root with its layout, the signed-in layout
// with the sidebar, the dashboard) and its entry (the whole-page render and compression), all
// unchanged, behind the same compression middleware and Remix's Express adapter. What is left
// out is the app's code per request: no session lookup or cookie signature, no guards or
// security headers, no request log, no CSP nonce, no language or toast cookie, no catalogue
// picking. The root's and the layout's loader data, and the dashboard's texts, are read once
// at the start from the running app (single fetch's answer to `/_root.data`, decoded by the
// turbo-stream version Remix uses, with the employer's session cookie); per request the
// dashboard's loader does what the framework's floor does (loadEmployerDashboard), plus the
// app's localizing of why Approve is not offered.
// GET / with the cookie `as=<employer username>`: the page's own URL, so its links, its active
// navigation entry and its forms' return address are the page's, byte for byte but the nonce.
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { decode } from "turbo-stream";
import { createRequestHandler } from "@remix-run/express";
import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { loadEmployerDashboard } from "~/models/reports/index.server";
import { localizeMessage } from "~/utils/i18n.server";
import { PAGE_BROTLI } from "~/utils/page-encoding.server";
import { benchEmployers } from "./bench-employers";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** As long as the app's (16 random bytes in base64), so the page's bytes are the same. */
const NONCE = "bWFya3VwLWZsb29yLW5vbmNl";

const { port, employers } = await benchEmployers();
const app = process.env.MARKUP_APP;
const cookies = JSON.parse(process.env.MARKUP_COOKIES ?? "{}") as Record<
  string,
  string
>;
if (!app) throw new Error("MARKUP_APP (the app server's URL) is required");

type Json = Record<string, unknown>;
const ROUTES = ["root", "routes/_app", "routes/_app._index"] as const;

/** The page's loader data for the signed-in employer, route by route, as the app answers it. */
async function pageData(username: string) {
  const cookie = cookies[username];
  if (!cookie) throw new Error(`no session cookie for ${username}`);
  const res = await fetch(
    `${app}/_root.data?_routes=${encodeURIComponent(ROUTES.join(","))}`,
    { headers: { cookie } },
  );
  if (res.status !== 200 || !res.body)
    throw new Error(`/_root.data for ${username}: ${res.status}`);
  const decoded = await decode(res.body);
  await decoded.done;
  const results = decoded.value as Record<string, { data?: Json }>;
  const data = (route: (typeof ROUTES)[number]) => {
    const result = results[route]?.data;
    if (!result) throw new Error(`/_root.data for ${username}: no ${route}`);
    return result;
  };
  return {
    root: data("root"),
    layout: data("routes/_app"),
    page: data("routes/_app._index"),
  };
}

const read = new Map<string, { root: Json; layout: Json; page: Json }>();
for (const username of employers.keys())
  read.set(username, await pageData(username));

function whose(request: Request) {
  const username =
    /(?:^|;\s*)as=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1] ?? "";
  const user = employers.get(username);
  const data = read.get(username);
  if (!user || !data) throw new Response("Not found", { status: 404 });
  return { user, data };
}

const real = (await import(
  pathToFileURL(path.join(ROOT, "build/index.js")).href
)) as ServerBuild;

/** A route of the app's build with its loader replaced. */
function withLoader(
  id: string,
  loader: (args: LoaderFunctionArgs) => Json | Promise<Json>,
): ServerBuild["routes"][string] {
  const route = real.routes[id];
  if (!route) throw new Error(`the build has no route ${id}`);
  return { ...route, module: { ...route.module, loader } };
}

const build: ServerBuild = {
  ...real,
  routes: {
    ...real.routes,
    root: withLoader("root", ({ request }) => whose(request).data.root),
    "routes/_app": withLoader(
      "routes/_app",
      ({ request }) => whose(request).data.layout,
    ),
    "routes/_app._index": withLoader(
      "routes/_app._index",
      async ({ request }) => {
        const { user, data } = whose(request);
        const language = data.root.language as "en" | "es";
        const employer = await loadEmployerDashboard(user);
        return {
          ...data.page,
          employer: {
            ...employer,
            pendingApprovals: employer.pendingApprovals.map((r) => ({
              ...r,
              blockedReason:
                r.blockedReason && localizeMessage(language, r.blockedReason),
            })),
          },
        };
      },
    ),
  },
};

const server = express()
  .disable("x-powered-by")
  .use(compression({ brotli: PAGE_BROTLI }))
  .all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: () => ({ cspNonce: NONCE }),
    }),
  )
  .listen(port, "127.0.0.1", () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    process.stdout.write(`markup floor listening on ${actual}\n`);
  });
server.keepAliveTimeout = 60_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));
