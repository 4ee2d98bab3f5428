import { companyOwners } from "~/models/people/index.server";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import createClient, { type Middleware } from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import prettier from "prettier";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { webhookDeliveries } from "#db/schema";
import { deliverWebhook } from "~/models/integrations/index.server";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { isoDay } from "~/utils/pay-schedule";
import type { paths } from "#tests/generated/api";
import { startAppServer, type AppServer } from "#tests/support/app-server";
import { useTestDatabase } from "#tests/support/db";
import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
} from "#tests/support/factories";
import { TYPES_FILE } from "#tests/support/openapi-file";
import { deductionsOf } from "#tests/support/rows";

// A whole integration as an outside developer builds it, from the served OpenAPI document
// alone: the typed client is generated from the document the server serves (openapi-typescript;
// the calls below compile against those types, tests/generated/api.d.ts, which must be exactly
// what the served document generates) and drives the app on a port through openapi-fetch:
// key → webhook endpoint → request → approval → card → payroll run → partial result →
// offboarding. Every answer is validated with ajv against the served document's schema for its
// operation and status; every delivered event, received on 127.0.0.1 and verified by its
// signature, against the document's schema for its type (`webhooks`).

// One database is enough: what is checked is that a client generated from the served document
// typechecks and drives the whole integration, every answer as the document says; each step is a
// domain function (and each webhook a delivery job) with its own tests on both. (.ci/run runs it on
// PostgreSQL only.)
useTestDatabase();

type Json = Record<string, unknown>;
type Operation = {
  responses: Record<
    string,
    { content?: Record<string, { schema: object }>; headers?: Json }
  >;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<
    string,
    { post: { requestBody: { content: Record<string, { schema: object }> } } }
  >;
};

let server: AppServer;
let document: Document;
let servedText: string;
let receiver: http.Server;
let hookUrl: string;
const received: Array<{ signature: string; body: string }> = [];
const checked: string[] = [];
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  resetEnvCache();
  server = await startAppServer();
  const served = await fetch(`${server.url}/api/openapi.json`);
  expect(served.status).toBe(200);
  servedText = await served.text();
  document = JSON.parse(servedText) as Document;
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({
        signature: String(req.headers["grocery-advance-signature"]),
        body,
      });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(0, "127.0.0.1", resolve),
  );
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  vi.useRealTimers();
  await server?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  resetEnvCache();
});

function validator(key: string, schema: object): ValidateFunction {
  if (!compiled.has(key)) compiled.set(key, ajv.compile(schema));
  return compiled.get(key)!;
}

/** Every answer checked against the served document: its status listed, its body its schema. */
const documented: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const method = request.method.toLowerCase();
    const where = `${request.method} ${schemaPath} → ${response.status}`;
    const answer =
      document.paths[schemaPath]?.[method]?.responses[String(response.status)];
    expect(answer, `${where} is documented`).toBeDefined();
    const schema = answer.content?.["application/json"]?.schema;
    expect(schema, `${where} has a JSON schema`).toBeDefined();
    const body: unknown = await response.clone().json();
    const validate = validator(
      `${method} ${schemaPath} ${response.status}`,
      schema!,
    );
    expect(
      validate(body) ? [] : validate.errors,
      `${where}: ${JSON.stringify(body)}`,
    ).toEqual([]);
    checked.push(where);
    return undefined;
  },
};

function client(headers: Record<string, string>) {
  const c = createClient<paths>({ baseUrl: server.url, headers });
  c.use(documented);
  return c;
}

/** A person's session through the client: POST /api/login, its cookie. */
async function signIn(username: string): Promise<string> {
  const res = await client({}).POST("/api/login", {
    body: { username, password: TEST_PASSWORD },
  });
  expect(res.response.status).toBe(200);
  return res.response.headers.get("Set-Cookie")!.split(";")[0];
}

/** Sends every pending delivery now, as the job queue would. */
async function deliverPending() {
  const pending = await db()
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, "pending"))
    .orderBy(webhookDeliveries.id);
  for (const { id } of pending)
    expect(await deliverWebhook(id, companyOwners)).toBe("delivered");
}

/** Whether a delivery's Grocery-Advance-Signature is the endpoint secret's HMAC of it. */
function signedBy(secret: string, { signature, body }: (typeof received)[0]) {
  const t = /(?:^|,)t=(\d+)/.exec(signature)?.[1];
  const expected = crypto
    .createHmac("sha256", secret)
    .update(`${t}.${body}`)
    .digest("hex");
  return signature.split(",").includes(`v1=${expected}`);
}

