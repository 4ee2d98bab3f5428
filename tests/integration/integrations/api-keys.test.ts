import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditEvents, type User } from "#db/schema";
import { requestAdvance } from "~/models/advances/index.server";
import { listCompanyActivity } from "~/models/reports/index.server";

import * as apiKeysRoute from "~/routes/api.api-keys.($id)";
import * as revokeRoute from "~/routes/api.api-keys.($id)";
import * as approveRoute from "~/routes/api.advance-requests.$id.approve";
import * as employeeRoute from "~/routes/api.employee";
import * as employeesRoute from "~/routes/api.employees";
import * as pendingRoute from "~/routes/api.advance-requests.pending";
import * as userRoute from "~/routes/api.user";
import * as loginRoute from "~/routes/api.login";
import { API_CONTRACTS } from "~/routes/api.openapi[.]json";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { API_SCOPES } from "~/utils/api-scopes";
import { API_KEY_SCOPES, scopeFor } from "~/web/api-key-caller.server";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { TEST_PASSWORD, uniqueName } from "#tests/support/factories";

import { registerUser } from "~/models/companies/index.server";
// API keys: an owner makes one, a
// caller uses it as `Authorization: Bearer …` on the employer's endpoints within its scopes.
// Everything through the real route modules and a real database.

useTestDatabase();

type Handler = Parameters<typeof call>[0];

let owner: User;
let ownerB: User;
let employee: User;

beforeAll(async () => {
  owner = await createEmployer({ companyName: "Key Co" });
  ownerB = await createEmployer({ companyName: "Other Co" });
  employee = await createEmployee(owner, { firstName: "Kira" });
});

afterEach(() => {
  delete process.env.API_KEY_RATE_LIMIT;
  resetEnvCache();
});

