import { expect, test } from "@playwright/test";
import { freePort } from "#tests/support/servers";
import { startSmtpServer, type SmtpServer } from "#tests/support/smtp";
import { login, startServer, type RunningServer } from "./support/server";

// An invitation's token appears nowhere an inviter or an operator reads after it is sent: the
// production server with a real SMTP receiver, which stands for the invitee's mailbox. The link
// is opened in every spelling the router accepts; the server's own log lines (stdout and
// stderr) never hold the token, and the inviter's outbox lists the mail without it.

test.describe.configure({ mode: "serial" });

let smtp: SmtpServer;
let server: RunningServer;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  server = await startServer(port, {
    SMTP_URL: smtp.url,
    APP_URL: `http://localhost:${port}`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type LogLine = { msg?: string; path?: string; status?: number };

function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

test("an invitation's token is in no log line and not in the inviter's outbox", async () => {
  const owner = await login(server.url, "employer");
  const email = `log-check-${Date.now()}@example.com`;
  const invited = await fetch(`${server.url}/api/invitations`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: owner },
    body: JSON.stringify({ email, firstName: "Lena", lastName: "Log" }),
  });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const [mail] = await smtp.waitFor(1, (m) => m.to.includes(email));
  const token = (mail.mail.text ?? "").match(/\/join\/([\w-]+)/)![1];
  expect(token.length).toBeGreaterThan(20);

  // The link as mailed, and as the router also matches it: another case, percent-encoded, a
  // trailing slash, a data request.
  for (const path of [
    `/join/${token}`,
    `/JOIN/${token}`,
    `/%6Aoin/${token}`,
    `/join/${token}/`,
    `/join/${token}.data`,
  ]) {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(res.status, path).toBeLessThan(500);
  }
  // The page the link leads to, with the token's cookie: it names the invitation.
  const first = await fetch(`${server.url}/join/${token}`, {
    redirect: "manual",
  });
  const cookie = first.headers.get("set-cookie")!.split(";")[0];
  const page = await fetch(`${server.url}/join`, {
    headers: { Cookie: cookie },
  });
  expect(await page.text()).toContain(email);

  // Every request is logged once answered: by the time the clean /join page's line is
  // there, every link's line is too. The token is in none; the link's paths are redacted.
  await expect
    .poll(() =>
      logLines(server.output()).some(
        (l) => l.msg === "request" && l.path === "/join",
      ),
    )
    .toBe(true);
  expect(server.output()).not.toContain(token);
  expect(
    logLines(server.output()).filter((l) => l.path === "/join/[redacted]"),
  ).toHaveLength(6);
  // The inviter's outbox: the mail is listed, its page holds no link.
  const list = await (
    await fetch(`${server.url}/outbox`, { headers: { Cookie: owner } })
  ).text();
  // The row whose recipient is the invitee: its link opens the mail.
  const listed = list
    .split("</tr>")
    .find((row) => row.includes(`>${email}<`))
    ?.match(/href="\/outbox\?mail=(\d+)"/)?.[1];
  expect(listed).toBeTruthy();
  const opened = await fetch(`${server.url}/outbox?mail=${listed}`, {
    headers: { Cookie: owner },
  });
  expect(opened.status).toBe(200);
  const openedText = await opened.text();
  expect(openedText).toContain(email);
  expect(openedText).not.toContain(token);

  // Nor did opening the outbox log it.
  expect(server.output()).not.toContain(token);
});
