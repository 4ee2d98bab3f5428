import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/server-runtime";

// Lazy route discovery's `/__manifest` endpoint (remix.config.js: v3_lazyRouteDiscovery) answers
// anyone who sends the build's version, which every page publishes. Remix 2.17.5 matched every
// ancestor of every requested path, so one 7.5 KB URL made thousands of route matches over a
// path of thousands of segments: seconds of CPU per request (CVE-2026-55685). The backported
// fix (patches/, SECURITY.md) matches each requested path once and has the browser ask for
// the ancestors itself. Here the app's own route tree is served by Remix's request handler
// over HTTP, the browser's discovery code asks it for paths, and an attacker's URL is timed.

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");

type RemixConfig = {
  routes: Record<
    string,
    {
      id: string;
      parentId?: string;
      path?: string;
      index?: boolean;
      caseSensitive?: boolean;
    }
  >;
};
const { readConfig } = require("@remix-run/dev/dist/config.js") as {
  readConfig: (root: string, mode: string) => Promise<RemixConfig>;
};
const { createRequestHandler } =
  require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");
type FogOfWar = {
  fetchAndApplyManifestPatches: (
    paths: string[],
    errorReloadPath: string | null,
    manifest: { version: string; routes: Record<string, unknown> },
    routeModules: Record<string, unknown>,
    future: Record<string, boolean>,
    isSpaMode: boolean,
    basename: string | undefined,
    patchRoutes: (parentId: string | null, routes: unknown[]) => void,
  ) => Promise<void>;
};
const fogOfWar = require("@remix-run/react/dist/fog-of-war.js") as FogOfWar;

const VERSION = "test-build";
const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: false,
};

/** A server build of the app's route tree as remix.config.js reads it (modules render nothing). */
async function appBuild(): Promise<ServerBuild> {
  const config = await readConfig(root, "production");
  const routes: Record<string, unknown> = {};
  const assetRoutes: Record<string, unknown> = {};
  for (const [id, r] of Object.entries(config.routes)) {
    const shape = {
      id,
      parentId: r.parentId,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
    };
    routes[id] = { ...shape, module: { default: () => null } };
    assetRoutes[id] = {
      ...shape,
      module: `/build/${id}.js`,
      hasAction: false,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: false,
    };
  }
  return {
    mode: "production",
    future,
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    entry: { module: { default: () => new Response("page") } },
    routes,
    assets: {
      version: VERSION,
      url: "/build/manifest.js",
      entry: { module: "/build/entry.js", imports: [] },
      routes: assetRoutes,
    },
  } as unknown as ServerBuild;
}

let server: http.Server;
let origin: string;
let build: ServerBuild;

beforeAll(async () => {
  build = await appBuild();
  const handler = createRequestHandler(build, "production");
  server = http.createServer((req, res) => {
    void (async () => {
      const response = await handler(
        new Request(new URL(req.url ?? "/", origin)),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve()),
  );
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** One request to the manifest endpoint: its status, route ids, and the CPU it cost here. */
async function manifest(query: string) {
  const before = process.cpuUsage();
  const response = await fetch(`${origin}/__manifest?${query}`);
  const body = await response.text();
  const cpu = process.cpuUsage(before);
  return {
    status: response.status,
    routeIds: response.status === 200 ? Object.keys(JSON.parse(body)) : [],
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

describe("the route discovery manifest endpoint", () => {
  it("matches each requested path once, so a long path costs one match", async () => {
    // Warm up: the first request builds the router's caches.
    await manifest(`version=${VERSION}&p=/employees/1`);
    // The longest path a 7.5 KB URL carries: 3,780 segments. Unpatched, every one of its
    // 3,780 ancestors was matched too (about 1.7 s of CPU on this machine).
    const attack = `version=${VERSION}&p=${"/a".repeat(3780)}`;
    expect(`${origin}/__manifest?${attack}`.length).toBeLessThan(7680);
    const answer = await manifest(attack);
    expect(answer.status).toBe(200);
    // The app's catch-all page route matches it; nothing else has to.
    expect(answer.routeIds).toEqual(["root", "routes/_app", "routes/_app.$"]);
    expect(answer.cpuMs).toBeLessThan(250);
  });

  it("answers for the requested path only; its ancestors are the browser's to ask for", async () => {
    const answer = await manifest(`version=${VERSION}&p=/employees/1`);
    expect(answer.routeIds.sort()).toEqual(
      ["root", "routes/_app", "routes/_app.employees.$id"].sort(),
    );
  });

  it("refuses a URL over the limit before anything else", async () => {
    const tooLong = await manifest(`version=stale&p=${"/a".repeat(4000)}`);
    expect(tooLong.status).toBe(400);
    const stale = await manifest(`version=stale&p=/employees`);
    expect(stale.status).toBe(204);
  });

  it("still gives the browser the index routes of the ancestors of a link", async () => {
    // The browser's own discovery code (the build the app bundles for the browser is the
    // same code in ESM), given the globals it reads in a browser.
    const manifestState = {
      version: VERSION,
      routes: { root: build.assets.routes.root },
    };
    const store = new Map<string, string>();
    const globals = globalThis as Record<string, unknown>;
    globals.window = { location: { origin } };
    globals.sessionStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    };
    try {
      await fogOfWar.fetchAndApplyManifestPatches(
        ["/employees/import/42"],
        null,
        manifestState,
        {},
        future,
        false,
        undefined,
        () => {},
      );
    } finally {
      delete globals.window;
      delete globals.sessionStorage;
    }
    expect(Object.keys(manifestState.routes).sort()).toEqual(
      [
        "root",
        "routes/_app",
        "routes/_app.employees._index",
        "routes/_app.employees.import.$id",
        "routes/_app.employees.import._index",
      ].sort(),
    );
  });
});
