import { isoDay } from "~/utils/pay-schedule";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { employees, type User } from "#db/schema";
import { createApiKey } from "~/models/integrations/index.server";
import { inviteEmployee } from "~/models/companies/index.server";
import {
  createPayrollRun,
  offboardEmployee,
} from "~/models/payroll/index.server";
import * as employeesRoute from "~/routes/api.employees";
import * as requestRoute from "~/routes/api.advance-requests.$id";
import * as invitationRoute from "~/routes/api.invitations.$id";
import * as invitationsRoute from "~/routes/api.invitations";
import * as pendingRoute from "~/routes/api.advance-requests.pending";
import * as runsRoute from "~/routes/api.payroll-runs";
import * as allRoute from "~/routes/api.advance-requests.all";
import * as summariesRoute from "~/routes/api.employer.advance-requests";
import * as ownRequestsRoute from "~/routes/api.advance-requests.employee";
import { API_CONTRACTS } from "~/routes/api.openapi[.]json";
import { db } from "~/utils/db.server";
import { openApiDocument } from "~/web/openapi.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance } from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// The API's reads of single records and of payroll runs: each through its domain function,
// scoped to the caller's company (or, for an employee, to their own), every answer as the
// OpenAPI document describes it.

// One database is enough: what is checked is each answer's scope and shape as the OpenAPI document
// says; the reads and the cursor paging are domain functions with their own tests on both. (.ci/run
// runs it on PostgreSQL only.)
useTestDatabase();

