import http from "node:http";
import { expect, test } from "@playwright/test";
import { startSmtpServer, type SmtpServer } from "#tests/support/smtp";
import { login, startServer, type RunningServer } from "./support/server";

// Links in e-mail come from configuration only: the production server
// with a real SMTP receiver, asked with forged Host headers.

test.describe.configure({ mode: "serial" });

const PORT = 3893;
const REFUSED_PORT = 3894;

let smtp: SmtpServer;
let server: RunningServer;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer(PORT, {
    SMTP_URL: smtp.url,
    APP_URL: `http://localhost:${PORT}`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A request with a Host header of our choosing (fetch cannot set one). */
function send(
  path: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: PORT, path, method, headers },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("the server refuses to start with SMTP_URL and no APP_URL, in one line naming APP_URL", async () => {
  let failure = "";
  try {
    const started = await startServer(REFUSED_PORT, {
      SMTP_URL: "smtp://127.0.0.1:2525",
      APP_URL: "",
    });
    await started.stop();
  } catch (error) {
    failure = String(error);
  }
  expect(failure).toContain("server exited early");
  const lines = failure.split("\n").filter((line) => line.includes("APP_URL"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("required when SMTP_URL is set");
  expect(failure).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
});

test("a forged Host gets 400 and no mail; reset and notification mails link to APP_URL only", async () => {
  const form = {
    "Content-Type": "application/x-www-form-urlencoded",
  };
  // The reset request of the finding, with the attacker's Host: refused before anything runs.
  const forged = await send("/forgot-password", {
    method: "POST",
    headers: { ...form, Host: "evil.example" },
    body: "identifier=alice",
  });
  expect(forged.status).toBe(400);
  expect(forged.text).toContain("Unknown host");
  const forgedApi = await send("/api/user", {
    headers: { Host: `evil.example:${PORT}` },
  });
  expect(forgedApi.status).toBe(400);
  expect(JSON.parse(forgedApi.text)).toEqual({ message: "Unknown host" });

  // An address the server answers to that is not APP_URL's: the link is still APP_URL's.
  const asked = await send("/forgot-password", {
    method: "POST",
    headers: { ...form, Host: `127.0.0.1:${PORT}` },
    body: "identifier=alice",
  });
  expect(asked.status).toBe(200);
  const [reset] = await smtp.waitFor(1, (m) =>
    /reset/i.test(m.mail.subject ?? ""),
  );
  expect(reset.to).toEqual(["alice@freshfoods.example"]);
  const links = reset.mail.text?.match(/https?:\/\/\S+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links)
    expect(link, link).toMatch(new RegExp(`^http://localhost:${PORT}(/|$)`));
  expect(reset.mail.text).not.toContain("127.0.0.1");
  expect(reset.mail.text).not.toContain("evil.example");

  // A notification caused by a request sent to another of our addresses: the employer's
  // "New advance request" mail links to APP_URL.
  const dave = await login(server.url, "dave");
  const filed = await send("/api/advance-requests", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Cookie: dave,
      Host: `127.0.0.1:${PORT}`,
    },
    body: JSON.stringify({
      amount: "250.00",
      reason: null,
      repaymentPeriods: 1,
    }),
  });
  expect(filed.status, filed.text).toBe(201);
  const [notice] = await smtp.waitFor(1, (m) =>
    /new advance request/i.test(m.mail.subject ?? ""),
  );
  const noticeLinks = notice.mail.text?.match(/https?:\/\/\S+/g) ?? [];
  expect(noticeLinks.length).toBeGreaterThan(0);
  for (const link of noticeLinks)
    expect(link, link).toMatch(new RegExp(`^http://localhost:${PORT}(/|$)`));
});

test("the reset page's headers from the real server: one referrer policy, no-store, a clean address, and its form posts", async () => {
  const first = await fetch(`${server.url}/reset-password?token=abc`, {
    redirect: "manual",
  });
  expect(first.status).toBe(302);
  expect(first.headers.get("location")).toBe("/reset-password");
  expect(first.headers.get("cache-control")).toBe("no-store");
  expect(first.headers.get("referrer-policy")).toBe("no-referrer");
  const cookie = first.headers.get("set-cookie")!.split(";")[0];
  const page = await fetch(`${server.url}/reset-password`, {
    headers: { Cookie: cookie },
  });
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe("no-store");
  expect(page.headers.get("referrer-policy")).toBe("same-origin");
  expect(await page.text()).toContain("has expired or has already been used");
  // The page's own form, posted as a browser does under that policy (a real Origin), reaches
  // the action: a refused token, not a cross-site refusal.
  const posted = await fetch(`${server.url}/reset-password`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: server.url,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "token=abc&password=Basil-Lantern-62&confirmPassword=Basil-Lantern-62",
  });
  expect(posted.status).toBe(400);
  expect(await posted.text()).toContain("has expired or has already been used");
  // Other pages keep the site's default policy.
  const auth = await fetch(`${server.url}/auth`);
  expect(auth.headers.get("referrer-policy")).toBe(
    "strict-origin-when-cross-origin",
  );
});
