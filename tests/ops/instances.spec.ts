import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import {
  POSTGRES_SERVER_URL,
  skipWithoutPostgresServer,
} from "./support/postgres";
import { login, startServer, type RunningServer } from "./support/server";

// Two app instances over one PostgreSQL database, as behind a load balancer: a change made
// through one instance reaches pages served by the other within 2 seconds (LISTEN/NOTIFY).
test.describe.configure({ mode: "serial" });

skipWithoutPostgresServer();

const ADMIN_URL = POSTGRES_SERVER_URL;
const DB = "ga_ops_instances";

let first: RunningServer;
let second: RunningServer;

function dbUrl() {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  return url.toString();
}

test.beforeAll(async () => {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.unsafe(`create database ${DB}`);
  await admin.end();
  // The first instance migrates and seeds the demo company; the second joins it.
  first = await startServer(3195, { DATABASE_URL: dbUrl() });
  second = await startServer(3196, {
    DATABASE_URL: dbUrl(),
    SEED_DEMO: "false",
  });
});

test.afterAll(async () => {
  await first?.stop();
  await second?.stop();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB} with (force)`);
  await admin.end();
});

async function openAs(
  page: Page,
  server: RunningServer,
  username: string,
  path: string,
) {
  const cookie = await login(server.url, username);
  const [name, value] = cookie.split("=");
  await page.context().addCookies([{ name, value, url: server.url }]);
  await page.goto(`${server.url}${path}`);
  // The page has subscribed to its live updates.
  await expect(page.locator("html[data-live=on]")).toBeAttached();
}

async function pendingId(
  server: RunningServer,
  cookie: string,
  firstName: string,
) {
  const res = await fetch(`${server.url}/api/advance-requests/pending`, {
    headers: { Cookie: cookie },
  });
  const list = (await res.json()) as Array<{
    id: number;
    employee: { firstName: string };
  }>;
  const match = list.find((r) => r.employee.firstName === firstName);
  if (!match) throw new Error(`no pending request for ${firstName}`);
  return match.id;
}

test("an approval made through one instance shows on the employee's page served by the other", async ({
  page,
}) => {
  await openAs(page, first, "carol", "/");
  const row = page.getByRole("row", { name: /\$450\.00/ });
  await expect(row).toContainText("Pending");

  const employer = await login(second.url, "employer");
  const id = await pendingId(second, employer, "Carol");
  const res = await fetch(`${second.url}/api/advance-requests/${id}/approve`, {
    method: "POST",
    headers: { Cookie: employer },
  });
  expect(res.status).toBe(200);

  await expect(row).toContainText("Approved", { timeout: 2000 });
  await expect(page.getByText("$50.00").first()).toBeVisible({ timeout: 2000 });
});

test("a new request made through one instance shows on the employer's page served by the other", async ({
  page,
}) => {
  await openAs(page, second, "employer", "/approvals");
  await expect(page.getByText("Dave Okafor")).toHaveCount(0);

  const dave = await login(first.url, "dave");
  const res = await fetch(`${first.url}/api/advance-requests`, {
    method: "POST",
    headers: { Cookie: dave, "Content-Type": "application/json" },
    body: JSON.stringify({
      amount: "320.00",
      reason: "Cross-instance",
      repaymentPeriods: 2,
    }),
  });
  expect(res.status).toBe(201);

  await expect(page.getByText("Dave Okafor")).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole("cell", { name: "Cross-instance" })).toBeVisible({
    timeout: 2000,
  });
});

test("a user's event stream never carries another user's events, across instances", async () => {
  const bob = await login(first.url, "bob");
  const erin = await login(first.url, "erin");
  const read = async (cookie: string) => {
    const controller = new AbortController();
    const res = await fetch(`${first.url}/api/events`, {
      headers: { Cookie: cookie },
      signal: controller.signal,
    });
    let text = "";
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += decoder.decode(value);
        }
      } catch {
        // aborted
      }
    })();
    return { text: () => text, stop: async () => (controller.abort(), done) };
  };
  const bobStream = await read(bob);
  const erinStream = await read(erin);
  await expect.poll(() => bobStream.text()).toContain("event: ready");
  await expect.poll(() => erinStream.text()).toContain("event: ready");

  // The employer declines Erin's request through the other instance.
  const employer = await login(second.url, "employer");
  const id = await pendingId(second, employer, "Erin");
  const res = await fetch(`${second.url}/api/advance-requests/${id}/decline`, {
    method: "POST",
    headers: { Cookie: employer, "Content-Type": "application/json" },
    body: JSON.stringify({ reason: "Not this week" }),
  });
  expect(res.status).toBe(200);

  await expect
    .poll(() => erinStream.text(), { timeout: 2000 })
    .toContain("request.declined");
  // Give a stray event every chance to arrive before concluding it did not.
  await new Promise((r) => setTimeout(r, 500));
  expect(bobStream.text()).not.toContain("event: change");
  await bobStream.stop();
  await erinStream.stop();
});
