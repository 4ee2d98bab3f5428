import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "#db/schema";
import { requestAdvance } from "~/models/advances/index.server";
import { createWebhookEndpoint } from "~/models/integrations/index.server";
import { requestPasswordReset } from "~/models/people/index.server";
import { resetEnvCache } from "~/utils/env.server";
import { WEBHOOK_IN_FLIGHT_PER_COMPANY } from "~/utils/rules";
import { useTestDatabase } from "#tests/support/db";
import {
  createEmployee,
  createEmployer,
  uniqueName,
} from "#tests/support/factories";
import { useMailDelivery } from "#tests/support/mail-delivery";

// One company's webhook endpoints that never answer must not hold up anyone's mail: eight
// endpoints on a real HTTP server on 127.0.0.1 that accepts every request and never answers, each
// attempt waiting out the full 10-second timeout, while another company's employee asks for a
// password reset. The reset mail is timed to its arrival at the real SMTP receiver, against the
// same mail sent while no webhook was pending. The job worker runs as the app runs it
// (graphile-worker on PostgreSQL, the in-process loops on PGlite).

useTestDatabase();
const smtp = useMailDelivery();

let silent: http.Server;
let base: string;
let open = 0;
let mostOpen = 0;
const saved = {
  allow: process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  timeout: process.env.WEBHOOK_TIMEOUT_MS,
};

beforeAll(async () => {
  // Accepts, reads the request, and never answers.
  silent = http.createServer((req, res) => {
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    // The answer is never written: it closes when the caller gives up.
    res.on("close", () => (open -= 1));
    req.resume();
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.WEBHOOK_TIMEOUT_MS = "10000";
  resetEnvCache();
});

afterAll(async () => {
  // The attempts under way end at once (connection reset), so the worker stops promptly.
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  for (const [key, value] of [
    ["WEBHOOK_ALLOW_PRIVATE_NETWORKS", saved.allow],
    ["WEBHOOK_TIMEOUT_MS", saved.timeout],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

const resetMailTo =
  (address: string) => (m: { to: string[]; mail: { subject?: string } }) =>
    m.to.includes(address) && /Reset your/.test(m.mail.subject ?? "");

/** Milliseconds from asking for a reset to its mail's arrival at the SMTP receiver. */
async function timedResetMail(user: User): Promise<number> {
  const started = Date.now();
  await requestPasswordReset(user.username, "198.51.100.9");
  await smtp.waitFor(1, resetMailTo(user.email), 60_000);
  return Date.now() - started;
}

/** Waits for each new employee's "choose your password" mail, so it is not in the way. */
async function employeeWithMail(employer: User, firstName: string) {
  const employee = await createEmployee(employer, {
    firstName,
    email: `${uniqueName(firstName.toLowerCase())}@example.com`,
  });
  await smtp.waitFor(
    1,
    (m) =>
      m.to.includes(employee.email) &&
      /created your account/.test(m.mail.subject ?? ""),
  );
  return employee;
}

describe("webhook deliveries run apart from mail", () => {
  it("8 endpoints that never answer do not delay another company's password-reset mail by more than a second", async () => {
    const slowOwner = await createEmployer({ companyName: "Silent Hooks" });
    const otherOwner = await createEmployer({ companyName: "Mail Waits" });
    const before = await employeeWithMail(otherOwner, "Bea");
    const during = await employeeWithMail(otherOwner, "Dan");
    const requester = await employeeWithMail(slowOwner, "Sam");

    const baseline = await timedResetMail(before);

    for (let i = 0; i < 8; i++)
      await createWebhookEndpoint(slowOwner, {
        url: `${base}/hook-${i}`,
        events: ["advance_request.created"],
      });
    // Two events: 16 deliveries to endpoints that never answer.
    for (const amount of ["200.00", "210.00"])
      await requestAdvance(requester, {
        amount,
        reason: null,
        repaymentPeriods: 1,
      });
    // The deliveries are under way: the silent server holds them open.
    await expect.poll(() => open, { timeout: 10_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const delayed = await timedResetMail(during);
    expect(
      delayed - baseline,
      `reset mail: ${baseline} ms alone, ${delayed} ms beside the silent endpoints`,
    ).toBeLessThan(1000);
    // And the silent company never had more than its share in flight at once.
    expect(mostOpen).toBeLessThanOrEqual(WEBHOOK_IN_FLIGHT_PER_COMPANY);
  }, 120_000);
});
