import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, webhookDeliveries, type User } from "#db/schema";
import {
  createApiKey,
  sendTestWebhook,
} from "~/models/integrations/index.server";
import * as employeesRoute from "~/routes/api.employees";
import * as endpointsRoute from "~/routes/api.webhook-endpoints.($id)";
import { API_VERSION, VERSION_HEADER } from "~/utils/api-version";
import { db } from "~/utils/db.server";
import { API_VERSION_UNKNOWN } from "~/web/api-contract.server";
import { useTestDatabase } from "#tests/support/db";
import { documentedVersions } from "#tests/support/webhook-contract";
import { call, createEmployer, requestAs } from "#tests/support/factories";

// Grocery-Advance-Version: a request may name the version it is written for; without one a
// key answers in the version pinned when it was made, a session in the current one; every
// answer says which; an unknown version is 400 and changes nothing.

// One database is enough: the version is chosen by the request handling from a header or the key's
// pinned version; its rows are the key and the callers. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

type Handler = Parameters<typeof call>[0];
let owner: User;
let key: { id: number; key: string };

beforeAll(async () => {
  owner = await createEmployer({ companyName: "Version Co" });
  key = await createApiKey(owner, {
    name: "Versioned",
    scopes: ["employees:read", "webhooks:write"],
  });
});

const withKey = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, {
    headers: { Authorization: `Bearer ${key.key}`, ...headers },
  });

describe("Grocery-Advance-Version", () => {
  it("pins a new key to the current version and answers in it", async () => {
    const [row] = await db()
      .select({ apiVersion: apiKeys.apiVersion })
      .from(apiKeys)
      .where(eq(apiKeys.id, key.id));
    expect(row.apiVersion).toBe(API_VERSION);
    const res = await call(
      employeesRoute.loader as Handler,
      withKey("/api/employees"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(API_VERSION);
  });

  it("pins a webhook endpoint to the version its creating request was answered in: every body it gets carries it", async () => {
    const res = await call(
      endpointsRoute.action as Handler,
      new Request("http://localhost:3000/api/webhook-endpoints", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key.key}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({
          url: "https://hooks.example.com/pinned",
          events: ["card.issued"],
        }),
      }),
    );
    expect(res.status).toBe(201);
    const answered = res.headers.get(VERSION_HEADER);
    const endpoint = (await res.json()) as { id: number; apiVersion: string };
    expect(endpoint.apiVersion).toBe(answered);
    const ping = await sendTestWebhook(owner, endpoint.id);
    const [row] = await db()
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, ping.id));
    const body = JSON.parse(row.payload) as { version: string };
    expect(body.version).toBe(endpoint.apiVersion);
    expect(documentedVersions("ping")).toContain(body.version);
    await call(
      endpointsRoute.action as Handler,
      new Request(
        `http://localhost:3000/api/webhook-endpoints/${endpoint.id}`,
        {
          method: "DELETE",
          headers: { Authorization: `Bearer ${key.key}` },
        },
      ),
      { id: String(endpoint.id) },
    );
  });

  it("echoes a version the request names, on a session's answer and on a refusal too", async () => {
    const res = await call(
      employeesRoute.loader as Handler,
      withKey("/api/employees", { [VERSION_HEADER]: API_VERSION }),
    );
    expect(res.headers.get(VERSION_HEADER)).toBe(API_VERSION);
    const session = await call(
      employeesRoute.loader as Handler,
      await requestAs(owner, "/api/employees"),
    );
    expect(session.headers.get(VERSION_HEADER)).toBe(API_VERSION);
    const anonymous = await call(
      employeesRoute.loader as Handler,
      await requestAs(null, "/api/employees"),
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get(VERSION_HEADER)).toBe(API_VERSION);
  });

  it("refuses an unknown version with 400, before acting", async () => {
    for (const asked of ["2020-01-01", "latest", ""]) {
      const res = await call(
        employeesRoute.loader as Handler,
        withKey("/api/employees", { [VERSION_HEADER]: asked }),
      );
      expect(res.status, asked).toBe(400);
      expect(await res.json()).toEqual({ message: API_VERSION_UNKNOWN });
    }
    const write = await call(
      endpointsRoute.action as Handler,
      new Request("http://localhost:3000/api/webhook-endpoints", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key.key}`,
          "Content-Type": "application/json",
          [VERSION_HEADER]: "1999-12-31",
        },
        body: JSON.stringify({
          url: "https://hooks.example.com/v",
          events: ["card.issued"],
        }),
      }),
    );
    expect(write.status).toBe(400);
    const list = await call(
      endpointsRoute.loader as Handler,
      withKey("/api/webhook-endpoints"),
    );
    expect(await list.json()).toEqual([]);
  });
});
