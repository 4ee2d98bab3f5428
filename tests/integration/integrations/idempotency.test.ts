import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  idempotencyKeys,
  invitations,
  type User,
} from "#db/schema";
import { requestAdvance } from "~/models/advances/index.server";
import { createApiKey } from "~/models/integrations/index.server";
import * as approveRoute from "~/routes/api.advance-requests.$id.approve";
import * as apiKeysRoute from "~/routes/api.api-keys.($id)";
import * as invitationsRoute from "~/routes/api.invitations";
import { API_CONTRACTS } from "~/routes/api.openapi[.]json";
import * as endpointsRoute from "~/routes/api.webhook-endpoints.($id)";
import { openApiDocument } from "~/web/openapi.server";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";

// Idempotent writes: the same Idempotency-Key with the same body replays the
// first response without acting again, even when the requests arrive together; a different
// body is 422. Real route modules, a real database.

useTestDatabase();

type Handler = Parameters<typeof call>[0];

let owner: User;
let other: User;
let employee: User;
let secret: string;

beforeAll(async () => {
  owner = await createEmployer({ companyName: "Idem Co" });
  other = await createEmployer({ companyName: "Idem Other" });
  employee = await createEmployee(owner, { firstName: "Ivy" });
  secret = (
    await createApiKey(owner, {
      name: "idem",
      scopes: ["employees:write", "advances:write"],
    })
  ).key;
});

function invite(email: string) {
  return { email, firstName: "Ina", lastName: "Idem" };
}

