import { createRequire } from "node:module";
import path from "node:path";
import type { ServerBuild } from "@remix-run/server-runtime";
import type { User } from "#db/schema";
import { requestAs } from "./factories";

// The whole app as Remix serves it, without a build: the route tree with the app's real route
// modules and its entry, for tests that read a page's HTML as a browser receives it.

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
const { readConfig } = require("@remix-run/dev/dist/config.js") as {
  readConfig: (
    root: string,
    mode: string,
  ) => Promise<{
    routes: Record<
      string,
      {
        id: string;
        file: string;
        parentId?: string;
        path?: string;
        index?: boolean;
        caseSensitive?: boolean;
      }
    >;
    future: Record<string, boolean>;
  }>;
};
const { createRequestHandler } =
  require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");

/** The app's route tree with its real modules and entry, as the server build holds them. */
async function appBuild(): Promise<ServerBuild> {
  const config = await readConfig(root, "production");
  const routes: Record<string, unknown> = {};
  const assetRoutes: Record<string, unknown> = {};
  for (const [id, r] of Object.entries(config.routes)) {
    const module = (await import(path.join(root, "app", r.file))) as Record<
      string,
      unknown
    >;
    const shape = {
      id,
      parentId: r.parentId,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
    };
    routes[id] = { ...shape, module };
    assetRoutes[id] = {
      ...shape,
      module: `/build/${id}.js`,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: "ErrorBoundary" in module,
    };
  }
  return {
    mode: "production",
    future: config.future,
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    entry: { module: await import(path.join(root, "app/entry.server.tsx")) },
    routes,
    assets: {
      version: "walk",
      url: "/build/manifest.js",
      entry: { module: "/build/entry.js", imports: [] },
      routes: assetRoutes,
    },
  } as unknown as ServerBuild;
}

let handler: ((request: Request) => Promise<Response>) | undefined;

/** A page's status and HTML, as `user` (signed in) or nobody would get it. */
export async function renderPage(
  user: User | null,
  to: string,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<{ status: number; html: string }> {
  if (!handler) {
    const handle = createRequestHandler(await appBuild(), "production");
    handler = (request) => handle(request, { cspNonce: "" });
  }
  const response = await handler(
    await requestAs(user, to, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers: { Accept: "text/html" },
      ...(init.form ? { form: init.form } : {}),
    }),
  );
  return { status: response.status, html: await response.text() };
}

/** The page's visible text, roughly: tags, scripts and entities out, spaces folded. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replace(/\s+/g, " ")
    .trim();
}
