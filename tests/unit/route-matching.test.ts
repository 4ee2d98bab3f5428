import { createRequire } from "node:module";
import fs from "node:fs";
import fc from "fast-check";
import type { AgnosticRouteObject } from "@remix-run/router";

// The server's route matching keeps its flattened routes and compiled paths (a patch applied at
// install, decision 0067). Node loads the CommonJS build, the one
// patched; the package's other builds are left as they are. Here the patched build and the
// unpatched UMD build of the same version match the same paths against a route tree shaped like
// the app's, again and again.

const require = createRequire(import.meta.url);
const patchedPath = require.resolve("@remix-run/router");
type Router = typeof import("@remix-run/router");
const patched = require(patchedPath) as Router;
const pristine = require("@remix-run/router/dist/router.umd.js") as Router;

function appLikeRoutes(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        {
          id: "routes/_app",
          children: [
            { id: "routes/_app._index", index: true },
            { id: "routes/_app.approvals", path: "approvals" },
            {
              id: "routes/_app.employees._index",
              path: "employees",
              index: true,
            },
            { id: "routes/_app.employees.$id", path: "employees/:id" },
            { id: "routes/_app.employees.add", path: "employees/add" },
            { id: "routes/_app.cards.$id", path: "cards/:id" },
            { id: "routes/_app.history", path: "history" },
            { id: "routes/_app.$", path: "*" },
          ],
        },
        { id: "routes/auth", path: "auth" },
        { id: "routes/how-it-works", path: "how-it-works" },
        { id: "routes/activity[.]csv", path: "activity.csv" },
        { id: "routes/api.advance-requests", path: "api/advance-requests" },
        {
          id: "routes/api.advance-requests.$id.approve",
          path: "api/advance-requests/:id/approve",
        },
        { id: "routes/api.virtual-cards", path: "api/virtual-cards" },
        { id: "routes/api.$", path: "api/*" },
        { id: "routes/docs.$lang?", path: "docs/:lang?/guide" },
        { id: "routes/Case", path: "CaseSensitive", caseSensitive: true },
      ],
    },
  ];
}

const segment = fc.oneof(
  fc.constantFrom(
    "",
    "approvals",
    "employees",
    "add",
    "cards",
    "auth",
    "api",
    "advance-requests",
    "approve",
    "virtual-cards",
    "docs",
    "guide",
    "casesensitive",
    "CaseSensitive",
    "activity.csv",
    "how-it-works",
    "%20",
    "%E2%82%AC",
    "..",
    ".",
  ),
  fc.stringMatching(/^[A-Za-z0-9_.~-]{1,8}$/),
);
const pathname = fc
  .array(segment, { maxLength: 5 })
  .chain((parts) =>
    fc.constantFrom("", "/", "//").map((end) => `/${parts.join("/")}${end}`),
  );

describe("route matching on the server", () => {
  it("runs the patched build of @remix-run/router", () => {
    expect(patchedPath).toMatch(/router\.cjs\.js$/);
    // Two different builds are compared below, not one build with itself.
    expect(patched.matchRoutes).not.toBe(pristine.matchRoutes);
    expect(fs.readFileSync(patchedPath, "utf8")).toContain(
      "const rankedBranches = new WeakMap();",
    );
  });

  it("matches every path as the unpatched build does, the first time and every time after", () => {
    const routes = appLikeRoutes();
    fc.assert(
      fc.property(pathname, fc.constantFrom("/", "/base"), (path, basename) => {
        const expected = pristine.matchRoutes(routes, path);
        // The same array again (the cached branches) and a fresh copy (rebuilt).
        expect(patched.matchRoutes(routes, path)).toEqual(expected);
        expect(patched.matchRoutes(routes, path)).toEqual(expected);
        expect(patched.matchRoutes(appLikeRoutes(), path)).toEqual(
          pristine.matchRoutes(appLikeRoutes(), path),
        );
        expect(
          patched.matchRoutes(routes, `${basename}${path}`, basename),
        ).toEqual(pristine.matchRoutes(routes, `${basename}${path}`, basename));
        expect(patched.matchPath("/employees/:id", path)).toEqual(
          pristine.matchPath("/employees/:id", path),
        );
        expect(patched.matchPath({ path: "/api", end: false }, path)).toEqual(
          pristine.matchPath({ path: "/api", end: false }, path),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("gives each caller its own matches: what one caller changes, the next does not see", () => {
    const routes = appLikeRoutes();
    const first = patched.matchRoutes(routes, "/employees/7")!;
    // The types say read-only; a caller in plain JavaScript can still write.
    (first[0].params as Record<string, string>).id = "8";
    first[first.length - 1].pathname = "/elsewhere";
    first.pop();
    expect(patched.matchRoutes(routes, "/employees/7")).toEqual(
      pristine.matchRoutes(routes, "/employees/7"),
    );
    // Within one answer the matches still share one params object, as unpatched.
    const again = patched.matchRoutes(routes, "/employees/7")!;
    expect(again[0].params).toBe(again[again.length - 1].params);
  });

  it("renders every page from data routes made once per routes array (react-router-dom's static router)", async () => {
    const { createStaticHandler, createStaticRouter } =
      await import("react-router-dom/server");
    expect(
      fs.readFileSync(require.resolve("react-router-dom/server"), "utf8"),
    ).toContain("const dataRoutesCache = new WeakMap();");
    expect(
      fs.readFileSync(
        require.resolve("@remix-run/react/dist/server.js"),
        "utf8",
      ),
    ).toContain("const serverRoutesCache = new WeakMap();");
    const routes = appLikeRoutes();
    const handler = createStaticHandler(routes);
    const context = await handler.query(
      new Request("http://localhost/employees/7"),
    );
    if (context instanceof Response) throw new Error("expected a context");
    const one = createStaticRouter(routes, context);
    const two = createStaticRouter(routes, context);
    expect(two.routes).toBe(one.routes);
    expect(two.state.matches.map((m) => m.route)).toEqual(
      one.state.matches.map((m) => m.route),
    );
    expect(one.state.matches.map((m) => m.route.id)).toEqual([
      "root",
      "routes/_app",
      "routes/_app.employees.$id",
    ]);
    expect(createStaticRouter(appLikeRoutes(), context).routes).not.toBe(
      one.routes,
    );
  });
});
