import fs from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import createClient from "openapi-fetch";
import prettier from "prettier";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "#db/schema";
import { requestAdvance } from "~/models/advances/index.server";
import * as quoteRoute from "~/routes/api.advance-quote";
import * as approveRoute from "~/routes/api.advance-requests.$id.approve";
import * as pendingRoute from "~/routes/api.advance-requests.pending";
import * as apiKeysRoute from "~/routes/api.api-keys.($id)";
import * as employeesRoute from "~/routes/api.employees";
import * as webhookEndpointsRoute from "~/routes/api.webhook-endpoints.($id)";
import { useTestDatabase } from "#tests/support/db";
import {
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { TYPES_FILE, generatedTypes } from "#tests/support/openapi-file";
import type { paths } from "#tests/generated/api";

// The API through a client generated from its OpenAPI document (openapi-typescript types,
// openapi-fetch): the calls below typecheck only while the document describes them, and the
// checked-in types must be what the current document generates. The client's fetch hands each
// request to the route module its path names, as Remix would.

// One database is enough: what is checked is that the generated client's calls typecheck and reach
// their routes; the rows behind the answers are written and read by domain functions tested on
// both. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

type Module = {
  loader: (args: never) => Promise<Response>;
  action: (args: never) => Promise<Response>;
};
const ROUTES: Array<[RegExp, Module]> = [
  [/^\/api\/employees$/, employeesRoute],
  [/^\/api\/advance-quote$/, quoteRoute],
  [/^\/api\/advance-requests\/pending$/, pendingRoute],
  [/^\/api\/advance-requests\/(?<id>\d+)\/approve$/, approveRoute],
  [/^\/api\/api-keys(?:\/(?<id>\d+))?$/, apiKeysRoute],
  [/^\/api\/webhook-endpoints(?:\/(?<id>\d+))?$/, webhookEndpointsRoute],
];

async function routeFetch(input: Request): Promise<Response> {
  const path = new URL(input.url).pathname;
  for (const [pattern, mod] of ROUTES) {
    const match = path.match(pattern);
    if (!match) continue;
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).filter(([, v]) => v !== undefined),
    );
    const args = { request: input, params, context: {} as AppLoadContext };
    const handler = input.method === "GET" ? mod.loader : mod.action;
    return (handler as (a: typeof args) => Promise<Response>)(args);
  }
  return new Response(JSON.stringify({ message: "Not found" }), {
    status: 404,
  });
}

let owner: User;
let employee: User;

beforeAll(async () => {
  owner = await createEmployer({ companyName: "Client Co" });
  employee = await createEmployee(owner, { firstName: "Cleo" });
});

describe("the generated client", () => {
  it("matches the current document (npm run openapi:types)", async () => {
    const config = await prettier.resolveConfig(TYPES_FILE);
    const fresh = await prettier.format(await generatedTypes(), {
      ...config,
      parser: "typescript",
    });
    expect(fs.readFileSync(TYPES_FILE, "utf8")).toBe(fresh);
  });

  it("creates a key as the owner, then works with it: read, approve idempotently, register a webhook, revoke", async () => {
    // The owner's session (the key endpoints are for a signed-in owner).
    const cookie = (await requestAs(owner, "/")).headers.get("Cookie")!;
    const asOwner = createClient<paths>({
      baseUrl: "http://localhost:3000",
      fetch: routeFetch,
      headers: { Cookie: cookie },
    });
    const created = await asOwner.POST("/api/api-keys", {
      body: {
        name: "Generated client",
        scopes: [
          "employees:read",
          "advances:read",
          "advances:write",
          "webhooks:write",
        ],
      },
    });
    expect(created.response.status).toBe(201);
    const key = created.data!.key;

    const client = createClient<paths>({
      baseUrl: "http://localhost:3000",
      fetch: routeFetch,
      headers: { Authorization: `Bearer ${key}` },
    });
    const employees = await client.GET("/api/employees");
    expect(employees.data?.map((e) => e.firstName)).toContain("Cleo");

    const request = await requestAdvance(employee, {
      amount: "300.00",
      reason: null,
      repaymentPeriods: 2,
    });
    const pending = await client.GET("/api/advance-requests/pending");
    expect(pending.data?.map((r) => r.id)).toContain(request.id);
    const approve = () =>
      client.POST("/api/advance-requests/{id}/approve", {
        params: {
          path: { id: request.id },
          header: { "Idempotency-Key": `approve-${request.id}` },
        },
      });
    const first = await approve();
    const again = await approve();
    expect(first.data?.status).toBe("APPROVED");
    expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.data).toEqual(first.data);

    const endpoint = await client.POST("/api/webhook-endpoints", {
      body: {
        url: "https://hooks.example.com/client",
        events: ["advance_request.approved"],
      },
    });
    expect(endpoint.response.status).toBe(201);
    expect(endpoint.data?.secret).toMatch(/^whsec_/);
    const removed = await client.DELETE("/api/webhook-endpoints/{id}", {
      params: { path: { id: endpoint.data!.id } },
    });
    expect(removed.response.status).toBe(200);

    const revoked = await asOwner.DELETE("/api/api-keys/{id}", {
      params: { path: { id: created.data!.id } },
    });
    expect(revoked.data?.revokedAt).toEqual(expect.any(String));
    const refused = await client.GET("/api/employees");
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ message: "Invalid or revoked API key" });
  });

  it("quotes an advance with the query parameters the document declares", async () => {
    const cookie = (await requestAs(employee, "/")).headers.get("Cookie")!;
    const asEmployee = createClient<paths>({
      baseUrl: "http://localhost:3000",
      fetch: routeFetch,
      headers: { Cookie: cookie },
    });
    const quote = await asEmployee.GET("/api/advance-quote", {
      params: { query: { amount: "300", repaymentPeriods: 2 } },
    });
    expect(quote.response.status).toBe(200);
    expect(quote.data).toBeDefined();
    const refused = await asEmployee.GET("/api/advance-quote", {
      params: { query: { amount: "abc" } },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({
      errors: { amount: expect.any(Array) },
    });
  });
});