type Handler = Parameters<typeof call>[0];
type Operation = {
  responses: Record<string, { content: Record<string, { schema: object }> }>;
};
const doc = openApiDocument(API_CONTRACTS) as {
  paths: Record<string, Record<string, Operation>>;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

async function documented(apiPath: string, res: Response) {
  const answer = doc.paths[apiPath]?.get?.responses[String(res.status)];
  expect(answer, `GET ${apiPath} documents ${res.status}`).toBeDefined();
  const body: unknown = await res.json();
  const validate = ajv.compile(answer.content["application/json"].schema);
  expect(validate(body) ? [] : validate.errors, `GET ${apiPath}`).toEqual([]);
  return body;
}

let owner: User;
let other: User;
let staff: User;
let leaver: User;
let otherStaff: User;
let keyAll: string;
let keyNoScope: string;

const withKey = (key: string, url: string) =>
  new Request(`http://localhost:3000${url}`, {
    headers: { Authorization: `Bearer ${key}` },
  });

beforeAll(async () => {
  owner = await createEmployer({ companyName: "Reads Co" });
  other = await createEmployer({ companyName: "Elsewhere Co" });
  staff = await createEmployee(owner, { firstName: "Rhea" });
  leaver = await createEmployee(owner, { firstName: "Lev" });
  otherStaff = await createEmployee(other, { firstName: "Otto" });
  keyAll = (
    await createApiKey(owner, {
      name: "reads",
      scopes: ["employees:read", "advances:read", "payroll:read"],
    })
  ).key;
  keyNoScope = (
    await createApiKey(owner, { name: "none", scopes: ["webhooks:write"] })
  ).key;
});

describe("GET /api/payroll-runs", () => {
  it("lists the company's runs newest first, a page at a time", async () => {
    for (const payDate of ["2026-01-09", "2026-03-13", "2026-02-13"])
      await createPayrollRun(owner, { payDate });
    await createPayrollRun(other, { payDate: "2026-04-10" });

    const res = await call(
      runsRoute.loader as Handler,
      withKey(keyAll, "/api/payroll-runs"),
    );
    expect(res.status).toBe(200);
    const runs = (await documented("/api/payroll-runs", res)) as {
      payDate: string;
      status: string;
      total: string;
    }[];
    expect(runs.map((r) => r.payDate)).toEqual([
      "2026-03-13",
      "2026-02-13",
      "2026-01-09",
    ]);
    expect(runs[0]).toMatchObject({ total: "0.00", deductionCount: 0 });

    const first = await call(
      runsRoute.loader as Handler,
      await requestAs(owner, "/api/payroll-runs?pageSize=2"),
    );
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(first.headers.get("Link")).toContain('rel="next"');
    expect(
      ((await first.json()) as { payDate: string }[]).map((r) => r.payDate),
    ).toEqual(["2026-03-13", "2026-02-13"]);

    const refused = await call(
      runsRoute.loader as Handler,
      withKey(keyNoScope, "/api/payroll-runs"),
    );
    expect(refused.status).toBe(403);
    await documented("/api/payroll-runs", refused);
  });
});

describe("GET /api/advance-requests/{id}", () => {
  it("reads a request for its company or its employee, and 404 for anyone else", async () => {
    const mine = await insertAdvance(staff, { amount: "250.00" });
    const theirs = await insertAdvance(otherStaff, { amount: "300.00" });
    const get = (by: User | string, id: number) =>
      (typeof by === "string"
        ? Promise.resolve(withKey(by, `/api/advance-requests/${id}`))
        : requestAs(by, `/api/advance-requests/${id}`)
      ).then((req) =>
        call(requestRoute.loader as Handler, req, { id: String(id) }),
      );

    const byKey = await get(keyAll, mine.id);
    expect(byKey.status).toBe(200);
    expect(await documented("/api/advance-requests/{id}", byKey)).toMatchObject(
      { id: mine.id, amount: "250.00", status: "PENDING" },
    );
    expect((await get(owner, mine.id)).status).toBe(200);
    expect((await get(staff, mine.id)).status).toBe(200);

    for (const [by, id] of [
      [keyAll, theirs.id],
      [owner, theirs.id],
      [other, mine.id],
      [leaver, mine.id],
      [staff, theirs.id],
      [owner, 2_147_483_647],
    ] as const) {
      const res = await get(by, id);
      expect(res.status).toBe(404);
      expect(await documented("/api/advance-requests/{id}", res)).toEqual({
        message: "Advance request not found",
      });
    }
    expect((await get(keyNoScope, mine.id)).status).toBe(403);
  });
});

describe("GET /api/invitations/{id}", () => {
  it("reads the company's employee invitation, and 404 for another company's", async () => {
    const invitation = await inviteEmployee(owner, {
      email: "ivy.reads@example.com",
      firstName: "Ivy",
      lastName: "Reads",
    });
    const elsewhere = await inviteEmployee(other, {
      email: "ivy.elsewhere@example.com",
      firstName: "Ivy",
      lastName: "Elsewhere",
    });
    const get = async (by: User | string, id: number) =>
      call(
        invitationRoute.loader as Handler,
        typeof by === "string"
          ? withKey(by, `/api/invitations/${id}`)
          : await requestAs(by, `/api/invitations/${id}`),
        { id: String(id) },
      );
    const res = await get(keyAll, invitation.id);
    expect(res.status).toBe(200);
    expect(await documented("/api/invitations/{id}", res)).toMatchObject({
      id: invitation.id,
      email: "ivy.reads@example.com",
      status: "PENDING",
    });
    expect((await get(owner, invitation.id)).status).toBe(200);
    for (const [by, id] of [
      [keyAll, elsewhere.id],
      [other, invitation.id],
    ] as const) {
      const refused = await get(by, id);
      expect(refused.status).toBe(404);
      await documented("/api/invitations/{id}", refused);
    }
    expect((await get(staff, invitation.id)).status).toBe(403);
  });
});

describe("GET /api/employees", () => {
  it("marks each employee ACTIVE or OFFBOARDED with their last pay date", async () => {
    const [row] = await db()
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, leaver.id));
    // Today is always within a leaver's window (from the current pay cycle's start).
    const lastPayDate = isoDay(new Date());
    await offboardEmployee(owner, row.id, { lastPayDate });
    const res = await call(
      employeesRoute.loader as Handler,
      withKey(keyAll, "/api/employees"),
    );
    const list = (await documented("/api/employees", res)) as {
      firstName: string;
      status: string;
      lastPayDate: string | null;
    }[];
    expect(list.find((e) => e.firstName === "Lev")).toMatchObject({
      status: "OFFBOARDED",
      lastPayDate,
    });
    expect(list.find((e) => e.firstName === "Rhea")).toMatchObject({
      status: "ACTIVE",
      lastPayDate: null,
    });
  });
});

