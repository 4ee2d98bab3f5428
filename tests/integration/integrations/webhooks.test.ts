import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  mailOutbox,
  webhookDeliveries,
  webhookEndpoints,
  type User,
} from "#db/schema";
import {
  requestAdvance,
  approveAdvance,
  declineAdvance,
} from "~/models/advances/index.server";
import {
  offboardEmployee,
  createPayrollRun,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import {
  createWebhookEndpoint,
  deliverWebhook,
  requeueWebhooksWithoutJob,
  resendWebhookDelivery,
} from "~/models/integrations/index.server";
import { isoDay } from "~/utils/pay-schedule";
import { cardedAdvance } from "#tests/support/data";
import { deductionsOf, employeeOf } from "#tests/support/rows";
import * as endpointsRoute from "~/routes/api.webhook-endpoints.($id)";
import { connection, db, queryRows } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Signed webhooks (decision 0079) delivered to a real HTTP receiver on 127.0.0.1: the body and
// the Grocery-Advance-Signature header are checked as a receiver would, with the endpoint's
// secret; a 500 and a timeout are retried; a private address is refused without the setting.

useTestDatabase();

type Handler = Parameters<typeof call>[0];
type Received = { headers: http.IncomingHttpHeaders; body: string };

let receiver: http.Server;
let base: string;
const received: Received[] = [];
/** What the receiver does with the next requests ("ok" when the queue is empty). */
const plan: Array<"ok" | "fail" | "hang" | "redirect"> = [];

let owner: User;
let ownerB: User;
let employeeB: User;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const next = plan.shift() ?? "ok";
      if (next === "hang") return; // never answers
      if (next === "fail") return void res.writeHead(500).end("no");
      if (next === "redirect")
        return void res.writeHead(302, { Location: `${base}/ok` }).end();
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(0, "127.0.0.1", resolve),
  );
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.WEBHOOK_TIMEOUT_MS = "500";
  resetEnvCache();
  owner = await createEmployer({ companyName: "Hook Co" });
  ownerB = await createEmployer({ companyName: "Hook Other" });
  employeeB = await createEmployee(ownerB, { firstName: "Bo" });
});

afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  resetEnvCache();
  plan.length = 0;
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  delete process.env.WEBHOOK_TIMEOUT_MS;
  resetEnvCache();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** A receiver's check of the signature, as the guide shows it. */
function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(
    header.split(",").map((p) => p.split("=") as [string, string]),
  );
  const expected = crypto
    .createHmac("sha256", secret)
    .update(`${parts.t}.${body}`)
    .digest("hex");
  return (
    Math.abs(Date.now() / 1000 - Number(parts.t)) < 300 &&
    crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1))
  );
}

async function pendingOf(endpointId: number) {
  return db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id);
}

