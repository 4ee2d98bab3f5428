import http from "node:http";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { User } from "#db/schema";
import { db, queryRows } from "~/utils/db.server";
import { employeeOf } from "#tests/support/rows";
import {
  createEmployee,
  createEmployer,
  uniqueName,
} from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  expectHydrated,
  isNoJs,
  test,
  saveLimitOverMaximum,
} from "./support/fixtures";

// Performance in the browser: fingerprinted assets cached for a year, compressed pages, and the
// lists that now come a page at a time, with and without JavaScript.

/** `count` pending requests of the employee, a minute apart, the oldest first. */
async function insertPending(user: User, count: number) {
  const employee = await employeeOf(user);
  await db().execute(
    sql`insert into advance_requests (employee_id, amount, status, repayment_periods, request_date)
        select ${employee.id}, (200 + g)::numeric, 'PENDING', 1,
               now() - ((${count} - g) || ' minutes')::interval
        from generate_series(1, ${count}) g`,
  );
}

/** How many of the employee's requests are in each status. */
async function statuses(user: User): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    db(),
    sql`select status, count(*)::int as n from advance_requests
        where employee_id = ${(await employeeOf(user)).id} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The raw bytes of a GET as the server sent them (no client decodes them) and its headers. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ body: Buffer.concat(chunks), headers: res.headers }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The window a brotli stream declares in its first bits, in bytes (RFC 7932, section 9.1). */
function brotliWindow(stream: Buffer): number {
  const bits = stream.readUInt16LE(0);
  if ((bits & 1) === 0) return 2 ** 16;
  const n = (bits >> 1) & 7;
  if (n !== 0) return 2 ** (17 + n);
  const m = (bits >> 4) & 7;
  return 2 ** (m === 0 ? 17 : 8 + m);
}

test.describe("static assets and compression", () => {
  test("fingerprinted assets are immutable for a year; pages are compressed and not cached", async ({
    request,
  }, testInfo) => {
    test.skip(
      isNoJs(testInfo.project.name),
      "one run is enough: no page, the same requests in either project",
    );
    const page = await request.get("/auth", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(page.status()).toBe(200);
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers()["cache-control"] ?? "").not.toContain("immutable");
    const html = await page.text();
    const assets = [
      ...new Set(
        [...html.matchAll(/(?:src|href)="(\/build\/[^"]+)"/g)].map((m) => m[1]),
      ),
    ];
    // The manifest, the client entry, the route modules, their chunks and the stylesheet.
    expect(assets.filter((a) => a.endsWith(".js")).length).toBeGreaterThan(3);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      // A content hash in the name, so a new build never reuses a cached file.
      expect(asset).toMatch(/-[A-Z0-9]{8}\.(js|css)$/);
      const res = await request.get(asset, {
        headers: { "Accept-Encoding": "gzip" },
      });
      expect(res.status(), asset).toBe(200);
      const cacheControl = res.headers()["cache-control"];
      expect(cacheControl, asset).toContain("max-age=31536000");
      expect(cacheControl, asset).toContain("immutable");
      // compression's threshold: bodies under 1 KB go as they are.
      if ((await res.body()).length > 1024)
        expect(res.headers()["content-encoding"], asset).toBe("gzip");
    }
    // Unversioned public files are cached briefly, never as immutable.
    const icon = await request.get("/favicon.svg");
    expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
  });
  test("pages are compressed with brotli in a window of 256 KB, the same bytes a 4 MB window gives", async ({
    baseURL,
  }, testInfo) => {
    test.skip(
      isNoJs(testInfo.project.name),
      "one run is enough: no page, the same requests in either project",
    );
    // Each response has its own encoder, and its memory counts toward V8's garbage collection:
    // a 4 MB window per page in flight set off a full collection every few pages.
    const { body, headers } = await rawGet(`${baseURL}/auth`, {
      "Accept-Encoding": "br",
    });
    expect(headers["content-encoding"]).toBe("br");
    expect(brotliWindow(body)).toBe(256 * 1024);
    const html = zlib.brotliDecompressSync(body);
    expect(html.toString()).toContain("</html>");
    const wide = zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 22,
      },
    });
    expect(brotliWindow(wide)).toBe(4 * 1024 * 1024);
    expect(body.length).toBeLessThanOrEqual(wide.length * 1.01);
  });
});

test.describe("/approvals pages", () => {
  test("25 a page with Previous and Next; decline and approve keep the page", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer({ companyName: uniqueName("Co") });
    const employee = await createEmployee(employer, {
      firstName: "Paula",
      lastName: "Pager",
    });
    await insertPending(employee, 27);
    await loginAs(employer);
    await page.goto("/approvals");
    const table = page.getByRole("table", { name: "Pending advance requests" });
    await expect(table.getByRole("row")).toHaveCount(26);
    await expect(page.getByText("27 requests waiting")).toBeVisible();
    const pages = page.getByRole("navigation", {
      name: "Pending requests pages",
    });
    await expect(pages.getByText("Page 1 of 2")).toBeVisible();
    await expectAccessible(page);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/approvals\?page=2$/);
    await expect(pages.getByText("Page 2 of 2")).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(3);
    // The newest two: $226.00 and $227.00.
    await expect(table.getByText("$227.00")).toBeVisible();

    await table
      .getByRole("link", { name: "Decline Paula Pager's request" })
      .first()
      .click();
    const dialog = page.getByRole("dialog", {
      name: "Decline Advance Request",
    });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/approvals\?page=2$/);
    await expect(dialog).toHaveCount(0);

    await table
      .getByRole("button", { name: "Approve Paula Pager's request" })
      .first()
      .click();
    await expect(page.getByText("Request approved")).toBeVisible();
    await expect(page).toHaveURL(/\/approvals\?page=2$/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(page.getByText("26 requests waiting")).toBeVisible();
    expect(await statuses(employee)).toEqual({ APPROVED: 1, PENDING: 26 });
  });
});

test.describe("/history pages", () => {
  test("50 a page, newest first, with Next and Previous", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertPending(employee, 52);
    await loginAs(employee);
    await page.goto("/history");
    const table = page.getByRole("table", { name: "Advance requests" });
    await expect(table.getByRole("row")).toHaveCount(51);
    await expect(table.getByRole("row").nth(1)).toContainText("$252.00");
    const pages = page.getByRole("navigation", {
      name: "Advance history pages",
    });
    await expect(pages.getByText("Page 1 of 2")).toBeVisible();
    await expectAccessible(page);
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/history\?page=2$/);
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row").nth(2)).toContainText("$201.00");
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(table.getByRole("row")).toHaveCount(51);
  });
});

test("the dashboard's first three pending come from the same paged query", async ({
  page,
  loginAs,
}) => {
  const employer = await createEmployer();
  const employee = await createEmployee(employer, {
    firstName: "Dora",
    lastName: "Dash",
  });
  await insertPending(employee, 4);
  await loginAs(employer);
  await page.goto("/");
  const pending = page.getByRole("table", { name: "Pending approvals" });
  await expect(pending.getByRole("row")).toHaveCount(4);
  await expect(pending.getByText("$201.00")).toBeVisible();
  await expect(pending.getByText("$204.00")).toHaveCount(0);
  await pending
    .getByRole("button", { name: "Approve Dora Dash's request" })
    .first()
    .click();
  await expect(page.getByText("Request approved")).toBeVisible();
  await expect(pending.getByText("$201.00")).toHaveCount(0);
  await expect(pending.getByText("$204.00")).toBeVisible();
  expect(await statuses(employee)).toEqual({ APPROVED: 1, PENDING: 3 });
});

test("a form's code comes after the page's first JavaScript and validates in the browser", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(
    testInfo.project.name === "no-js",
    "without JavaScript the server checks every form",
  );
  // Decision 0063: the form is an island. The page's HTML preloads only the page's own modules;
  // the form's module (with Conform and zod) is asked for once the page runs, and then the
  // form's messages come from the browser, with no post to the server.
  const formModule = /\/build\/_shared\/company-settings-form-[A-Z0-9]{8}\.js$/;
  const posts: string[] = [];
  const formRequested = page.waitForRequest((r) => formModule.test(r.url()));
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  await loginAs(await createEmployer());
  const response = await page.goto("/settings");
  const html = (await response?.text()) ?? "";
  expect(html).toContain('rel="modulepreload"');
  expect(html).not.toMatch(/company-settings-form-/);
  await formRequested;
  // Hydrated: React has attached itself to the form element (until then a submit is a plain
  // post, which the server answers with the same messages).
  await expectHydrated(page.locator("form#company-settings"));
  await saveLimitOverMaximum(page);
  expect(posts).toEqual([]);
});

test.describe("a form whose code does not arrive", () => {
  // The browser logs the module's failed load; that is the case under test.
  test.use({ allowConsoleErrors: ["ERR_INTERNET_DISCONNECTED"] });
  test("stays the server's form, and takes its code when it can", async ({
    page,
    loginAs,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === "no-js",
      "without JavaScript no form's code is asked for",
    );
    // The network goes away while the page loads: the form's module fails to arrive. The page
    // keeps the server's plain form (no error page); the module is asked for again, and the
    // form validates in the browser once it arrives.
    const formModule =
      /\/build\/_shared\/company-settings-form-[A-Z0-9]{8}\.js$/;
    let refused = 0;
    await page.route(formModule, (route) => {
      refused += 1;
      return route.abort("internetdisconnected");
    });
    await loginAs(await createEmployer());
    await page.goto("/settings");
    await expect.poll(() => refused).toBeGreaterThan(0);
    const form = page.locator("form#company-settings");
    await expect(form.getByLabel("Maximum advance")).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Save Settings" }),
    ).toBeVisible();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.unroute(formModule);
    await expectHydrated(form);
    await saveLimitOverMaximum(page);
    expect(posts).toEqual([]);
  });
});
