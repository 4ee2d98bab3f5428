import { companyOwners } from "~/models/people/index.server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "#db/schema";
import {
  approveAdvance,
  cancelAdvance,
  declineAdvance,
  requestAdvance,
} from "~/models/advances/index.server";
import { completeSandboxCheckout } from "~/models/cards/index.server";
import {
  createWebhookEndpoint,
  deliverWebhook,
  sendTestWebhook,
} from "~/models/integrations/index.server";
import {
  createPayrollRun,
  offboardEmployee,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { WEBHOOK_EVENTS } from "~/utils/api-scopes";
import { API_VERSION } from "~/utils/api-version";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { isoDay } from "~/utils/pay-schedule";
import { DELIVERED_EVENTS } from "~/validation/webhook-events";
import { useTestDatabase } from "#tests/support/db";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { deductionsOf, employeeOf } from "#tests/support/rows";
import {
  DOCUMENTED_EVENTS,
  deliveryErrors,
  documentedVersions,
} from "#tests/support/webhook-contract";

// Every event type, caused by the real actions and delivered to a receiver on 127.0.0.1: each
// body as received validates against its own event's schema in the served OpenAPI document
// (`webhooks`), which is generated from the contracts emitWebhook is typed by.

useTestDatabase();

let receiver: http.Server;
let base: string;
const bodies: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(0, "127.0.0.1", resolve),
  );
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  resetEnvCache();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const CARD = {
  number: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: "123",
};

describe("webhook payloads", () => {
  it("documents one schema per event type, ping included", () => {
    expect(DOCUMENTED_EVENTS.sort()).toEqual([...DELIVERED_EVENTS].sort());
  });

  it("delivers every event type with a body that validates against its schema in the document", async () => {
    const owner = await createEmployer({ companyName: "Contract Co" });
    const endpoint = await createWebhookEndpoint(owner, {
      url: `${base}/all`,
      events: [...WEBHOOK_EVENTS],
    });
    const worker = await createEmployee(owner, { firstName: "Cara" });
    const request = await requestAdvance(worker, {
      amount: "300.00",
      reason: "Groceries",
      repaymentPeriods: 2,
    });
    await approveAdvance(owner, request.id);
    const declined = await requestAdvance(await createEmployee(owner), {
      amount: "250.00",
      reason: null,
      repaymentPeriods: 1,
    });
    await declineAdvance(owner, declined.id, "Not this time");
    const leaver = await createEmployee(owner);
    const cancelled = await requestAdvance(leaver, {
      amount: "250.00",
      reason: null,
      repaymentPeriods: 1,
    });
    await cancelAdvance(leaver, cancelled.id);
    await completeSandboxCheckout(worker, {
      amount: "300.00",
      advanceRequestId: request.id,
      card: CARD,
    });
    const [first] = await deductionsOf(request.id);
    const noon = new Date(first.deductionDate.getTime() + 12 * 3_600_000);
    const { run } = await createPayrollRun(
      owner,
      { payDate: isoDay(first.deductionDate) },
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
      { lastPayDate: isoDay(first.deductionDate) },
      noon,
    );
    await sendTestWebhook(owner, endpoint.id);

    const deliveries = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(webhookDeliveries.id);
    bodies.length = 0;
    for (const d of deliveries)
      expect(await deliverWebhook(d.id, companyOwners)).toBe("delivered");
    expect(bodies).toHaveLength(deliveries.length);

    const events = bodies.map(
      (b) =>
        JSON.parse(b) as {
          type: string;
          version: string;
          data: Record<string, unknown>;
        },
    );
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(DELIVERED_EVENTS),
    );
    for (const body of bodies) expect(deliveryErrors(body), body).toEqual([]);
    // Each body is written in its endpoint's pinned version, one the document lists for it.
    expect(endpoint.apiVersion).toBe(API_VERSION);
    for (const event of events) {
      expect(documentedVersions(event.type)).toContain(event.version);
      expect(event.version).toBe(endpoint.apiVersion);
    }

    // Each names what it concerns.
    const of = (type: string) => events.find((e) => e.type === type)!.data;
    expect(of("card.issued")).toMatchObject({
      employeeId,
      advanceRequestId: request.id,
    });
    expect(of("card.closed")).toMatchObject({
      employeeId,
      advanceRequestId: request.id,
      status: "closed",
    });
    expect(of("deduction.collected")).toMatchObject({
      id: mine.id,
      employeeId,
      payrollRunId: run.id,
      collectedAmount: "100.00",
      shortfall: (Number(mine.amount) - 100).toFixed(2),
      arrearsDeductionId: expect.any(Number),
    });
    expect(of("employee.offboarded")).toMatchObject({ employeeId });
    expect(of("advance_request.declined")).toMatchObject({
      id: declined.id,
      employeeId: expect.any(Number),
    });
  });

  it("refuses a body that strays from its schema (an unknown field, a missing id, an unknown type)", () => {
    const body = (
      data: Record<string, unknown>,
      type = "employee.offboarded",
    ) =>
      JSON.stringify({
        id: "evt_1",
        type,
        created: 1,
        version: API_VERSION,
        data,
      });
    const offboarded = {
      employeeId: 1,
      lastPayDate: "2026-12-01",
      cardsClosed: 0,
      requestsCancelled: 0,
      deductionsMoved: 0,
    };
    expect(deliveryErrors(body(offboarded))).toEqual([]);
    expect(deliveryErrors(body({ ...offboarded, extra: 1 }))).not.toEqual([]);
    const { employeeId: _, ...noId } = offboarded;
    expect(deliveryErrors(body(noId))).not.toEqual([]);
    expect(deliveryErrors(body(offboarded, "employee.moved"))).not.toEqual([]);
    const unversioned = { ...JSON.parse(body(offboarded)), version: undefined };
    expect(deliveryErrors(JSON.stringify(unversioned))).not.toEqual([]);
    const unknown = { ...JSON.parse(body(offboarded)), version: "2020-01-01" };
    expect(deliveryErrors(JSON.stringify(unknown))).not.toEqual([]);
  });
});