describe("webhooks", () => {
  it("delivers a company's events signed with the endpoint's secret, and not another company's", async () => {
    const res = await call(
      endpointsRoute.action as Handler,
      await requestAs(owner, "/api/webhook-endpoints", {
        json: {
          url: `${base}/hooks`,
          events: ["advance_request.created", "advance_request.approved"],
        },
      }),
    );
    expect(res.status).toBe(201);
    const endpoint = (await res.json()) as { id: number; secret: string };
    expect(endpoint.secret).toMatch(/^whsec_/);

    // Company B's event reaches none of A's endpoints.
    await requestAdvance(employeeB, {
      amount: "300.00",
      reason: null,
      repaymentPeriods: 1,
    });
    const request = await requestAdvance(await createEmployee(owner), {
      amount: "300.00",
      reason: null,
      repaymentPeriods: 1,
    });
    await approveAdvance(owner, request.id);
    // A declined event: not subscribed, no delivery.
    const other = await requestAdvance(await createEmployee(owner), {
      amount: "250.00",
      reason: null,
      repaymentPeriods: 1,
    });
    await declineAdvance(owner, other.id);
    const deliveries = await pendingOf(endpoint.id);
    expect(deliveries.map((d) => d.type)).toEqual([
      "advance_request.created",
      "advance_request.approved",
      "advance_request.created",
    ]);

    if (connection().kind === "postgres") {
      // Each delivery's job was added with it, in the action's transaction.
      const jobs = await queryRows<{ key: string }>(
        db(),
        sql`select key from graphile_worker.jobs where task_identifier = 'webhook-delivery'`,
      );
      const keys = jobs.map((j) => j.key);
      for (const d of deliveries) expect(keys).toContain(`webhook:${d.id}`);
    }

    received.length = 0;
    for (const d of deliveries)
      expect(await deliverWebhook(d.id)).toBe("delivered");
    expect(received).toHaveLength(3);
    for (const r of received) {
      const header = String(r.headers["grocery-advance-signature"]);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verify(endpoint.secret, header, r.body)).toBe(true);
      expect(verify("whsec_wrong", header, r.body)).toBe(false);
    }
    const approved = JSON.parse(received[1].body);
    expect(approved).toMatchObject({
      type: "advance_request.approved",
      data: { id: request.id, status: "APPROVED", amount: "300.00" },
    });
    expect(approved.id).toMatch(/^evt_/);
    expect(approved.created).toEqual(expect.any(Number));
    // Delivered once: a second run skips it.
    expect(await deliverWebhook(deliveries[0].id)).toBe("skipped");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a pending delivery whose job is gone gets one again from the sweep; a delivered or deleted one does not",
    async () => {
      const res = await call(
        endpointsRoute.action as Handler,
        await requestAs(owner, "/api/webhook-endpoints", {
          json: { url: `${base}/swept`, events: ["advance_request.created"] },
        }),
      );
      const endpoint = (await res.json()) as { id: number };
      for (let i = 0; i < 2; i++)
        await requestAdvance(await createEmployee(owner), {
          amount: "200.00",
          reason: null,
          repaymentPeriods: 1,
        });
      const [lost, done] = await pendingOf(endpoint.id);
      expect(await deliverWebhook(done.id)).toBe("delivered");
      // A job finished against a server that did not have the row (the second after a
      // failover when two servers answer as the primary): the row stays pending, the job is gone.
      await db().execute(
        sql`select graphile_worker.remove_job(${`webhook:${lost.id}`})`,
      );
      await db().execute(
        sql`select graphile_worker.remove_job(${`webhook:${done.id}`})`,
      );
      const swept = await requeueWebhooksWithoutJob();
      expect(swept).toContain(lost.id);
      expect(swept).not.toContain(done.id);
      const jobs = await queryRows<{ key: string }>(
        db(),
        sql`select key from graphile_worker.jobs where key = ${`webhook:${lost.id}`}`,
      );
      expect(jobs).toHaveLength(1);
      // Its job is there now: the next sweep leaves it alone.
      expect(await requeueWebhooksWithoutJob()).not.toContain(lost.id);
      expect(await deliverWebhook(lost.id)).toBe("delivered");
      // A delivery deleted with its endpoint: its job finds nothing and is done.
      await db()
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpoint.id));
      expect(await deliverWebhook(lost.id)).toBe("skipped");
    },
  );

  it("retries after a 500, a timeout and a redirect, recording each attempt's code", async () => {
    const endpoint = await createWebhookEndpoint(owner, {
      url: `${base}/flaky`,
      events: ["advance_request.created"],
    });
    await requestAdvance(await createEmployee(owner), {
      amount: "210.00",
      reason: null,
      repaymentPeriods: 1,
    });
    const [delivery] = await pendingOf(endpoint.id);
    plan.push("fail", "hang", "redirect");
    expect(await deliverWebhook(delivery.id)).toBe("retry");
    const started = Date.now();
    expect(await deliverWebhook(delivery.id)).toBe("retry");
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await deliverWebhook(delivery.id)).toBe("retry");
    expect(await deliverWebhook(delivery.id)).toBe("delivered");
    const [row] = await pendingOf(endpoint.id);
    expect(row.status).toBe("delivered");
    expect(row.attempts.map((a) => a.status)).toEqual([500, null, 302, 200]);
    expect(row.attempts[1].error).toBe("timed_out");
    const [ep] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(ep.failingSince).toBeNull();
  });

  it("gives up after 24 hours, disables an endpoint failing for 3 days, and resends", async () => {
    const endpoint = await createWebhookEndpoint(owner, {
      url: `${base}/down`,
      events: ["advance_request.created"],
    });
    await requestAdvance(await createEmployee(owner), {
      amount: "220.00",
      reason: null,
      repaymentPeriods: 1,
    });
    const [delivery] = await pendingOf(endpoint.id);
    await db()
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(webhookDeliveries.id, delivery.id));
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '4 days'` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    plan.push("fail");
    expect(await deliverWebhook(delivery.id)).toBe("failed");
    const [ep] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(ep.disabledAt).not.toBeNull();
    // The owners are told.
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "webhook.disabled"));
    expect(mails.map((m) => m.userId)).toEqual([owner.id]);
    expect(mails[0].text).toContain(`${base}/down`);

    // Resend: a new delivery of the same event, the endpoint enabled again.
    const id = await resendWebhookDelivery(owner, delivery.id);
    expect(await deliverWebhook(id)).toBe("delivered");
    const rows = await pendingOf(endpoint.id);
    expect(rows.map((r) => r.eventId)).toEqual([
      delivery.eventId,
      delivery.eventId,
    ]);
  });

  it("never posts to a private address without WEBHOOK_ALLOW_PRIVATE_NETWORKS", async () => {
    const endpoint = await createWebhookEndpoint(owner, {
      url: `${base}/private`,
      events: ["advance_request.created"],
    });
    await requestAdvance(await createEmployee(owner), {
      amount: "230.00",
      reason: null,
      repaymentPeriods: 1,
    });
    const [delivery] = await pendingOf(endpoint.id);
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "false";
    resetEnvCache();
    received.length = 0;
    // http:// is refused first; an https:// name resolving to loopback is refused at lookup.
    expect(await deliverWebhook(delivery.id)).toBe("retry");
    await db()
      .update(webhookEndpoints)
      .set({ url: `https://localhost:${new URL(base).port}/private` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(await deliverWebhook(delivery.id)).toBe("retry");
    expect(received).toHaveLength(0);
    const [row] = await pendingOf(endpoint.id);
    expect(row.attempts.map((a) => a.error)).toEqual([
      "https_only",
      "private_address",
    ]);

    // Registration refuses plain http and literal private addresses too.
    for (const url of [`${base}/x`, "https://10.1.2.3/x", "https://[::1]/x"]) {
      const res = await call(
        endpointsRoute.action as Handler,
        await requestAs(owner, "/api/webhook-endpoints", {
          json: { url, events: ["card.issued"] },
        }),
      );
      expect(res.status, url).toBe(400);
    }
  });

  it("sends the payroll and leaving events: payroll_run.submitted, deduction.collected, card.closed, employee.offboarded", async () => {
    const endpoint = await createWebhookEndpoint(owner, {
      url: `${base}/payroll`,
      events: [
        "payroll_run.submitted",
        "deduction.collected",
        "card.closed",
        "employee.offboarded",
      ],
    });
    const worker = await createEmployee(owner, { firstName: "Pay" });
    const request = await cardedAdvance(worker, "200.00", 2);
    const [first] = await deductionsOf(request.id);
    const day = first.deductionDate;
    const noon = new Date(day.getTime() + 12 * 3_600_000);
    const { run } = await createPayrollRun(
      owner,
      { payDate: isoDay(day) },
      noon,
    );
    const mine = run.deductions.find((d) => d.id === first.id)!;
    await recordPayrollResults(
      owner,
      run.id,
      { results: [{ deductionId: mine.id, collectedAmount: "100.00" }] },
      noon,
    );
    const employeeId = (await employeeOf(worker)).id;
    await offboardEmployee(
      owner,
      employeeId,
      { lastPayDate: isoDay(day) },
      noon,
    );

    const deliveries = await pendingOf(endpoint.id);
    const types = deliveries.map((d) => d.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "payroll_run.submitted",
        "deduction.collected",
        "card.closed",
        "employee.offboarded",
      ]),
    );
    const payload = (type: string) =>
      JSON.parse(deliveries.find((d) => d.type === type)!.payload);
    expect(payload("payroll_run.submitted").data).toMatchObject({ id: run.id });
    expect(payload("deduction.collected").data).toMatchObject({
      id: mine.id,
      status: "COLLECTED",
      payrollRunId: run.id,
    });
    expect(payload("card.closed").data).toMatchObject({ status: "closed" });
    expect(payload("employee.offboarded").data).toMatchObject({ employeeId });
    received.length = 0;
    for (const d of deliveries)
      expect(await deliverWebhook(d.id)).toBe("delivered");
    expect(received.length).toBe(deliveries.length);
  });
});
