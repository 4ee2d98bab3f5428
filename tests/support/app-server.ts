import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/server-runtime";
import express from "express";

// The app served over HTTP from the test's own process: Remix's request handler over the app's
// route tree (the server build's shape, with the app's real route modules and entry), behind
// Remix's Express adapter on a port of 127.0.0.1. Its database is the test's (useTestDatabase),
// so a test can reach the same rows through the API and through the models. What the
// production server adds in front of Remix (scripts/server.ts: security headers, the
// cross-site and body-size guards) is tested on its own (tests/integration/web/http-guards).

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

/** Remix's request handler over appBuild(): the app as a browser reaches it, without HTTP. */
export async function appRequestHandler() {
  const { createRequestHandler: handlerOf } =
    require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");
  return handlerOf(await appBuild(), "production");
}

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

export type AppServer = { url: string; close: () => Promise<void> };

/** The app listening on 127.0.0.1 (`port` 0: one the system picks). */
export async function startAppServer(port = 0): Promise<AppServer> {
  const app = express();
  app.disable("x-powered-by");
  app.all("*", createRequestHandler({ build: await appBuild() }));
  const server: http.Server = await new Promise((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