async function post(
  by: User | string,
  path: string,
  json: unknown,
  key: string,
): Promise<Request> {
  const headers = { "Idempotency-Key": key };
  if (typeof by === "string")
    return new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: {
        ...headers,
        Authorization: `Bearer ${by}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(json),
    });
  return requestAs(by, path, { json, headers });
}

async function invitationsTo(email: string): Promise<number> {
  const rows = await db()
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.email, email));
  return rows.length;
}

describe("Idempotency-Key", () => {
  it("replays the first response to a repeat without acting again", async () => {
    const email = `${uniqueName("once")}@example.com`;
    const key = uniqueName("k");
    const first = await call(
      invitationsRoute.action as Handler,
      await post(owner, "/api/invitations", invite(email), key),
    );
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const again = await call(
      invitationsRoute.action as Handler,
      await post(owner, "/api/invitations", invite(email), key),
    );
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    expect(await invitationsTo(email)).toBe(1);

    // Without the key the same body acts (and is refused: the invitation is pending).
    const plain = await call(
      invitationsRoute.action as Handler,
      await requestAs(owner, "/api/invitations", { json: invite(email) }),
    );
    expect(plain.status).toBe(409);
  });

  it("refuses the same key with a different body (422), and keeps the first answer", async () => {
    const key = uniqueName("k");
    const a = `${uniqueName("a")}@example.com`;
    const first = await call(
      invitationsRoute.action as Handler,
      await post(owner, "/api/invitations", invite(a), key),
    );
    expect(first.status).toBe(201);
    const b = `${uniqueName("b")}@example.com`;
    const changed = await call(
      invitationsRoute.action as Handler,
      await post(owner, "/api/invitations", invite(b), key),
    );
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({
      message:
        "This Idempotency-Key was already used with a different request.",
    });
    expect(await invitationsTo(b)).toBe(0);
  });

  it("acts once for 10 identical concurrent requests, all answered alike", async () => {
    const email = `${uniqueName("race")}@example.com`;
    const key = uniqueName("k");
    const responses = await Promise.all(
      Array.from({ length: 10 }, async () =>
        call(
          invitationsRoute.action as Handler,
          await post(secret, "/api/invitations", invite(email), key),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses).toEqual(Array(10).fill(201));
    const bodies = new Set(await Promise.all(responses.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    expect(
      responses.filter((r) => r.headers.get("Idempotent-Replayed") === "true"),
    ).toHaveLength(9);
    expect(await invitationsTo(email)).toBe(1);
  });

  it("approves once for 10 concurrent approvals with one key", async () => {
    const request = await requestAdvance(employee, {
      amount: "300.00",
      reason: null,
      repaymentPeriods: 1,
    });
    const key = uniqueName("k");
    const path = `/api/advance-requests/${request.id}/approve`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, async () =>
        call(
          approveRoute.action as Handler,
          await post(secret, path, {}, key),
          {
            id: String(request.id),
          },
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const approvals = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.requestId, request.id),
          eq(auditEvents.action, "request.approved"),
        ),
      );
    expect(approvals).toHaveLength(1);
  });

  it("replays a refusal too, keeps keys per caller, and forgets after 24 hours", async () => {
    const key = uniqueName("k");
    const missing = "/api/advance-requests/999999/approve";
    const first = await call(
      approveRoute.action as Handler,
      await post(secret, missing, {}, key),
      { id: "999999" },
    );
    expect(first.status).toBe(404);
    const again = await call(
      approveRoute.action as Handler,
      await post(secret, missing, {}, key),
      { id: "999999" },
    );
    expect(again.status).toBe(404);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");

    // Another caller's identical key is theirs alone.
    const email = `${uniqueName("per")}@example.com`;
    const mine = await call(
      invitationsRoute.action as Handler,
      await post(owner, "/api/invitations", invite(email), key),
    );
    expect(mine.status).toBe(201);
    const theirs = await call(
      invitationsRoute.action as Handler,
      await post(other, "/api/invitations", invite(email), key),
    );
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();

    // Past 24 hours the key acts again (here: refused, the invitation is pending).
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(
        and(
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.caller, `user:${owner.id}`),
        ),
      );
    const later = await call(
      invitationsRoute.action as Handler,
      await post(owner, "/api/invitations", invite(email), key),
    );
    expect(later.status).toBe(409);
    expect(later.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("keeps no refusal of the input: the corrected request with the same key acts", async () => {
    const key = uniqueName("fix");
    const email = `${uniqueName("fix")}@example.com`;
    const bad = await call(
      invitationsRoute.action as Handler,
      await post(secret, "/api/invitations", { email, firstName: "Ina" }, key),
    );
    expect(bad.status).toBe(400);
    expect(await invitationsTo(email)).toBe(0);
    // The same bad request again is refused afresh, not replayed.
    const badAgain = await call(
      invitationsRoute.action as Handler,
      await post(secret, "/api/invitations", { email, firstName: "Ina" }, key),
    );
    expect(badAgain.status).toBe(400);
    expect(badAgain.headers.get("Idempotent-Replayed")).toBeNull();
    const fixed = await call(
      invitationsRoute.action as Handler,
      await post(secret, "/api/invitations", invite(email), key),
    );
    expect(fixed.status).toBe(201);
    expect(await invitationsTo(email)).toBe(1);
    // From now on the key is the corrected request's: a repeat replays it.
    const repeat = await call(
      invitationsRoute.action as Handler,
      await post(secret, "/api/invitations", invite(email), key),
    );
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await invitationsTo(email)).toBe(1);
  });

  it("refuses a malformed key with 400", async () => {
    const res = await call(
      invitationsRoute.action as Handler,
      await post(owner, "/api/invitations", invite("x@example.com"), "a b"),
    );
    expect(res.status).toBe(400);
  });

  it("never keeps a secret: a created key's or endpoint's replay has it null, with a message that it was shown once", async () => {
    const created: Array<{ field: string; value: string; hint?: string }> = [];
    for (const [route, path, json, field] of [
      [
        apiKeysRoute,
        "/api/api-keys",
        { name: "Replayed key", scopes: ["employees:read"] },
        "key",
      ],
      [
        endpointsRoute,
        "/api/webhook-endpoints",
        { url: "https://hooks.example.com/idem", events: ["card.issued"] },
        "secret",
      ],
    ] as const) {
      const key = uniqueName("k");
      const first = await call(
        route.action as Handler,
        await post(owner, path, json, key),
      );
      expect(first.status).toBe(201);
      const body = (await first.json()) as Record<string, unknown>;
      const value = String(body[field]);
      expect(value).toMatch(/^(ga_|whsec_)[\w-]{40,}$/);
      created.push({ field, value, hint: body.hint as string | undefined });

      const again = await call(
        route.action as Handler,
        await post(owner, path, json, key),
      );
      expect(again.status).toBe(201);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      const replayed = (await again.json()) as Record<string, unknown>;
      expect(replayed[field]).toBeNull();
      expect(replayed.message).toMatch(/shown once.*not stored/);
      expect(replayed.id).toBe(body.id);
      // Acted once: one key or endpoint with that id, no second one.
      expect(JSON.stringify(replayed)).not.toContain(value);
    }

    // No row of the idempotency table holds a secret, nor any 8 characters of one (the key's
    // listed hint is its first 7).
    const rows = await db().select().from(idempotencyKeys);
    const stored = JSON.stringify(rows);
    for (const { value } of created)
      for (let i = 0; i + 8 <= value.length; i++)
        expect(stored, `${value.slice(0, i + 8)}…`).not.toContain(
          value.slice(i, i + 8),
        );
  });

  it("every answer that carries a secret names it, and the contract says the replay has it null", () => {
    const secretLike = /secret|^key$|token|password/i;
    const undeclared: string[] = [];
    const doc = openApiDocument(API_CONTRACTS) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const contract of API_CONTRACTS) {
      const operation = doc.paths[contract.path][contract.method.toLowerCase()];
      const success = (
        operation.responses as Record<string, Record<string, unknown>>
      )[String(contract.status ?? 200)];
      const schema = Object.values(
        success.content as Record<string, { schema: Record<string, unknown> }>,
      )[0].schema;
      const fields = Object.keys(
        (schema.properties as Record<string, unknown> | undefined) ?? {},
      ).filter((f) => secretLike.test(f));
      const declared = contract.secrets?.fields ?? [];
      for (const f of fields)
        if (!declared.includes(f)) undeclared.push(`${contract.path} ${f}`);
      if (declared.length > 0)
        expect(String(success.description)).toMatch(/never stored/);
    }
    expect(undeclared).toEqual([]);
  });
});
