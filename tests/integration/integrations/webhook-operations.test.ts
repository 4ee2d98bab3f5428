import { companyOwners } from "~/models/people/index.server";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints, type User } from "#db/schema";
import { requestAdvance } from "~/models/advances/index.server";
import {
  createApiKey,
  deliverWebhook,
  TEST_EVENT_MESSAGE,
} from "~/models/integrations/index.server";
import * as endpointsRoute from "~/routes/api.webhook-endpoints.($id)";
import * as deliveriesRoute from "~/routes/api.webhook-endpoints.$id.deliveries";
import * as redeliverRoute from "~/routes/api.webhook-endpoints.$id.deliveries.$deliveryId.redeliver";
import * as testRoute from "~/routes/api.webhook-endpoints.$id.[test]";
import * as rotateRoute from "~/routes/api.webhook-endpoints.$id.rotate-secret";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { useTestDatabase } from "#tests/support/db";
import { call, createEmployee, createEmployer } from "#tests/support/factories";
import { deliveryErrors } from "#tests/support/webhook-contract";

// Operating an endpoint through the API with a key: its delivery log after failures, a
// redelivery, a signed test event, changes by PATCH, and a secret rotation whose old secret
// keeps signing (a second v1) for its overlap. Each body received validates against its schema.

useTestDatabase();

type Handler = Parameters<typeof call>[0];
type Received = { signature: string; body: string };

let receiver: http.Server;
let base: string;
const received: Received[] = [];
const plan: Array<"ok" | "fail"> = [];
let owner: User;
let other: User;
let key: string;
let readOnlyKey: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({
        signature: String(req.headers["grocery-advance-signature"]),
        body,
      });
      if ((plan.shift() ?? "ok") === "fail")
        return void res.writeHead(500).end("no");
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(0, "127.0.0.1", resolve),
  );
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  resetEnvCache();
  owner = await createEmployer({ companyName: "Ops Co" });
  other = await createEmployer({ companyName: "Ops Other" });
  key = (
    await createApiKey(owner, { name: "Hooks", scopes: ["webhooks:write"] })
  ).key;
  readOnlyKey = (
    await createApiKey(owner, { name: "Reader", scopes: ["employees:read"] })
  ).key;
});

