import fs from "node:fs";
import path from "node:path";
import { openApiDocument } from "~/web/openapi.server";
import {
  API_CONTRACTS,
  loader as openApiLoader,
} from "~/routes/api.openapi[.]json";
import { loader as userLoader } from "~/routes/api.user";
import { action as loginAction } from "~/routes/api.login";
import { action as registerAction } from "~/routes/api.register";
import { action as logoutAction } from "~/routes/api.logout";
import { loader as employeeLoader } from "~/routes/api.employee";
import { loader as ownRequestsLoader } from "~/routes/api.advance-requests.employee";
import { action as createRequestAction } from "~/routes/api.advance-requests";
import { loader as upcomingLoader } from "~/routes/api.payroll-deductions.upcoming";
import { loader as cardsLoader } from "~/routes/api.virtual-cards";
import { loader as employeesLoader } from "~/routes/api.employees";
import { loader as pendingLoader } from "~/routes/api.advance-requests.pending";
import { loader as allLoader } from "~/routes/api.advance-requests.all";
import {
  action as approveAction,
  loader as approveLoader,
} from "~/routes/api.advance-requests.$id.approve";
import { loader as quoteLoader } from "~/routes/api.advance-quote";
import { createApiKey } from "~/models/integrations/index.server";
import { resetEnvCache } from "~/utils/env.server";
import { action as declineAction } from "~/routes/api.advance-requests.$id.decline";
import { loader as summariesLoader } from "~/routes/api.employer.advance-requests";
import { action as intentAction } from "~/routes/api.create-payment-intent";
import { action as cardAction } from "~/routes/api.create-grocery-card";
import { action as webhookAction } from "~/routes/api.stripe.webhook";
import { action as sandboxPurchaseAction } from "~/routes/api.sandbox.card-authorizations";
import { action as freezeAction } from "~/routes/api.virtual-cards.$id.freeze";
import { action as unfreezeAction } from "~/routes/api.virtual-cards.$id.unfreeze";
import { payWithSandboxCard } from "~/models/advances/index.server";
import { useTestDatabase } from "#tests/support/db";
import { ajv, doc, expectDocumented } from "#tests/support/openapi-check";
import { insertAdvance } from "#tests/support/data";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";

// One database is enough: what is checked is the document built from the routes' contracts and that
// the answers match it; the rows behind the answers come from domain functions tested on both.
// (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

/**
 * /api/advance-requests/{id}/approve from app/routes/api.advance-requests.$id.approve.ts; a
 * collection with its items in one module (api.api-keys.($id).ts) gives the collection's path.
 */
function routeFileToPath(file: string): string {
  const name = file
    .replace(/\.tsx?$/, "")
    .replace(/\.\(\$id\)$/, "")
    .replace(/\[\.\]/g, "~dot~")
    .replace(/\[(\w+)\]/g, "$1");
  return (
    "/" +
    name
      .split(".")
      .map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s))
      .join("/")
      .replace(/~dot~/g, ".")
  );
}

