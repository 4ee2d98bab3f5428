// The framework's floor in `npm run bench`: a bare Remix route that loads and renders the
// employer dashboard's data with none of the app's code around it. Remix's own request handler
// (the Express adapter), a hand-made server build of two routes (a root with <Meta>, <Links>
// and <Scripts>, which serialize the loader data into the page as Remix always does, and one
// page whose loader is loadEmployerDashboard, the function the dashboard's loader and the raw
// baseline call), React's server render of that data as plain tables, and the page compressed
// whole as the app's are (app/utils/page-encoding.server.ts), behind the same compression
// middleware. No session, no layout, no guards, no request log, no
// Tailwind classes: what any Remix page with this data costs. GET /<employer username>.
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type {
  EntryContext,
  LoaderFunctionArgs,
  ServerBuild,
} from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  RemixServer,
  Scripts,
  useLoaderData,
} from "@remix-run/react";
import { loadEmployerDashboard } from "~/models/reports/index.server";
import { renderWholePage } from "~/utils/page-body.server";
import { encodeWholePage, PAGE_BROTLI } from "~/utils/page-encoding.server";
import { benchEmployers } from "./bench-employers";

const { port, employers } = await benchEmployers();

/** The whole page rendered, then sent as one compressed body, as the app's entry.server does. */
async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): Promise<Response> {
  const page = await renderWholePage(
    <RemixServer context={context} url={request.url} />,
    { nonce: "", abortAfterMs: 5_000 },
  );
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(encodeWholePage(request, page.body, headers), {
    headers,
    status: page.errored ? 500 : status,
  });
}

function Root() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** Any value of the data: a table for a list of rows, a list of fields for an object. */
function Value({ value }: { value: unknown }) {
  if (Array.isArray(value))
    return (
      <table>
        <tbody>
          {value.map((row, i) => (
            <tr key={i}>
              {Object.entries(row as Record<string, unknown>).map(([k, v]) => (
                <td key={k}>
                  {typeof v === "object" ? JSON.stringify(v) : String(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  if (value && typeof value === "object")
    return (
      <dl>
        {Object.entries(value).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <Value value={v} />
            </dd>
          </div>
        ))}
      </dl>
    );
  return <span>{String(value)}</span>;
}

function Page() {
  return (
    <main>
      <Value value={useLoaderData()} />
    </main>
  );
}

async function loader({ params }: LoaderFunctionArgs) {
  const user = employers.get(params.username ?? "");
  if (!user) throw new Response("Not found", { status: 404 });
  return loadEmployerDashboard(user);
}

const PAGE = "routes/$username";
const build = {
  mode: "production",
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: "root", path: "", module: { default: Root } },
    [PAGE]: {
      id: PAGE,
      parentId: "root",
      path: ":username",
      module: { default: Page, loader },
    },
  },
  assets: {
    entry: { module: "/build/entry.client-floor.js", imports: [] },
    routes: {
      root: {
        id: "root",
        path: "",
        module: "/build/root-floor.js",
        hasLoader: false,
        hasAction: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
        imports: [],
      },
      [PAGE]: {
        id: PAGE,
        parentId: "root",
        path: ":username",
        module: "/build/page-floor.js",
        hasLoader: true,
        hasAction: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
        imports: [],
      },
    },
    url: "/build/manifest-floor.js",
    version: "floor",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  // The app's future flags (remix.config.js).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
  isSpaMode: false,
} as unknown as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression({ brotli: PAGE_BROTLI }));
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(port, "127.0.0.1", () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  process.stdout.write(`floor listening on ${actual}\n`);
});
server.keepAliveTimeout = 60_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));