afterEach(() => {
  for (const r of received) expect(deliveryErrors(r.body), r.body).toEqual([]);
  received.length = 0;
  plan.length = 0;
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  resetEnvCache();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

function withKey(
  secret: string,
  path: string,
  init: { method?: string; json?: unknown; idempotencyKey?: string } = {},
): Request {
  const headers = new Headers({ Authorization: `Bearer ${secret}` });
  if (init.idempotencyKey) headers.set("Idempotency-Key", init.idempotencyKey);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`http://localhost:3000${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

/** Each v1 of a signature header, checked against a secret as the guide's receiver does. */
function signedWith(header: string, body: string, secret: string): boolean[] {
  const parts = header.split(",").map((p) => p.split("=") as [string, string]);
  const t = parts.find(([k]) => k === "t")![1];
  const expected = crypto
    .createHmac("sha256", secret)
    .update(`${t}.${body}`)
    .digest("hex");
  return parts.filter(([k]) => k === "v1").map(([, v]) => v === expected);
}

async function addEndpoint(events: string[] = ["advance_request.created"]) {
  const res = await call(
    endpointsRoute.action as Handler,
    withKey(key, "/api/webhook-endpoints", {
      json: { url: `${base}/ops`, events, description: "Payroll sync" },
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; secret: string };
}

async function deliverPending(endpointId: number) {
  const rows = await db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id);
  for (const row of rows.filter((r) => r.status === "pending"))
    await deliverWebhook(row.id, companyOwners);
}

type LogItem = {
  id: number;
  eventId: string;
  type: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
};

describe("operating a webhook endpoint", () => {
  it("lists an endpoint's deliveries after failures, paged, and redelivers one, idempotently", async () => {
    const endpoint = await addEndpoint();
    for (let i = 0; i < 2; i++)
      await requestAdvance(await createEmployee(owner), {
        amount: "250.00",
        reason: null,
        repaymentPeriods: 1,
      });
    plan.push("fail", "fail");
    await deliverPending(endpoint.id);

    const path = `/api/webhook-endpoints/${endpoint.id}/deliveries`;
    const first = await call(
      deliveriesRoute.loader as Handler,
      withKey(key, `${path}?limit=1`),
      { id: String(endpoint.id) },
    );
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe("2");
    const next = first.headers.get("Link")?.match(/<([^>]+)>; rel="next"/)?.[1];
    expect(next).toContain("cursor=");
    const [newest] = (await first.json()) as LogItem[];
    expect(newest).toMatchObject({
      type: "advance_request.created",
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "the endpoint answered HTTP 500",
      nextAttemptAt: expect.any(String),
    });
    expect(newest.eventId).toMatch(/^evt_/);
    const second = await call(
      deliveriesRoute.loader as Handler,
      withKey(key, next!),
      { id: String(endpoint.id) },
    );
    const [older] = (await second.json()) as LogItem[];
    expect(older.id).toBeLessThan(newest.id);
    expect(second.headers.get("Link")).toBeNull();

    // Redelivered: a new delivery of the same event; the same Idempotency-Key replays it.
    const redeliver = () =>
      call(
        redeliverRoute.action as Handler,
        withKey(key, `${path}/${older.id}/redeliver`, {
          method: "POST",
          idempotencyKey: `redeliver-${older.id}`,
        }),
        { id: String(endpoint.id), deliveryId: String(older.id) },
      );
    const res = await redeliver();
    expect(res.status).toBe(201);
    const again = (await res.json()) as LogItem;
    expect(again).toMatchObject({
      eventId: older.eventId,
      status: "pending",
      attempts: 0,
      lastError: null,
    });
    const replay = await redeliver();
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toEqual(again);
    expect(await deliverWebhook(again.id, companyOwners)).toBe("delivered");
    expect(JSON.parse(received.at(-1)!.body).id).toBe(older.eventId);

    // Another endpoint's path, another company, a key without the scope: refused.
    const mismatched = await call(
      redeliverRoute.action as Handler,
      withKey(
        key,
        `/api/webhook-endpoints/999999/deliveries/${older.id}/redeliver`,
        {
          method: "POST",
        },
      ),
      { id: "999999", deliveryId: String(older.id) },
    );
    expect(mismatched.status).toBe(404);
    const otherKey = (
      await createApiKey(other, { name: "Theirs", scopes: ["webhooks:write"] })
    ).key;
    const theirs = await call(
      deliveriesRoute.loader as Handler,
      withKey(otherKey, path),
      { id: String(endpoint.id) },
    );
    expect(theirs.status).toBe(404);
    const scopeless = await call(
      deliveriesRoute.loader as Handler,
      withKey(readOnlyKey, path),
      { id: String(endpoint.id) },
    );
    expect(scopeless.status).toBe(403);
    expect(await scopeless.json()).toEqual({
      message: "This API key lacks the scope webhooks:write.",
    });
  });

  it("pages the endpoint list like every list", async () => {
    const boss = await createEmployer({ companyName: "Paged Hooks" });
    const bossKey = (
      await createApiKey(boss, { name: "Paged", scopes: ["webhooks:write"] })
    ).key;
    for (const name of ["a", "b", "c"])
      await call(
        endpointsRoute.action as Handler,
        withKey(bossKey, "/api/webhook-endpoints", {
          json: { url: `${base}/${name}`, events: ["card.issued"] },
        }),
      );
    const seen: string[] = [];
    let next: string | null = "/api/webhook-endpoints?limit=2";
    while (next) {
      const res = await call(
        endpointsRoute.loader as Handler,
        withKey(bossKey, next),
      );
      expect(res.headers.get("X-Total-Count")).toBe("3");
      seen.push(
        ...((await res.json()) as Array<{ url: string }>).map((e) => e.url),
      );
      next =
        res.headers.get("Link")?.match(/<([^>]+)>; rel="next"/)?.[1] ?? null;
    }
    expect(seen).toEqual([`${base}/c`, `${base}/b`, `${base}/a`]);
  });

  it("sends a signed ping that validates and verifies, and refuses one to a disabled endpoint", async () => {
    const endpoint = await addEndpoint();
    const res = await call(
      testRoute.action as Handler,
      withKey(key, `/api/webhook-endpoints/${endpoint.id}/test`, {
        method: "POST",
      }),
      { id: String(endpoint.id) },
    );
    expect(res.status).toBe(201);
    const ping = (await res.json()) as LogItem;
    expect(ping).toMatchObject({ type: "ping", status: "pending" });
    expect(await deliverWebhook(ping.id, companyOwners)).toBe("delivered");
    const got = received.at(-1)!;
    expect(signedWith(got.signature, got.body, endpoint.secret)).toEqual([
      true,
    ]);
    expect(JSON.parse(got.body)).toMatchObject({
      type: "ping",
      data: { endpointId: endpoint.id, message: TEST_EVENT_MESSAGE },
    });

    await db()
      .update(webhookEndpoints)
      .set({ disabledAt: sql`now()` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const refused = await call(
      testRoute.action as Handler,
      withKey(key, `/api/webhook-endpoints/${endpoint.id}/test`, {
        method: "POST",
      }),
      { id: String(endpoint.id) },
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        "The endpoint is disabled: enable it before sending a test event.",
    });
  });

  it("changes an endpoint by PATCH: url, events, description, enabled; refuses bad input unchanged", async () => {
    const endpoint = await addEndpoint();
    const patch = (json: unknown, who = key, id = endpoint.id) =>
      call(
        endpointsRoute.action as Handler,
        withKey(who, `/api/webhook-endpoints/${id}`, { method: "PATCH", json }),
        { id: String(id) },
      );
    const changed = await patch({
      url: `${base}/moved`,
      events: ["card.issued", "card.closed"],
      description: "Card sync",
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: endpoint.id,
      url: `${base}/moved`,
      events: ["card.issued", "card.closed"],
      description: "Card sync",
      disabledAt: null,
    });
    const off = await patch({ enabled: false });
    expect(((await off.json()) as { disabledAt: string }).disabledAt).toEqual(
      expect.any(String),
    );
    const on = await patch({ enabled: true });
    expect(await on.json()).toMatchObject({
      disabledAt: null,
      consecutiveFailures: 0,
      url: `${base}/moved`,
    });

    for (const [body, message] of [
      [{}, "Send at least one of url, events, description and enabled"],
      [{ url: "ftp://x" }, "Enter an https:// address"],
      [{ events: ["card.lost"] }, "Unknown event"],
      [{ events: [] }, "Choose at least one event"],
    ] as const) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const [row] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.url).toBe(`${base}/moved`);
    expect(row.events).toEqual(["card.issued", "card.closed"]);

    const otherKey = (
      await createApiKey(other, { name: "Other", scopes: ["webhooks:write"] })
    ).key;
    expect((await patch({ enabled: false }, otherKey)).status).toBe(404);
    expect((await patch({ enabled: false }, readOnlyKey)).status).toBe(403);
  });

  it("rotates the secret: shown once, both secrets sign during the overlap, the old one only until it ends", async () => {
    const endpoint = await addEndpoint(["advance_request.created"]);
    const rotate = () =>
      call(
        rotateRoute.action as Handler,
        withKey(key, `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, {
          method: "POST",
          idempotencyKey: `rotate-${endpoint.id}`,
        }),
        { id: String(endpoint.id) },
      );
    const res = await rotate();
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as {
      secret: string;
      rotationOverlapEndsAt: string;
    };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const hours =
      (Date.parse(rotated.rotationOverlapEndsAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // The replay never carries the secret.
    const replay = await rotate();
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toMatchObject({
      secret: null,
      message: expect.stringContaining("shown once"),
    });

    const fire = async () => {
      await requestAdvance(await createEmployee(owner), {
        amount: "250.00",
        reason: null,
        repaymentPeriods: 1,
      });
      await deliverPending(endpoint.id);
      return received.at(-1)!;
    };
    // During the overlap: the new secret's v1 first, then the old one's.
    const during = await fire();
    expect(signedWith(during.signature, during.body, rotated.secret)).toEqual([
      true,
      false,
    ]);
    expect(signedWith(during.signature, during.body, endpoint.secret)).toEqual([
      false,
      true,
    ]);
    // After it: the new secret only.
    await db()
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const after = await fire();
    expect(signedWith(after.signature, after.body, rotated.secret)).toEqual([
      true,
    ]);
    expect(signedWith(after.signature, after.body, endpoint.secret)).toEqual([
      false,
    ]);
  });
});