describe("OpenAPI document", () => {
  it("is served as OpenAPI 3.1 JSON", async () => {
    const res = await openApiLoader();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths).length).toBeGreaterThanOrEqual(19);
  });

  it("is built from the endpoints' contracts and nothing else, byte for byte", async () => {
    // Every api.* route file declares its contract, for the path its file name routes; the
    // served list holds exactly those contracts.
    const files = fs
      .readdirSync(path.resolve("app/routes"))
      .filter(
        (f) =>
          f.startsWith("api.") &&
          !f.startsWith("api.openapi") &&
          !f.startsWith("api.docs") &&
          f !== "api.$.ts",
      );
    const declared = [];
    for (const file of files) {
      const mod = (await import(`~/routes/${file.replace(/\.tsx?$/, "")}`)) as {
        contract?: { path: string };
        /** A file answering GET and POST on one path declares the GET's contract here. */
        listContract?: { path: string };
        /** A collection's module also answers DELETE on its items: /{id}. */
        removeContract?: { path: string };
        /** …and PATCH. */
        updateContract?: { path: string };
      };
      expect(mod.contract, `${file} declares a contract`).toBeDefined();
      expect(mod.contract!.path, file).toBe(routeFileToPath(file));
      declared.push(mod.contract);
      if (mod.listContract) {
        expect(mod.listContract.path, file).toBe(routeFileToPath(file));
        declared.push(mod.listContract);
      }
      if (mod.removeContract) {
        expect(mod.removeContract.path, file).toBe(
          `${routeFileToPath(file)}/{id}`,
        );
        declared.push(mod.removeContract);
      }
      if (mod.updateContract) {
        expect(mod.updateContract.path, file).toBe(
          `${routeFileToPath(file)}/{id}`,
        );
        declared.push(mod.updateContract);
      }
    }
    expect(new Set(API_CONTRACTS)).toEqual(new Set(declared));
    expect(API_CONTRACTS).toHaveLength(declared.length);
    // The served bytes are the document generated from those contracts.
    const served = await (await openApiLoader()).text();
    expect(served).toBe(
      JSON.stringify(openApiDocument(API_CONTRACTS), null, 2),
    );
  });

  it("has schemas that refuse a wrong shape", () => {
    const schema =
      doc.paths["/api/user"].get.responses["200"].content["application/json"]
        .schema;
    const validate = ajv.compile(schema);
    expect(validate({ id: "1", username: "x" })).toBe(false);
    const list =
      doc.paths["/api/virtual-cards"].get.responses["200"].content[
        "application/json"
      ].schema;
    expect(
      ajv.compile(list)([{ id: 1, cardNumber: "•••• 4242", amount: 300 }]),
    ).toBe(false);
  });

  it("documents every /api route file", () => {
    const files = fs
      .readdirSync(path.resolve("app/routes"))
      .filter(
        (f) =>
          f.startsWith("api.") &&
          !f.startsWith("api.openapi") &&
          !f.startsWith("api.docs") &&
          f !== "api.$.ts",
      );
    const documented = Object.keys(doc.paths);
    for (const file of files)
      expect(documented, file).toContain(routeFileToPath(file));
  });

  it("matches every real response of the JSON API", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const other = await createEmployer();
    const pending = await insertAdvance(employee, { amount: "300.00" });
    const toDecline = await insertAdvance(employee, { amount: "250.00" });
    await insertAdvance(employee, { amount: "200.00", status: "APPROVED" });

    await expectDocumented(
      "/api/user",
      "get",
      await call(userLoader, await requestAs(employee, "/api/user")),
    );
    await expectDocumented(
      "/api/user",
      "get",
      await call(userLoader, await requestAs(null, "/api/user")),
    );
    await expectDocumented(
      "/api/login",
      "post",
      await call(
        loginAction,
        await requestAs(null, "/api/login", {
          json: { username: employee.username, password: TEST_PASSWORD },
        }),
      ),
    );
    await expectDocumented(
      "/api/login",
      "post",
      await call(
        loginAction,
        await requestAs(null, "/api/login", { json: {} }),
      ),
    );
    await expectDocumented(
      "/api/login",
      "post",
      await call(
        loginAction,
        await requestAs(null, "/api/login", {
          json: { username: employee.username, password: "wrong-one" },
        }),
      ),
    );
    const registration = {
      username: uniqueName("doc"),
      password: "Basil-Lantern-62",
      firstName: "Doc",
      lastName: "Umented",
      email: "doc@example.com",
      role: "EMPLOYEE",
    };
    await expectDocumented(
      "/api/register",
      "post",
      await call(
        registerAction,
        await requestAs(null, "/api/register", { json: registration }),
      ),
    );
    await expectDocumented(
      "/api/register",
      "post",
      await call(
        registerAction,
        await requestAs(null, "/api/register", { json: registration }),
      ),
    );
    await expectDocumented(
      "/api/register",
      "post",
      await call(
        registerAction,
        await requestAs(employer, "/api/register", {
          json: { ...registration, username: uniqueName("doc"), employerId: 1 },
        }),
      ),
    );
    await expectDocumented(
      "/api/logout",
      "post",
      await call(
        logoutAction,
        await requestAs(employee, "/api/logout", { method: "POST" }),
      ),
    );

    await expectDocumented(
      "/api/employee",
      "get",
      await call(employeeLoader, await requestAs(employee, "/api/employee")),
    );
    await expectDocumented(
      "/api/employee",
      "get",
      await call(employeeLoader, await requestAs(employer, "/api/employee")),
    );
    await expectDocumented(
      "/api/advance-requests/employee",
      "get",
      await call(
        ownRequestsLoader,
        await requestAs(employee, "/api/advance-requests/employee"),
      ),
    );
    await expectDocumented(
      "/api/advance-requests",
      "post",
      await call(
        createRequestAction,
        await requestAs(employee, "/api/advance-requests", {
          json: { amount: "210.00", repaymentPeriods: 2, reason: null },
        }),
      ),
    );
    await expectDocumented(
      "/api/advance-requests",
      "post",
      await call(
        createRequestAction,
        await requestAs(employee, "/api/advance-requests", {
          json: { amount: "199.99" },
        }),
      ),
    );
    await expectDocumented(
      "/api/payroll-deductions/upcoming",
      "get",
      await call(
        upcomingLoader,
        await requestAs(employee, "/api/payroll-deductions/upcoming"),
      ),
    );
    await expectDocumented(
      "/api/virtual-cards",
      "get",
      await call(cardsLoader, await requestAs(employee, "/api/virtual-cards")),
    );
    await expectDocumented(
      "/api/virtual-cards",
      "get",
      await call(cardsLoader, await requestAs(null, "/api/virtual-cards")),
    );

    await expectDocumented(
      "/api/employees",
      "get",
      await call(employeesLoader, await requestAs(employer, "/api/employees")),
    );
    await expectDocumented(
      "/api/employees",
      "get",
      await call(employeesLoader, await requestAs(employee, "/api/employees")),
    );
    await expectDocumented(
      "/api/advance-requests/pending",
      "get",
      await call(
        pendingLoader,
        await requestAs(employer, "/api/advance-requests/pending"),
      ),
    );
    await expectDocumented(
      "/api/advance-requests/all",
      "get",
      await call(
        allLoader,
        await requestAs(employer, "/api/advance-requests/all"),
      ),
    );
    await expectDocumented(
      "/api/employer/advance-requests",
      "get",
      await call(
        summariesLoader,
        await requestAs(employer, "/api/employer/advance-requests"),
      ),
    );
    const approvePath = `/api/advance-requests/${pending.id}/approve`;
    await expectDocumented(
      "/api/advance-requests/{id}/approve",
      "post",
      await call(
        approveAction,
        await requestAs(other, approvePath, { method: "POST" }),
        { id: String(pending.id) },
      ),
    );
    await expectDocumented(
      "/api/advance-requests/{id}/approve",
      "post",
      await call(
        approveAction,
        await requestAs(employer, approvePath, { method: "POST" }),
        { id: String(pending.id) },
      ),
    );
    await expectDocumented(
      "/api/advance-requests/{id}/approve",
      "post",
      await call(
        approveAction,
        await requestAs(employer, approvePath, { method: "POST" }),
        { id: String(pending.id) },
      ),
    );
    await expectDocumented(
      "/api/advance-requests/{id}/decline",
      "post",
      await call(
        declineAction,
        await requestAs(
          employer,
          `/api/advance-requests/${toDecline.id}/decline`,
          { json: { reason: "Not now" } },
        ),
        { id: String(toDecline.id) },
      ),
    );
    await expectDocumented(
      "/api/advance-requests/{id}/decline",
      "post",
      await call(
        declineAction,
        await requestAs(
          employer,
          `/api/advance-requests/${toDecline.id}/decline`,
          { json: { reason: "x".repeat(501) } },
        ),
        { id: String(toDecline.id) },
      ),
    );
  });

  it("matches the payment endpoints' responses", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const approved = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
    });
    const intentBody = { amount: "300.00", advanceRequestId: approved.id };
    await expectDocumented(
      "/api/create-payment-intent",
      "post",
      await call(
        intentAction,
        await requestAs(employee, "/api/create-payment-intent", {
          json: intentBody,
        }),
      ),
    );
    await expectDocumented(
      "/api/create-payment-intent",
      "post",
      await call(
        intentAction,
        await requestAs(employee, "/api/create-payment-intent", {
          json: { amount: "-1" },
        }),
      ),
    );
    const cardBody = { advanceRequestId: approved.id };
    await expectDocumented(
      "/api/create-grocery-card",
      "post",
      await call(
        cardAction,
        await requestAs(employee, "/api/create-grocery-card", {
          json: cardBody,
        }),
      ),
    );
    await payWithSandboxCard(employee, {
      amount: "300.00",
      advanceRequestId: approved.id,
      card: {
        number: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: 2030,
        cvc: "123",
      },
    });
    const created = await call(
      cardAction,
      await requestAs(employee, "/api/create-grocery-card", { json: cardBody }),
    );
    expect(created.status).toBe(201);
    await expectDocumented("/api/create-grocery-card", "post", created);
    const again = await call(
      cardAction,
      await requestAs(employee, "/api/create-grocery-card", { json: cardBody }),
    );
    expect(again.status).toBe(200);
    await expectDocumented("/api/create-grocery-card", "post", again);

    // The card in use: its listing, purchases, freeze and unfreeze.
    const [{ id: cardId }] = (await (
      await call(cardsLoader, await requestAs(employee, "/api/virtual-cards"))
    ).json()) as Array<{ id: number }>;
    await expectDocumented(
      "/api/virtual-cards",
      "get",
      await call(cardsLoader, await requestAs(employee, "/api/virtual-cards")),
    );
    const purchase = (body: unknown, who = employee) =>
      requestAs(who, "/api/sandbox/card-authorizations", { json: body }).then(
        (req) => call(sandboxPurchaseAction, req),
      );
    const groceries = {
      cardId,
      amount: "50.00",
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
    };
    for (const res of [
      await purchase(groceries),
      await purchase({
        ...groceries,
        merchantCategory: "eating_places_restaurants",
      }),
      await purchase({ ...groceries, amount: "x" }),
      await purchase({ ...groceries, cardId: 999_999 }),
      await purchase(groceries, employer),
    ])
      await expectDocumented("/api/sandbox/card-authorizations", "post", res);
    const freezeCall = async (
      fn: typeof freezeAction,
      op: string,
      id: string,
    ) =>
      call(
        fn,
        await requestAs(employee, `/api/virtual-cards/${id}/${op}`, {
          method: "POST",
        }),
        { id },
      );
    await expectDocumented(
      "/api/virtual-cards/{id}/freeze",
      "post",
      await freezeCall(freezeAction, "freeze", String(cardId)),
    );
    await expectDocumented(
      "/api/virtual-cards/{id}/freeze",
      "post",
      await freezeCall(freezeAction, "freeze", "999999"),
    );
    await expectDocumented(
      "/api/virtual-cards/{id}/unfreeze",
      "post",
      await freezeCall(unfreezeAction, "unfreeze", String(cardId)),
    );
    await expectDocumented(
      "/api/stripe/webhook",
      "post",
      await call(
        webhookAction,
        new Request("http://localhost/api/stripe/webhook", {
          method: "POST",
          body: "{}",
        }),
      ),
    );
  });
});

