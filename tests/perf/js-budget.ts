// `npm run bench:js`: the JavaScript a browser downloads for each page of the production build
// (run `npx remix build` first), gzip-compressed: the route manifest the page carries, the
// client entry and its imports, and the module and imports of every route the URL matches
// (root, layouts, the page). Shared chunks are counted once per page. With lazy route discovery
// (remix.config.js `v3_lazyRouteDiscovery`) a page does not load the manifest file
// (manifest-*.js): the server inlines a partial manifest in the HTML, the routes of this URL and
// of its parent paths, and the browser asks /__manifest for others as links need them. That
// inline script is counted, as Remix writes it (JSON with two-space indents), gzip-compressed on
// its own. Resource routes (no component: /api/*,
// /healthz...) send no JavaScript and are left out. Budget: 100 KB gzip per page, except
// /checkout with Stripe (Stripe.js itself comes from js.stripe.com and is not in our build).
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";

export const BUDGET_BYTES = 100 * 1024;
/**
 * Pages allowed over the budget: none. /checkout counts too: in sandbox mode it loads no Stripe
 * code (the Stripe components are imported lazily, only when Stripe is the provider).
 */
export const BUDGET_EXCEPTIONS: string[] = [];

/**
 * The service worker (public/sw.js) is not part of any page: the browser fetches
 * it once in the background and checks it for updates. It has a budget of its own.
 */
export const SERVICE_WORKER_BUDGET_BYTES = 4 * 1024;

/** The service worker's size, raw and gzip-compressed. */
export function measureServiceWorker(root: string): {
  rawBytes: number;
  gzipBytes: number;
  withinBudget: boolean;
} {
  const content = fs.readFileSync(path.join(root, "public", "sw.js"));
  const gzipBytes = zlib.gzipSync(content).length;
  return {
    rawBytes: content.length,
    gzipBytes,
    withinBudget: gzipBytes <= SERVICE_WORKER_BUDGET_BYTES,
  };
}

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = {
  url?: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};
type ServerBuild = {
  assets: Manifest;
  routes: Record<string, { module: Record<string, unknown> }>;
};

export type RouteBudget = {
  /** The page's URL pattern, e.g. /employees/:id. */
  path: string;
  routeId: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  withinBudget: boolean;
};

function urlPath(routes: Record<string, ManifestRoute>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = routes[route.parentId ?? ""]) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** The chain of route ids from root to `id`. */
function chain(routes: Record<string, ManifestRoute>, id: string): string[] {
  const ids: string[] = [];
  for (let route = routes[id]; route; route = routes[route.parentId ?? ""])
    ids.unshift(route.id);
  return ids;
}

/**
 * The manifest script the server inlines in a page's HTML (Remix's getPartialManifest): the
 * routes this URL matches and those matching each of its parent paths (with their ancestors).
 */
function partialManifestScript(manifest: Manifest, pageId: string): string {
  const pagePath = urlPath(manifest.routes, pageId);
  const parents = new Set<string>(["/"]);
  const segments = pagePath.split("/").filter(Boolean);
  for (let i = segments.length - 1; i > 0; i--)
    parents.add(`/${segments.slice(0, i).join("/")}`);
  const ids = new Set(chain(manifest.routes, pageId));
  for (const [id, route] of Object.entries(manifest.routes)) {
    const isPage =
      route.index ||
      !Object.values(manifest.routes).some((r) => r.parentId === id);
    if (isPage && parents.has(urlPath(manifest.routes, id)))
      for (const c of chain(manifest.routes, id)) ids.add(c);
  }
  const routes = Object.fromEntries(
    [...ids].map((id) => [id, manifest.routes[id]]),
  );
  return `window.__remixManifest = ${JSON.stringify({ ...manifest, routes }, null, 2)};`;
}

/** Per-page JavaScript of the build in `root` (public/build + build/index.js). */
export async function measureJsBudget(root: string): Promise<RouteBudget[]> {
  const serverBuild = path.join(root, "build/index.js");
  if (!fs.existsSync(serverBuild))
    throw new Error(`${serverBuild} is missing: run \`npx remix build\` first`);
  const build = (await import(
    url.pathToFileURL(serverBuild).href
  )) as ServerBuild;
  const manifest = build.assets;
  const publicDir = path.join(root, "public");
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (asset: string) => {
    let size = sizes.get(asset);
    if (!size) {
      const content = fs.readFileSync(path.join(publicDir, asset));
      size = { raw: content.length, gzip: zlib.gzipSync(content).length };
      sizes.set(asset, size);
    }
    return size;
  };
  const rows: RouteBudget[] = [];
  for (const [id, route] of Object.entries(manifest.routes)) {
    // Pages only: a route module with a component. Layouts (pathless parents) are counted
    // inside their pages; a route with children but no index of its own is not a page.
    const module = build.routes[id]?.module;
    if (!module || typeof module.default !== "function") continue;
    const hasChildren = Object.values(manifest.routes).some(
      (r) => r.parentId === id,
    );
    if (hasChildren) continue;
    const files = new Set<string>([
      manifest.entry.module,
      ...manifest.entry.imports,
    ]);
    for (const matched of chain(manifest.routes, route.id)) {
      const r = manifest.routes[matched];
      files.add(r.module);
      for (const imported of r.imports ?? []) files.add(imported);
    }
    const inline = partialManifestScript(manifest, route.id);
    let raw = inline.length;
    let gzip = zlib.gzipSync(inline).length;
    for (const file of files) {
      const size = sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
    }
    const pagePath = urlPath(manifest.routes, route.id);
    rows.push({
      path: pagePath,
      routeId: id,
      files: files.size,
      rawBytes: raw,
      gzipBytes: gzip,
      withinBudget:
        gzip <= BUDGET_BYTES || BUDGET_EXCEPTIONS.includes(pagePath),
    });
  }
  return rows.sort((a, b) => a.path.localeCompare(b.path));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatJsBudget(rows: RouteBudget[]): string {
  const lines = [
    "| page | route | files | JS raw | JS gzip | ≤ 100 KB gzip |",
    "| --- | --- | ---: | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.routeId} | ${r.files} | ${kb(r.rawBytes)} | ${kb(r.gzipBytes)} | ${
          r.gzipBytes <= BUDGET_BYTES
            ? "yes"
            : BUDGET_EXCEPTIONS.includes(r.path)
              ? "no (exempt)"
              : "**no**"
        } |`,
    ),
  ];
  return lines.join("\n");
}

const isMain =
  process.argv[1] &&
  import.meta.url === url.pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const root = path.resolve(
    path.dirname(url.fileURLToPath(import.meta.url)),
    "../..",
  );
  const rows = await measureJsBudget(root);
  console.log(formatJsBudget(rows));
  const worker = measureServiceWorker(root);
  console.log(
    `\nService worker /sw.js: ${kb(worker.rawBytes)} raw, ${kb(worker.gzipBytes)} gzip (budget ${kb(SERVICE_WORKER_BUDGET_BYTES)} gzip): ${worker.withinBudget ? "yes" : "**no**"}`,
  );
  const over = rows.filter((r) => !r.withinBudget);
  if (over.length) {
    console.error(`Over budget: ${over.map((r) => r.path).join(", ")}`);
    process.exitCode = 1;
  }
  if (!worker.withinBudget) {
    console.error("Over budget: the service worker /sw.js");
    process.exitCode = 1;
  }
}
