import type { User } from "#db/schema";
import { appRequestHandler } from "#tests/support/app-server";
import { pageText, renderPage } from "#tests/support/app-pages";
import { useTestDatabase } from "#tests/support/db";
import {
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// One database is enough: its rows are the signed-in users; what is checked is what Remix's
// request handler answers each role on each path, the same on either database.

// The role guards of the pages and the routing of /api paths, as the whole app answers them
// through Remix's own request handler (the server build's shape, tests/support/app-server.ts):
// the status and the HTML a browser gets with or without JavaScript, or the API's JSON. Where an
// anonymous visitor is sent is the authorization matrix's (authorization-matrix.test.ts); the
// not-found page drawn in a browser, and the journey back after signing in, are in
// tests/e2e/guards.spec.ts and tests/e2e/auth.spec.ts.

useTestDatabase();

let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const handler = await appRequestHandler();
  handle = (request) => handler(request, { cspNonce: "" });
});

const EMPLOYEE_ROUTES = [
  "/request",
  "/history",
  "/profile",
  "/checkout",
  "/payment-success",
];
const EMPLOYER_ROUTES = [
  "/approvals",
  "/employees",
  "/employees/add",
  "/reports",
  "/settings",
];

const headings = (html: string) =>
  [...html.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/g)].map((m) =>
    pageText(m[1]),
  );
const links = (html: string) =>
  [...html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((m) => pageText(m[1]));

describe("route guards", () => {
  it("an employee sees Access Denied (403) on every employer route", async () => {
    const employee = await createEmployee(await createEmployer());
    for (const path of EMPLOYER_ROUTES) {
      const { status, html } = await renderPage(employee, path);
      expect(status, path).toBe(403);
      expect(headings(html), path).toContain("Access Denied");
      expect(pageText(html), path).toContain(
        "You don't have permission to access this page.",
      );
      // Still inside the layout: the employee's own sidebar.
      expect(links(html), path).toContain("Request Advance");
    }
  });

  it("an employer sees Access Denied (403) on every employee route", async () => {
    const employer = await createEmployer();
    for (const path of EMPLOYEE_ROUTES) {
      const { status, html } = await renderPage(employer, path);
      expect(status, path).toBe(403);
      expect(headings(html), path).toContain("Access Denied");
      expect(links(html), path).toContain("Approve Requests");
    }
  });

  it("each role reaches its own routes", async () => {
    const employer = await createEmployer();
    for (const path of ["/", ...EMPLOYER_ROUTES]) {
      expect((await renderPage(employer, path)).status, path).toBe(200);
    }
    const employee = await createEmployee(employer);
    for (const path of [
      "/",
      "/request",
      "/history",
      "/profile",
      "/payment-success",
    ]) {
      expect((await renderPage(employee, path)).status, path).toBe(200);
    }
  });
});

describe("/api routing", () => {
  const get = async (user: User | null, path: string) =>
    handle(await requestAs(user, path, { redirect: "manual" }));
  const send = async (user: User | null, path: string, method = "POST") =>
    handle(await requestAs(user, path, { method, json: {} }));

  it("an unknown /api path is a JSON 404, signed out or in", async () => {
    const anonymous = await get(null, "/api/nope");
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get("content-type")).toContain("application/json");
    expect(await anonymous.json()).toEqual({ message: "Not found" });
    const deeper = await send(null, "/api/advance-requests/1/nope");
    expect(deeper.status).toBe(404);
    expect(await deeper.json()).toEqual({ message: "Not found" });

    const employee = await createEmployee(await createEmployer());
    for (const res of [
      await get(employee, "/api/nope"),
      await send(employee, "/api/nope"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ message: "Not found" });
    }
  });

  it("a method the endpoint does not take is a JSON 405 with Allow, signed out or in", async () => {
    const check = async (res: Response, allow: string) => {
      expect(res.status, res.url).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ message: "Method not allowed" });
    };
    for (const user of [null, await createEmployer()]) {
      await check(await get(user, "/api/login"), "POST");
      await check(await get(user, "/api/advance-requests/1/approve"), "POST");
      await check(await send(user, "/api/user"), "GET");
      await check(await send(user, "/api/events"), "GET");
      await check(
        await send(user, "/api/advance-requests/1/approve", "PUT"),
        "POST",
      );
    }
  });
});