/** A request with a bearer key (no cookie). */
function withKey(
  key: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Request {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${key}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return new Request(`http://localhost:3000${path}`, {
    ...init,
    method: init.method ?? (body !== undefined ? "POST" : "GET"),
    headers,
    body,
  });
}

async function makeKey(
  by: User,
  scopes: string[],
  name = uniqueName("key"),
): Promise<{ id: number; key: string; name: string }> {
  const res = await call(
    apiKeysRoute.action as Handler,
    await requestAs(by, "/api/api-keys", { json: { name, scopes } }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; key: string; name: string };
}

describe("API keys", () => {
  it("lives and dies: created once with its secret, listed without it, used, revoked", async () => {
    const created = await makeKey(owner, ["employees:read"], "Payroll sync");
    expect(created.key).toMatch(/^ga_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: "Payroll sync",
      scopes: ["employees:read"],
    });

    // Only the hash is stored.
    const [row] = await db()
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(3));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const used = await call(
      employeesRoute.loader as Handler,
      withKey(created.key, "/api/employees"),
    );
    expect(used.status).toBe(200);
    expect(used.headers.get("Set-Cookie")).toBeNull();
    const list = (await used.json()) as { firstName: string }[];
    expect(list.map((e) => e.firstName)).toContain("Kira");

    const listed = await call(
      apiKeysRoute.loader as Handler,
      await requestAs(owner, "/api/api-keys"),
    );
    const keys = (await listed.json()) as Record<string, unknown>[];
    const mine = keys.find((k) => k.id === created.id)!;
    expect(mine.lastUsedAt).toEqual(expect.any(String));
    expect(mine.hint).toBe(created.key.slice(0, 7) + "…");
    expect(JSON.stringify(keys)).not.toContain(created.key);

    const revoked = await call(
      revokeRoute.action as Handler,
      await requestAs(owner, `/api/api-keys/${created.id}`, {
        method: "DELETE",
      }),
      { id: String(created.id) },
    );
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { revokedAt: string }).revokedAt).toEqual(
      expect.any(String),
    );
    const after = await call(
      employeesRoute.loader as Handler,
      withKey(created.key, "/api/employees"),
    );
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      message: "Invalid or revoked API key",
    });
  });

  it("is the owner's alone: an admin, an approver and a key are refused", async () => {
    const { users } = await import("#db/schema");
    const member = await registerUser({
      role: "EMPLOYER",
      username: uniqueName("adm"),
      password: TEST_PASSWORD,
      firstName: "Ada",
      lastName: "Admin",
      email: "ada@example.com",
      companyName: "Temp",
    });
    for (const role of ["ADMIN", "APPROVER"] as const) {
      const [admin] = await db()
        .update(users)
        .set({ companyId: owner.companyId, companyRole: role })
        .where(eq(users.id, member.id))
        .returning();
      const res = await call(
        apiKeysRoute.action as Handler,
        await requestAs(admin, "/api/api-keys", {
          json: { name: "x", scopes: ["employees:read"] },
        }),
      );
      expect(res.status, role).toBe(403);
    }
    const all = await makeKey(owner, [...API_SCOPES]);
    const byKey = await call(
      apiKeysRoute.action as Handler,
      withKey(all.key, "/api/api-keys", {
        json: { name: "y", scopes: ["employees:read"] },
      }),
    );
    expect(byKey.status).toBe(403);
  });

  it("refuses a missing scope naming it, employee routes, and unknown keys", async () => {
    const readOnly = await makeKey(owner, ["employees:read"]);
    const pending = await call(
      pendingRoute.loader as Handler,
      withKey(readOnly.key, "/api/advance-requests/pending"),
    );
    expect(pending.status).toBe(403);
    expect(await pending.json()).toEqual({
      message: "This API key lacks the scope advances:read.",
    });

    for (const [handler, path] of [
      [employeeRoute.loader, "/api/employee"],
      [userRoute.loader, "/api/user"],
    ] as const) {
      const res = await call(handler as Handler, withKey(readOnly.key, path));
      expect(res.status, path).toBe(403);
    }
    const unknown = await call(
      employeesRoute.loader as Handler,
      withKey("ga_" + "A".repeat(43), "/api/employees"),
    );
    expect(unknown.status).toBe(401);
    const unknownOnEmployeeRoute = await call(
      employeeRoute.loader as Handler,
      withKey("not-a-key", "/api/employee"),
    );
    expect(unknownOnEmployeeRoute.status).toBe(401);
    // A public endpoint ignores the header.
    const login = await call(
      loginRoute.action as Handler,
      withKey(readOnly.key, "/api/login", {
        json: { username: "nobody-here", password: "wrong-password" },
      }),
    );
    expect(login.status).toBe(401);
  });

  it("acts for its own company only, audited under its name", async () => {
    const request = await requestAdvance(employee, {
      amount: "300.00",
      reason: null,
      repaymentPeriods: 2,
    });
    const keyB = await makeKey(ownerB, ["advances:write"]);
    const foreign = await call(
      approveRoute.action as Handler,
      withKey(keyB.key, `/api/advance-requests/${request.id}/approve`, {
        method: "POST",
      }),
      { id: String(request.id) },
    );
    expect(foreign.status).toBe(404);

    const keyA = await makeKey(owner, ["advances:write"], "HR system");
    const approved = await call(
      approveRoute.action as Handler,
      withKey(keyA.key, `/api/advance-requests/${request.id}/approve`, {
        method: "POST",
      }),
      { id: String(request.id) },
    );
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { status: string }).status).toBe(
      "APPROVED",
    );
    const approvedEvent = (
      await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.requestId, request.id))
    ).find((e) => e.action === "request.approved")!;
    expect(approvedEvent.details).toMatchObject({
      apiKey: { id: keyA.id, name: "HR system" },
    });
    const activity = await listCompanyActivity(owner, {});
    const row = activity.find(
      (r) => r.action === "request.approved" && r.requestId === request.id,
    );
    expect(row?.actorName).toBe("API key “HR system” (Erica Employer)");
  });

  it("is rate limited per key in the database (429 with Retry-After)", async () => {
    process.env.API_KEY_RATE_LIMIT = "3";
    resetEnvCache();
    const key = await makeKey(owner, ["employees:read"]);
    const other = await makeKey(owner, ["employees:read"]);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await call(
        employeesRoute.loader as Handler,
        withKey(key.key, "/api/employees"),
      );
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get("Retry-After");
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // Another key has its own budget.
    const fresh = await call(
      employeesRoute.loader as Handler,
      withKey(other.key, "/api/employees"),
    );
    expect(fresh.status).toBe(200);
  });

  it("maps every employer endpoint to a scope, except the owner-only key endpoints", () => {
    const employer = API_CONTRACTS.filter((c) => c.role === "EMPLOYER");
    const unmapped = employer
      .filter((c) => scopeFor(c) === null)
      .map((c) => `${c.method} ${c.path}`);
    expect(unmapped.sort()).toEqual([
      "DELETE /api/api-keys/{id}",
      "GET /api/api-keys",
      "POST /api/api-keys",
    ]);
    // And the table names no endpoint that does not exist.
    const known = new Set(API_CONTRACTS.map((c) => `${c.method} ${c.path}`));
    const stale = Object.keys(API_KEY_SCOPES).filter((k) => !known.has(k));
    expect(stale).toEqual([]);
  });
});