describe("an integration through the generated client", () => {
  it("generates from the served document the types the client compiles against", async () => {
    const ast = await openapiTS(JSON.parse(servedText));
    const generated =
      "// Generated by `npm run openapi:types` from the OpenAPI document; do not edit by hand.\n" +
      astToString(ast);
    const config = await prettier.resolveConfig(TYPES_FILE);
    const formatted = await prettier.format(generated, {
      ...config,
      parser: "typescript",
    });
    expect(fs.readFileSync(TYPES_FILE, "utf8")).toBe(formatted);
  });

  it("key → endpoint → request → approval → card → run → partial result → offboarding, every answer and event as documented", async () => {
    const owner = await createEmployer({ companyName: "Integration Co" });
    const worker = await createEmployee(owner, { firstName: "Ines" });
    const asOwner = client({ Cookie: await signIn(owner.username) });
    const asWorker = client({ Cookie: await signIn(worker.username) });

    // A key with every scope the integration uses.
    const created = await asOwner.POST("/api/api-keys", {
      body: {
        name: "Payroll integration",
        scopes: [
          "employees:read",
          "employees:write",
          "advances:read",
          "advances:write",
          "payroll:read",
          "payroll:write",
          "webhooks:write",
        ],
      },
    });
    expect(created.response.status).toBe(201);
    const api = client({ Authorization: `Bearer ${created.data!.key!}` });

    // Its webhook endpoint, for every event type.
    const endpoint = await api.POST("/api/webhook-endpoints", {
      body: {
        url: hookUrl,
        events: [
          "advance_request.created",
          "advance_request.approved",
          "card.issued",
          "card.closed",
          "payroll_run.submitted",
          "deduction.collected",
          "employee.offboarded",
        ],
      },
    });
    expect(endpoint.response.status).toBe(201);
    const secret = endpoint.data!.secret!;

    // The employee's request, approved by the key (idempotently).
    const employeeId = (await asWorker.GET("/api/employee")).data!.id;
    const asked = await asWorker.POST("/api/advance-requests", {
      body: {
        employeeId,
        amount: "300.00",
        reason: "Groceries",
        repaymentPeriods: 2,
      },
    });
    expect(asked.response.status).toBe(201);
    const requestId = asked.data!.id;
    const pending = await api.GET("/api/advance-requests/pending", {
      params: { query: { limit: 10 } },
    });
    expect(pending.data!.map((r) => r.id)).toContain(requestId);
    const approve = () =>
      api.POST("/api/advance-requests/{id}/approve", {
        params: {
          path: { id: requestId },
          header: { "Idempotency-Key": `approve-${requestId}` },
        },
      });
    expect((await approve()).data!.status).toBe("APPROVED");
    const replay = await approve();
    expect(replay.response.headers.get("Idempotent-Replayed")).toBe("true");
    const read = await api.GET("/api/advance-requests/{id}", {
      params: { path: { id: requestId } },
    });
    expect(read.data!.status).toBe("APPROVED");

    // Its card: the fee's payment intent, paid with the sandbox's test card, then the card.
    await asWorker.POST("/api/create-payment-intent", {
      body: { amount: "300.00", advanceRequestId: requestId },
    });
    const paid = await asWorker.POST("/api/sandbox/payments", {
      body: {
        advanceRequestId: requestId,
        amount: "300.00",
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 40",
        cvc: "123",
      },
    });
    expect(paid.data!.status).toBe("authorized");
    const card = await asWorker.POST("/api/create-grocery-card", {
      body: { advanceRequestId: requestId },
    });
    expect(card.response.status).toBe(201);
    await deliverPending();

    // The pay date of its first deduction comes: the run, then payroll collects part of it.
    const [first] = await deductionsOf(requestId);
    vi.useFakeTimers({
      toFake: ["Date"],
      now: new Date(first.deductionDate.getTime() + 12 * 3_600_000),
    });
    try {
      const run = await api.POST("/api/payroll-runs", {
        body: {},
        params: { header: { "Idempotency-Key": "run-1" } },
      });
      expect(run.response.status).toBe(201);
      expect(run.data!.status).toBe("SUBMITTED");
      const mine = run.data!.deductions.find((d) => d.id === first.id)!;
      expect(mine.status).toBe("SUBMITTED");
      const runs = await api.GET("/api/payroll-runs");
      expect(runs.data!.map((r) => r.id)).toContain(run.data!.id);
      const result = await api.POST("/api/payroll-runs/{id}/results", {
        params: { path: { id: run.data!.id } },
        body: {
          results: [{ deductionId: mine.id, collectedAmount: "100.00" }],
        },
      });
      const collected = result.data!.deductions.find((d) => d.id === mine.id)!;
      expect(collected).toMatchObject({
        status: "COLLECTED",
        collectedAmount: "100.00",
        shortfall: "50.00",
      });
      expect(collected.arrearsDeductionId).toEqual(expect.any(Number));

      // The employee leaves: the card closes, what is owed moves to the last pay date.
      const left = await api.POST("/api/employees/{id}/offboard", {
        params: { path: { id: employeeId } },
        body: { lastPayDate: isoDay(first.deductionDate) },
      });
      expect(left.response.status).toBe(200);
      const listed = await api.GET("/api/employees", {
        params: { query: { limit: 100 } },
      });
      expect(listed.data!.find((e) => e.id === employeeId)?.status).toBe(
        "OFFBOARDED",
      );
    } finally {
      vi.useRealTimers();
    }
    await deliverPending();

    // The delivery log, through the client as well.
    const log = await api.GET("/api/webhook-endpoints/{id}/deliveries", {
      params: { path: { id: endpoint.data!.id }, query: { limit: 50 } },
    });
    expect(log.data!.every((d) => d.status === "delivered")).toBe(true);

    // Every event: signed with the endpoint's secret, and its body its type's schema.
    const events = received.map((r) => {
      expect(signedBy(secret, r), r.body).toBe(true);
      const body = JSON.parse(r.body) as { type: string; data: Json };
      const schema =
        document.webhooks[body.type]?.post.requestBody.content[
          "application/json"
        ]?.schema;
      expect(schema, `the document has ${body.type}`).toBeDefined();
      const validate = validator(`webhook ${body.type}`, schema!);
      expect(validate(body) ? [] : validate.errors, r.body).toEqual([]);
      return body;
    });
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set([
        "advance_request.created",
        "advance_request.approved",
        "card.issued",
        "card.closed",
        "payroll_run.submitted",
        "deduction.collected",
        "employee.offboarded",
      ]),
    );
    expect(log.data!.length).toBe(events.length);
    expect(
      events.find((e) => e.type === "deduction.collected")!.data,
    ).toMatchObject({
      id: first.id,
      employeeId,
      collectedAmount: "100.00",
      shortfall: "50.00",
    });
    // Every answer of the integration was checked against the document.
    expect(checked.length).toBeGreaterThan(15);
  });
});
