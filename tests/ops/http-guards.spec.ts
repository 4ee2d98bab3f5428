import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { login, startServer, type RunningServer } from "./support/server";

// The guards in front of Remix (scripts/http-guards.ts) against the production server as a
// process: streamed body limits with the process's memory, cross-site refusals, the JSON
// content type, and `private, no-store` on every signed-in response. The port is derived from
// E2E_PORT (E2E_PORT + 1) so two engineers' runs never share one.

test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_PORT ?? 3199) + 1;
const MB = 1024 * 1024;

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer(PORT);
});

test.afterAll(async () => {
  await server?.stop();
});

/** The server process's resident memory in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)![1]);
  return kb * 1024;
}

async function* fiftyMegabytes() {
  const chunk = Buffer.alloc(MB, 97);
  for (let i = 0; i < 50; i++) yield chunk;
}

function chunkedPost(url: string, type: string, headers = {}) {
  // An async iterable body is sent with Transfer-Encoding: chunked (no Content-Length).
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": type, ...headers },
    body: fiftyMegabytes() as unknown as BodyInit,
    duplex: "half",
    redirect: "manual",
  } as RequestInit);
}

test("50 MB chunked bodies get 413 with a message and the server's memory stays flat", async () => {
  const pid = server.child.pid!;
  const cases = [
    { path: "/auth", type: "application/x-www-form-urlencoded", json: false },
    { path: "/api/login", type: "application/json", json: true },
    { path: "/api/register", type: "application/json", json: true },
    { path: "/api/stripe/webhook", type: "application/json", json: true },
  ];
  // Warm up: the first rendered page, the first sign-in and each route's first refusal
  // allocate what they keep (the embedded database's memory among it).
  await fetch(`${server.url}/auth`);
  await login(server.url, "alice");
  for (const c of cases)
    await (await chunkedPost(`${server.url}${c.path}`, c.type)).arrayBuffer();
  const before = rssOf(pid);

  for (const { path: route, type, json } of cases) {
    const res = await chunkedPost(`${server.url}${route}`, type);
    expect(res.status, route).toBe(413);
    const text = await res.text();
    if (json)
      expect(JSON.parse(text)).toEqual({
        message: "Request body is too large",
      });
    else expect(text).toContain("Request body is too large");
  }
  // Four at once, as the review's attack did.
  const parallel = await Promise.all(
    cases.map((c) => chunkedPost(`${server.url}${c.path}`, c.type)),
  );
  expect(parallel.map((r) => r.status)).toEqual([413, 413, 413, 413]);
  await Promise.all(parallel.map((r) => r.arrayBuffer()));

  const growth = rssOf(pid) - before;
  test.info().annotations.push({
    type: "rss",
    description: `before ${Math.round(before / MB)} MB, growth ${Math.round(growth / MB)} MB`,
  });
  expect(growth).toBeLessThan(50 * MB);

  // The server is still fine afterwards.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("a text/plain body to a JSON endpoint gets 415; a bodiless logout still works", async () => {
  const res = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify({ username: "alice", password: "password123" }),
  });
  expect(res.status).toBe(415);
  expect(await res.json()).toEqual({
    message: "Content-Type must be application/json",
  });
  expect(res.headers.getSetCookie()).toEqual([]);

  const cookie = await login(server.url, "alice");
  const out = await fetch(`${server.url}/api/logout`, {
    method: "POST",
    headers: { Cookie: cookie },
  });
  expect(out.status).toBe(200);
});

test("a post marked Sec-Fetch-Site: cross-site gets 403 and changes nothing", async () => {
  const cookie = await login(server.url, "alice");
  const before = await (
    await fetch(`${server.url}/api/advance-requests/employee`, {
      headers: { Cookie: cookie },
    })
  ).json();
  const page = await fetch(`${server.url}/request`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "cross-site",
    },
    body: "amount=250&repaymentPeriods=1",
    redirect: "manual",
  });
  expect(page.status).toBe(403);
  const api = await fetch(`${server.url}/api/advance-requests`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      "Content-Type": "application/json",
      "Sec-Fetch-Site": "cross-site",
    },
    body: JSON.stringify({ amount: 250 }),
  });
  expect(api.status).toBe(403);
  expect(await api.json()).toEqual({ message: "Cross-origin request refused" });
  const after = await (
    await fetch(`${server.url}/api/advance-requests/employee`, {
      headers: { Cookie: cookie },
    })
  ).json();
  expect(after).toEqual(before);
});

// Every page and API GET a signed-in user can load, by role. The coverage check below keeps
// this list in step with app/routes.
const EMPLOYEE_PAGES = [
  "/",
  "/request",
  "/history",
  "/profile",
  "/checkout",
  "/payment-success",
  "/outbox",
  "/cards/:id",
  "/complaints",
];
const EMPLOYER_PAGES = [
  "/",
  "/approvals",
  "/employees",
  "/employees/add",
  "/employees/:id",
  "/employees/invite",
  "/employees/import",
  "/employees/import/:id",
  "/settings/team",
  "/settings/api",
  "/settings/api/webhooks/:id",
  "/payroll",
  "/reports",
  "/settings",
  "/profile",
  "/activity",
  "/activity.csv",
  "/payroll/export",
  "/outbox",
  "/no-such-page",
  "/complaint-queue",
  "/reports/regulator",
  "/reports/regulator.csv",
  "/settings/payroll",
];
const EMPLOYEE_API = [
  "/api/user",
  "/api/employee",
  "/api/advance-requests/employee",
  "/api/payroll-deductions/upcoming",
  "/api/virtual-cards",
  "/api/advance-quote",
  "/api/no-such-endpoint",
  "/api/complaints",
];
const EMPLOYER_API = [
  "/api/user",
  "/api/employees",
  "/api/advance-requests/pending",
  "/api/advance-requests/all",
  "/api/employer/advance-requests",
  "/api/invitations",
  "/api/pay-schedule",
  "/api/payroll-runs/:id",
  "/api/advance-requests/:request",
  "/api/invitations/:invitation",
  "/api/api-keys",
  "/api/webhook-endpoints",
  "/api/webhook-endpoints/:endpoint/deliveries",
  "/api/company-complaints",
];
// Public, bodiless or non-GET routes, and the event stream (checked on its own below).
const NOT_WALKED = new Set([
  "_app.tsx",
  "auth.tsx",
  "forgot-password.tsx",
  "reset-password.tsx",
  // Reached by a mailed token, like the reset page; it marks itself no-store.
  "confirm-email.tsx",
  "how-it-works.tsx",
  "healthz.ts",
  "readyz.ts",
  "logout.tsx",
  "api.docs.tsx",
  "api.openapi[.]json.ts",
  "api.login.ts",
  "api.logout.ts",
  "api.register.ts",
  "api.stripe.webhook.ts",
  "api.events.ts",
  "api.advance-requests.ts",
  "api.advance-requests.$id.approve.ts",
  "api.advance-requests.$id.decline.ts",
  "api.advance-requests.$id.cancel.ts",
  "api.webhook-endpoints.$id.enable.ts",
  "api.sandbox.card-authorizations.ts",
  "api.sandbox.payments.ts",
  "api.virtual-cards.$id.freeze.ts",
  "api.virtual-cards.$id.unfreeze.ts",
  "api.create-grocery-card.ts",
  "api.create-payment-intent.ts",
  "api.invitations.$id.resend.ts",
  "api.invitations.$id.revoke.ts",
  "api.payroll-runs.ts",
  "api.payroll-runs.$id.results.ts",
  "api.employees.$id.offboard.ts",
  "api.employees.$id.credit-payout.ts",
  "api.company-complaints.$id.review.ts",
  "api.company-complaints.$id.resolve.ts",
  "api.webhook-endpoints.$id.[test].ts",
  "api.webhook-endpoints.$id.deliveries.$deliveryId.redeliver.ts",
  "api.webhook-endpoints.$id.rotate-secret.ts",
  // Finch's return to the app: it only redirects, to Settings › Payroll connection.
  "settings.payroll.callback.ts",
  // The installed app's manifest and offline page are public.
  "manifest[.]webmanifest.ts",
  "offline.tsx",
  "api.virtual-cards.$id.close.ts",
  "api.virtual-cards.$id.ephemeral-key.ts",
  // The language switch: a form post (its GET only redirects home).
  "language.ts",
  "terms.tsx",
  // The invitation's page is public (it marks itself no-store).
  "join.tsx",
  "join.$token.tsx",
]);

function routeFileOf(url: string): string {
  if (url === "/api/no-such-endpoint") return "api.$.ts";
  if (url === "/api/payroll-runs/:id") return "api.payroll-runs.$id.ts";
  if (url === "/api/advance-requests/:request")
    return "api.advance-requests.$id.ts";
  if (url === "/api/invitations/:invitation") return "api.invitations.$id.ts";
  if (url === "/api/webhook-endpoints/:endpoint/deliveries")
    return "api.webhook-endpoints.$id.deliveries.ts";
  // A collection and its items in one module (an optional segment).
  if (url === "/api/api-keys" || url === "/api/webhook-endpoints")
    return `api.${url.slice(5)}.($id).ts`;
  if (url.startsWith("/api/"))
    return `api.${url.slice(5).replaceAll("/", ".")}.ts`;
  const known: Record<string, string> = {
    "/": "_app._index.tsx",
    "/employees": "_app.employees._index.tsx",
    "/employees/:id": "_app.employees.$id.tsx",
    "/cards/:id": "_app.cards.$id.tsx",
    "/employees/add": "_app.employees.add.tsx",
    "/employees/invite": "_app.employees.invite.tsx",
    "/employees/import": "_app.employees.import._index.tsx",
    "/employees/import/:id": "_app.employees.import.$id.tsx",
    "/settings/team": "_app.settings_.team.tsx",
    "/settings/api": "_app.settings_.api.tsx",
    "/settings/api/webhooks/:id": "_app.settings_.api_.webhooks.$id.tsx",
    "/no-such-page": "_app.$.tsx",
    "/payroll/export": "payroll.export.ts",
    "/activity.csv": "activity[.]csv.ts",
    "/reports/regulator": "_app.reports_.regulator.tsx",
    "/reports/regulator.csv": "reports.regulator[.]csv.ts",
    "/settings/payroll": "_app.settings_.payroll.tsx",
  };
  return known[url] ?? `_app.${url.slice(1)}.tsx`;
}

test("the walk below covers every signed-in route", () => {
  const routes = fs
    .readdirSync(path.resolve(import.meta.dirname, "../../app/routes"))
    .filter((f) => !NOT_WALKED.has(f));
  const walked = new Set(
    [
      ...EMPLOYEE_PAGES,
      ...EMPLOYER_PAGES,
      ...EMPLOYEE_API,
      ...EMPLOYER_API,
    ].map(routeFileOf),
  );
  expect(routes.filter((f) => !walked.has(f))).toEqual([]);
});

test("every signed-in page, loader data, API GET and CSV is private, no-store; public pages and assets keep theirs", async () => {
  const employee = await login(server.url, "alice");
  const employer = await login(server.url, "employer");
  const employees = (await (
    await fetch(`${server.url}/api/employees`, {
      headers: { Cookie: employer },
    })
  ).json()) as Array<{ id: number }>;
  const detail = `/employees/${employees[0].id}`;
  const cards = (await (
    await fetch(`${server.url}/api/virtual-cards`, {
      headers: { Cookie: employee },
    })
  ).json()) as Array<{ id: number }>;
  const card = `/cards/${cards[0].id}`;
  // A roster preview, for its page.
  const upload = new FormData();
  upload.set(
    "roster",
    new File(
      ["First name,Last name,Email\nAna,Lopez,ana@example.com\n"],
      "r.csv",
    ),
  );
  const uploaded = await fetch(`${server.url}/employees/import`, {
    method: "POST",
    headers: { Cookie: employer },
    body: upload,
    redirect: "manual",
  });
  const roster = uploaded.headers.get("location")!;
  expect(roster).toMatch(/^\/employees\/import\/\d+$/);
  // A payroll run, for its page, its file and its JSON.
  const created = await fetch(`${server.url}/api/payroll-runs`, {
    method: "POST",
    headers: { Cookie: employer, "Content-Type": "application/json" },
    body: "{}",
  });
  expect([200, 201]).toContain(created.status);
  const runId = ((await created.json()) as { id: number }).id;

  // A page's loader data as the browser's router asks for it (single fetch).
  const dataUrl = (url: string) => {
    const [path, query] = url.split("?");
    return `${path === "/" ? "/_root" : path}.data${query ? `?${query}` : ""}`;
  };
  const check = async (cookie: string, url: string) => {
    const res = await fetch(`${server.url}${url}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(res.status, url).toBeLessThan(500);
    expect(res.headers.get("cache-control"), url).toContain("no-store");
    expect(res.headers.get("cache-control"), url).toContain("private");
    await res.arrayBuffer();
  };
  for (const page of EMPLOYEE_PAGES) {
    const url = page.replace("/cards/:id", card);
    await check(employee, url);
    await check(employee, dataUrl(url));
  }
  for (const page of EMPLOYER_PAGES) {
    const url = page
      .replace("/employees/import/:id", roster)
      .replace("/employees/:id", detail)
      // An endpoint the company does not have: a 404 is marked all the same.
      .replace("/settings/api/webhooks/:id", "/settings/api/webhooks/0");
    await check(employer, url);
    if (!url.includes(".csv") && !url.includes("export"))
      await check(employer, dataUrl(url));
  }
  await check(employer, `/payroll?run=${runId}`);
  await check(employer, `/payroll/export?run=${runId}`);
  for (const url of EMPLOYEE_API) await check(employee, url);
  // One of the company's requests and one of its invitations (or an id it does not have: a 404
  // is marked all the same).
  const pending = (await (
    await fetch(`${server.url}/api/advance-requests/pending`, {
      headers: { Cookie: employer },
    })
  ).json()) as Array<{ id: number }>;
  const invitations = (await (
    await fetch(`${server.url}/api/invitations`, {
      headers: { Cookie: employer },
    })
  ).json()) as Array<{ id: number }>;
  for (const url of EMPLOYER_API)
    await check(
      employer,
      url
        .replace(":id", String(runId))
        .replace(":request", String(pending[0]?.id ?? 999999))
        .replace(":invitation", String(invitations[0]?.id ?? 999999))
        // An endpoint the company does not have: its 404 is marked all the same.
        .replace(":endpoint", "999999"),
    );

  // The event stream: headers only.
  const controller = new AbortController();
  const stream = await fetch(`${server.url}/api/events`, {
    headers: { Cookie: employee },
    signal: controller.signal,
  });
  expect(stream.headers.get("cache-control")).toContain("no-store");
  controller.abort();

  // Anonymous public pages are not marked; fingerprinted assets keep their year.
  const home = await fetch(`${server.url}/how-it-works`);
  expect(home.headers.get("cache-control") ?? "").not.toContain("no-store");
  const html = await (await fetch(`${server.url}/auth`)).text();
  const asset = /\/build\/[^"]+\.js/.exec(html)![0];
  const assetRes = await fetch(`${server.url}${asset}`, {
    headers: { Cookie: employee },
  });
  expect(assetRes.headers.get("cache-control")).toContain("immutable");
});