describe("paging by cursor", () => {
  /** Walks a list by its Link rel="next" from `first`, collecting `field` of every row. */
  async function walk(loader: Handler, first: string, field: string) {
    const seen: unknown[] = [];
    let next: string | null = first;
    let pages = 0;
    while (next) {
      const res = await call(loader, withKey(keyAll, next));
      expect(res.status, next).toBe(200);
      const rows = (await res.json()) as Record<string, unknown>[];
      seen.push(...rows.map((r) => r[field]));
      next =
        res.headers.get("Link")?.match(/<([^>]+)>; rel="next"/)?.[1] ?? null;
      if (next) {
        expect(next).toMatch(/[?&]cursor=[A-Za-z0-9_-]+(&|$)/);
        expect(next).toMatch(/[?&]limit=2(&|$)/);
      }
      pages++;
    }
    return { seen, pages };
  }

  it("walks every paged list by its Link with ?cursor=&limit=, the same rows as one page", async () => {
    for (const n of [1, 2, 3])
      await inviteEmployee(owner, {
        email: `walk${n}@example.com`,
        firstName: "Walk",
        lastName: `N${n}`,
      });
    await createEmployee(owner, { firstName: "Walt" });
    await insertAdvance(staff, { amount: "200.00" });
    await insertAdvance(staff, { amount: "210.00" });
    await insertAdvance(staff, { amount: "220.00" });
    for (const [loader, url, field] of [
      [employeesRoute.loader, "/api/employees", "id"],
      [invitationsRoute.loader, "/api/invitations", "id"],
      [pendingRoute.loader, "/api/advance-requests/pending", "id"],
      [runsRoute.loader, "/api/payroll-runs", "id"],
    ] as const) {
      const whole = (await (
        await call(loader as Handler, withKey(keyAll, url))
      ).json()) as { id: number }[];
      expect(whole.length, url).toBeGreaterThan(2);
      const { seen, pages } = await walk(
        loader as Handler,
        `${url}?limit=2`,
        field,
      );
      expect(seen, url).toEqual(whole.map((r) => r.id));
      expect(pages).toBe(Math.ceil(whole.length / 2));
      const params = (
        doc.paths[url].get as unknown as { parameters: { name: string }[] }
      ).parameters.map((p) => p.name);
      expect(params).toEqual([
        "cursor",
        "limit",
        "page",
        "pageSize",
        "Grocery-Advance-Version",
      ]);
    }
  });

  it("pages the lists the SPEC's callers read whole only when asked: without parameters still the whole list", async () => {
    for (const amount of ["230.00", "240.00", "250.00"])
      await insertAdvance(staff, { amount });
    for (const [loader, url] of [
      [summariesRoute.loader, "/api/employer/advance-requests"],
      [allRoute.loader, "/api/advance-requests/all"],
    ] as const) {
      const res = await call(loader as Handler, withKey(keyAll, url));
      expect(res.headers.get("Link"), url).toBeNull();
      const whole = (await documented(url, res)) as { id: number }[];
      expect(whole.length, url).toBeGreaterThan(2);
      const { seen, pages } = await walk(
        loader as Handler,
        `${url}?limit=2`,
        "id",
      );
      expect(seen, url).toEqual(whole.map((r) => r.id));
      expect(pages).toBe(Math.ceil(whole.length / 2));
      // The page-number form too, and a page as the document describes it.
      const second = await call(
        loader as Handler,
        withKey(keyAll, `${url}?page=2&pageSize=2`),
      );
      expect(second.headers.get("X-Total-Count")).toBe(String(whole.length));
      expect(await documented(url, second)).toEqual(whole.slice(2, 4));
    }
    // An employee's own list, with the session: whole, or a page by cursor.
    const own = async (query: string) =>
      call(
        ownRequestsRoute.loader as Handler,
        await requestAs(staff, `/api/advance-requests/employee${query}`),
      );
    const mine = (await (await own("")).json()) as { id: number }[];
    expect(mine.length).toBeGreaterThan(2);
    const first = await own("?limit=2");
    expect(await first.json()).toEqual(mine.slice(0, 2));
    const next = first.headers.get("Link")!.match(/<([^>]+)>; rel="next"/)![1];
    const rest = await own(next.slice(next.indexOf("?")));
    expect(await rest.json()).toEqual(mine.slice(2, 4));
  });

  it("declares the same paging parameters on every list the document has", () => {
    const lists = Object.entries(doc.paths).filter(([, item]) => {
      const ok = item.get?.responses["200"]?.content?.["application/json"]
        ?.schema as { type?: string } | undefined;
      return ok?.type === "array";
    });
    expect(lists.length).toBeGreaterThan(10);
    for (const [url, item] of lists) {
      const names = (
        item.get as unknown as { parameters: { name: string }[] }
      ).parameters.map((p) => p.name);
      expect(names, url).toEqual(
        expect.arrayContaining(["cursor", "limit", "page", "pageSize"]),
      );
    }
  });

  it.each([
    ["cursor=nonsense", "cursor must be one a previous page's Link gave"],
    ["limit=0", "limit must be a whole number from 1 to 500"],
    [
      "cursor=eyJvIjoyfQ&page=2",
      "Page either by cursor and limit or by page and pageSize, not both",
    ],
  ])("refuses ?%s with 400 naming the problem", async (query, message) => {
    const res = await call(
      employeesRoute.loader as Handler,
      withKey(keyAll, `/api/employees?${query}`),
    );
    expect(res.status).toBe(400);
    expect(
      ((await documented("/api/employees", res)) as { message: string })
        .message,
    ).toBe(message);
  });
});
