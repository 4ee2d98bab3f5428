import { companyOwners } from "~/models/people/index.server";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
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
import * as enableRoute from "~/routes/api.webhook-endpoints.$id.enable";
import * as settingsRoute from "~/routes/_app.settings_.api";
import esMessages from "~/utils/locales/es/messages-employer";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_ENDPOINTS_PER_COMPANY,
} from "~/utils/rules";
import { connection, db, queryRows } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { useTestDatabase } from "#tests/support/db";
import { deliveryErrors } from "#tests/support/webhook-contract";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Signed webhooks delivered to a real HTTP receiver on 127.0.0.1: the body and
// the Grocery-Advance-Signature header are checked as a receiver would, with the endpoint's
// secret; a 500 and a timeout are retried; a private address is refused without the setting.

useTestDatabase();

type Handler = Parameters<typeof call>[0];
type Received = { headers: http.IncomingHttpHeaders; body: string };

let receiver: http.Server;
let base: string;
const received: Received[] = [];
/** Every body the receiver got in this file: each must match its event's documented schema. */
const everyBody: string[] = [];
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
      everyBody.push(body);
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
  for (const body of everyBody.splice(0))
    expect(deliveryErrors(body), body).toEqual([]);
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
      expect(await deliverWebhook(d.id, companyOwners)).toBe("delivered");
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
    expect(await deliverWebhook(deliveries[0].id, companyOwners)).toBe(
      "skipped",
    );
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
      expect(await deliverWebhook(done.id, companyOwners)).toBe("delivered");
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
      expect(await deliverWebhook(lost.id, companyOwners)).toBe("delivered");
      // A delivery deleted with its endpoint: its job finds nothing and is done.
      await db()
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpoint.id));
      expect(await deliverWebhook(lost.id, companyOwners)).toBe("skipped");
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
    expect(await deliverWebhook(delivery.id, companyOwners)).toBe("retry");
    const started = Date.now();
    expect(await deliverWebhook(delivery.id, companyOwners)).toBe("retry");
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await deliverWebhook(delivery.id, companyOwners)).toBe("retry");
    expect(await deliverWebhook(delivery.id, companyOwners)).toBe("delivered");
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

  it("gives up on a delivery after 24 hours, and a resend sends the same event again", async () => {
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
    plan.push("fail");
    expect(await deliverWebhook(delivery.id, companyOwners)).toBe("failed");
    // Resend: a new delivery of the same event.
    const id = await resendWebhookDelivery(owner, delivery.id);
    expect(await deliverWebhook(id, companyOwners)).toBe("delivered");
    const rows = await pendingOf(endpoint.id);
    expect(rows.map((r) => r.eventId)).toEqual([
      delivery.eventId,
      delivery.eventId,
    ]);
  });

  it(`disables an endpoint after ${WEBHOOK_DISABLE_AFTER_FAILURES} failures in a row over at least a day, mails the owners, and an owner enables it again (API and /settings/api)`, async () => {
    const boss = await createEmployer({ companyName: "Hook Down" });
    const endpoint = await createWebhookEndpoint(boss, {
      url: `${base}/broken`,
      events: ["advance_request.created"],
    });
    const worker = await createEmployee(boss);
    const failOnce = async () => {
      await requestAdvance(worker, {
        amount: "200.00",
        reason: null,
        repaymentPeriods: 1,
      }).catch(() => {});
      const rows = await pendingOf(endpoint.id);
      const pending = rows.filter((r) => r.status === "pending");
      plan.push("fail");
      return deliverWebhook(pending[pending.length - 1].id, companyOwners);
    };
    const state = async () =>
      (
        await db()
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, endpoint.id))
      )[0];
    // Many failures within minutes: not disabled (an outage of an hour is not a dead endpoint).
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILURES + 2; i++)
      expect(await failOnce()).toBe("retry");
    expect((await state()).disabledAt).toBeNull();
    expect((await state()).consecutiveFailures).toBe(
      WEBHOOK_DISABLE_AFTER_FAILURES + 2,
    );
    // A success starts the count afresh.
    const [one] = (await pendingOf(endpoint.id)).filter(
      (r) => r.status === "pending",
    );
    expect(await deliverWebhook(one.id, companyOwners)).toBe("delivered");
    expect((await state()).consecutiveFailures).toBe(0);
    expect((await state()).failingSince).toBeNull();
    // Failing for over a day, but fewer than N attempts in a row: not yet.
    expect(await failOnce()).toBe("retry");
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    for (let i = 2; i < WEBHOOK_DISABLE_AFTER_FAILURES; i++)
      expect(await failOnce()).toBe("retry");
    expect((await state()).disabledAt).toBeNull();
    // The Nth failure in a row, the first a day ago: disabled.
    expect(await failOnce()).toBe("failed");
    const disabled = await state();
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.consecutiveFailures).toBe(WEBHOOK_DISABLE_AFTER_FAILURES);

    // The owners are told, once.
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, "webhook.disabled"),
          eq(mailOutbox.userId, boss.id),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${base}/broken`);
    expect(mails[0].text).toContain(
      `The last ${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries`,
    );
    // Its pending deliveries fail, and new events skip it.
    for (const row of (await pendingOf(endpoint.id)).filter(
      (r) => r.status === "pending",
    ))
      expect(await deliverWebhook(row.id, companyOwners)).toBe("failed");
    const before = (await pendingOf(endpoint.id)).length;
    await requestAdvance(await createEmployee(boss), {
      amount: "200.00",
      reason: null,
      repaymentPeriods: 1,
    });
    expect(await pendingOf(endpoint.id)).toHaveLength(before);

    // The API says why, and how to enable it again.
    const list = await call(
      endpointsRoute.loader as Handler,
      await requestAs(boss, "/api/webhook-endpoints"),
    );
    const [listed] = (await list.json()) as Array<{
      disabledAt: string | null;
      disabledReason: string | null;
    }>;
    expect(listed.disabledAt).not.toBeNull();
    expect(listed.disabledReason).toMatch(
      new RegExp(
        `^Disabled after ${WEBHOOK_DISABLE_AFTER_FAILURES} failed deliveries in a row since .*POST /api/webhook-endpoints/${endpoint.id}/enable`,
      ),
    );
    // Another company cannot enable it.
    const theirs = await call(
      enableRoute.action as Handler,
      await requestAs(ownerB, `/api/webhook-endpoints/${endpoint.id}/enable`, {
        method: "POST",
      }),
      { id: String(endpoint.id) },
    );
    expect(theirs.status).toBe(404);
    const enabled = await call(
      enableRoute.action as Handler,
      await requestAs(boss, `/api/webhook-endpoints/${endpoint.id}/enable`, {
        method: "POST",
      }),
      { id: String(endpoint.id) },
    );
    expect(enabled.status).toBe(200);
    expect(await enabled.json()).toMatchObject({
      id: endpoint.id,
      disabledAt: null,
      disabledReason: null,
      consecutiveFailures: 0,
    });
    // It gets events again.
    await requestAdvance(await createEmployee(boss), {
      amount: "200.00",
      reason: null,
      repaymentPeriods: 1,
    });
    const latest = (await pendingOf(endpoint.id)).at(-1)!;
    expect(await deliverWebhook(latest.id, companyOwners)).toBe("delivered");

    // On /settings/api: disabled again, then the page's Enable button.
    await db()
      .update(webhookEndpoints)
      .set({ disabledAt: sql`now()`, consecutiveFailures: 10 })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const page = await call(
      settingsRoute.loader as Handler,
      await requestAs(boss, "/settings/api"),
    );
    const data = (await page.json()) as {
      endpoints: Array<{ id: number; disabledText: string | null }>;
    };
    expect(
      data.endpoints.find((e) => e.id === endpoint.id)?.disabledText,
    ).toMatch(/after 10 failed deliveries in a row/);
    const button = await call(
      settingsRoute.action as Handler,
      await requestAs(boss, "/settings/api", {
        form: { intent: "enable-endpoint", endpointId: String(endpoint.id) },
      }),
    );
    expect(button.status).toBe(302);
    expect((await state()).disabledAt).toBeNull();
  });

  it(`refuses an endpoint beyond ${WEBHOOK_ENDPOINTS_PER_COMPANY} per company, with a clear message in the API and on /settings/api`, async () => {
    const boss = await createEmployer({ companyName: "Many Hooks" });
    // Ten at once: exactly ten are added.
    const added = await Promise.allSettled(
      Array.from({ length: WEBHOOK_ENDPOINTS_PER_COMPANY + 2 }, (_, i) =>
        createWebhookEndpoint(boss, {
          url: `https://hooks.example.com/${i}`,
          events: ["card.issued"],
        }),
      ),
    );
    expect(added.filter((r) => r.status === "fulfilled")).toHaveLength(
      WEBHOOK_ENDPOINTS_PER_COMPANY,
    );
    const res = await call(
      endpointsRoute.action as Handler,
      await requestAs(boss, "/api/webhook-endpoints", {
        json: {
          url: "https://hooks.example.com/more",
          events: ["card.issued"],
        },
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message:
        "A company can have at most 10 webhook endpoints. Remove one before adding another.",
    });
    const page = await call(
      settingsRoute.action as Handler,
      await requestAs(boss, "/settings/api", {
        form: {
          intent: "add-endpoint",
          url: "https://hooks.example.com/page",
          events: "card.issued",
        },
      }),
    );
    expect(page.status).toBe(400);
    const reply = (await page.json()) as {
      endpointResult: { error: Record<string, string[]> };
    };
    expect(reply.endpointResult.error[""]).toEqual([WEBHOOK_ENDPOINT_LIMIT]);
    // In Spanish too.
    expect((esMessages as Record<string, string>)[WEBHOOK_ENDPOINT_LIMIT]).toBe(
      "Una empresa puede tener como máximo 10 endpoints de webhook. Elimina uno antes de añadir otro.",
    );
    // Another company is not counted against it.
    expect(
      (
        await createWebhookEndpoint(ownerB, {
          url: "https://hooks.example.com/b",
          events: ["card.issued"],
        })
      ).id,
    ).toEqual(expect.any(Number));
  });

  it("has one attempt in flight per endpoint: a second at once is put off, not sent", async () => {
    const endpoint = await createWebhookEndpoint(owner, {
      url: `${base}/one-at-a-time`,
      events: ["advance_request.created"],
    });
    for (const amount of ["200.00", "210.00"])
      await requestAdvance(await createEmployee(owner), {
        amount,
        reason: null,
        repaymentPeriods: 1,
      });
    const [a, b] = await pendingOf(endpoint.id);
    plan.push("hang");
    received.length = 0;
    const first = deliverWebhook(a.id, companyOwners);
    await expect.poll(() => received.length).toBe(1);
    expect(await deliverWebhook(b.id, companyOwners)).toBe("busy");
    expect(await first).toBe("retry");
    expect(received).toHaveLength(1);
    // The lease is let go with the attempt: the second goes now.
    expect(await deliverWebhook(b.id, companyOwners)).toBe("delivered");
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
    expect(await deliverWebhook(delivery.id, companyOwners)).toBe("retry");
    await db()
      .update(webhookEndpoints)
      .set({ url: `https://localhost:${new URL(base).port}/private` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(await deliverWebhook(delivery.id, companyOwners)).toBe("retry");
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
      expect(await deliverWebhook(d.id, companyOwners)).toBe("delivered");
    expect(received.length).toBe(deliveries.length);
  });
});