describe("OpenAPI for outside callers", () => {
  it("gives every operation a unique operationId, keys their scopes, writes the Idempotency-Key, and lists the webhooks", () => {
    type Op = {
      operationId: string;
      security: unknown[];
      parameters?: { name: string }[];
      "x-scope"?: string;
      requestBody: {
        content: Record<
          string,
          {
            schema: {
              properties: Record<
                string,
                { properties: Record<string, unknown> }
              >;
            };
          }
        >;
      };
    };
    const full = doc as unknown as {
      paths: Record<string, Record<string, Op>>;
      components: { securitySchemes: Record<string, unknown> };
      webhooks: Record<string, Record<string, Op>>;
    };
    const ids: string[] = [];
    for (const [p, item] of Object.entries(full.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${p}`).toMatch(/^[a-z][A-Za-z]+$/);
        ids.push(op.operationId);
        if (op["x-scope"])
          expect(op.security).toContainEqual({ apiKey: [op["x-scope"]] });
        if (method !== "get" && op.security.length > 0)
          expect(
            op.parameters?.map((x) => x.name),
            `${method} ${p}`,
          ).toContain("Idempotency-Key");
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      full.paths["/api/advance-requests/{id}/approve"].post["x-scope"],
    ).toBe("advances:write");
    expect(full.components.securitySchemes.apiKey).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(Object.keys(full.webhooks)).toContain("advance_request.approved");
    expect(
      full.webhooks["advance_request.approved"].post.requestBody.content[
        "application/json"
      ].schema.properties.data.properties.status,
    ).toBeDefined();
  });
});

describe("OpenAPI rules for outside callers", () => {
  it("documents what a key gets: rate-limit headers, a replay, a refused query, 429 and 405", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const { key } = await createApiKey(employer, {
      name: "Documented",
      scopes: ["employees:read", "advances:write"],
    });
    const withKey = (url: string, init: RequestInit = {}) =>
      new Request(`http://localhost:3000${url}`, {
        ...init,
        headers: { Authorization: `Bearer ${key}`, ...init.headers },
      });
    process.env.API_KEY_RATE_LIMIT = "4";
    resetEnvCache();
    try {
      const list = await call(employeesLoader, withKey("/api/employees"));
      expect(list.status).toBe(200);
      expect(list.headers.get("RateLimit-Limit")).toBe("4");
      expect(list.headers.get("RateLimit-Remaining")).toBe("3");
      expect(Number(list.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
      await expectDocumented("/api/employees", "get", list);

      const pending = await insertAdvance(employee, { amount: "300.00" });
      const approve = () =>
        call(
          approveAction,
          withKey(`/api/advance-requests/${pending.id}/approve`, {
            method: "POST",
            headers: { "Idempotency-Key": `doc-${pending.id}` },
          }),
          { id: String(pending.id) },
        );
      const first = await approve();
      expect(first.status).toBe(200);
      await expectDocumented(
        "/api/advance-requests/{id}/approve",
        "post",
        first,
      );
      const replay = await approve();
      expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
      await expectDocumented(
        "/api/advance-requests/{id}/approve",
        "post",
        replay,
      );

      const badPage = await call(
        employeesLoader,
        withKey("/api/employees?pageSize=0"),
      );
      expect(badPage.status).toBe(400);
      expect(badPage.headers.get("RateLimit-Remaining")).toBe("0");
      await expectDocumented("/api/employees", "get", badPage);

      const limited = await call(employeesLoader, withKey("/api/employees"));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      await expectDocumented("/api/employees", "get", limited);
    } finally {
      delete process.env.API_KEY_RATE_LIMIT;
      resetEnvCache();
    }

    const wrongMethod = await call(
      approveLoader,
      await requestAs(employer, "/api/advance-requests/1/approve"),
      { id: "1" },
    );
    expect(wrongMethod.status).toBe(405);
    await expectDocumented(
      "/api/advance-requests/{id}/approve",
      "post",
      wrongMethod,
    );

    const quoteParams = (
      doc.paths["/api/advance-quote"].get as unknown as {
        parameters: { name: string; in: string }[];
      }
    ).parameters;
    expect(quoteParams.map((p) => `${p.in} ${p.name}`)).toEqual([
      "query amount",
      "query repaymentPeriods",
      "header Grocery-Advance-Version",
    ]);
    const quote = await call(
      quoteLoader,
      await requestAs(
        employee,
        "/api/advance-quote?amount=300&repaymentPeriods=2",
      ),
    );
    expect(quote.status).toBe(200);
    await expectDocumented("/api/advance-quote", "get", quote);
    const badQuote = await call(
      quoteLoader,
      await requestAs(employee, "/api/advance-quote?amount=abc"),
    );
    expect(badQuote.status).toBe(400);
    await expectDocumented("/api/advance-quote", "get", badQuote);
  });
});
