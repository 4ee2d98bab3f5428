import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { auditEvents, payrollConnections, users } from "#db/schema";
import { getPayrollConnection } from "~/models/companies/index.server";
import { payrollAccessToken } from "~/models/integrations/index.server";
import {
  action as payrollAction,
  loader as payrollLoader,
} from "~/routes/_app.settings_.payroll";
import { loader as callbackLoader } from "~/routes/settings.payroll.callback";
import { db } from "~/utils/db.server";
import { needsReseal, parseKeys, seal, unseal } from "~/utils/sealed.server";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployer,
  requestAs,
  withCookie,
} from "#tests/support/factories";
import {
  disableFinch,
  enableFinch,
  TOKEN_KEY,
  useFakeFinch,
} from "#tests/support/finch";
import { toastOf } from "#tests/support/toasts";

// Settings › Payroll connection through the real Finch SDK against a fake Finch server: the
// redirect to Finch Connect, the callback's single-use state, the code exchange, the token
// sealed at rest, disconnect revoking at Finch; and the page without the Finch variables.

useTestDatabase();
const finch = useFakeFinch();

beforeEach(() => finch().reset());

const cookiePairs = (res: Response) =>
  res.headers.getSetCookie().map((c) => c.split(";")[0]);

async function sessionCookie(user: typeof users.$inferSelect) {
  return (await requestAs(user, "/")).headers.get("Cookie")!;
}

/** The owner presses Connect: the answer sends the browser to Finch with a state cookie. */
async function startConnect(owner: typeof users.$inferSelect) {
  const res = await call(
    payrollAction,
    await requestAs(owner, "/settings/payroll", {
      form: { intent: "connect" },
    }),
  );
  expect(res.status).toBe(302);
  const state = cookiePairs(res).find((c) =>
    c.startsWith("__payroll_connect="),
  );
  return { location: res.headers.get("Location")!, state: state! };
}

/** Finch Connect (the fake finishes it at once) redirects back to the callback. */
async function throughFinch(location: string): Promise<URL> {
  const res = await fetch(location, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("Location")!);
}

async function callback(
  owner: typeof users.$inferSelect,
  back: URL,
  state: string | null,
) {
  const cookie = [await sessionCookie(owner), state].filter(Boolean).join("; ");
  return call(
    callbackLoader,
    await withCookie(cookie, `${back.pathname}${back.search}`),
  );
}

async function connect(owner: typeof users.$inferSelect) {
  const { location, state } = await startConnect(owner);
  const res = await callback(owner, await throughFinch(location), state);
  expect(res.headers.get("Location")).toBe("/settings/payroll");
  return res;
}

async function connectionRow(companyId: number) {
  const [row] = await db()
    .select()
    .from(payrollConnections)
    .where(eq(payrollConnections.companyId, companyId));
  return row ?? null;
}

describe("connecting", () => {
  it("redirects to Finch Connect, exchanges the code and keeps the token sealed", async () => {
    const owner = await createEmployer({ companyName: "Finch Foods" });
    const { location, state } = await startConnect(owner);
    const session = finch().callsTo("/connect/sessions")[0];
    expect(session.authorization).toMatch(/^Basic /);
    expect(session.apiVersion).toBe("2020-09-17");
    expect(session.body).toMatchObject({
      customer_id: String(owner.companyId),
      customer_name: "Finch Foods",
      redirect_uri: "http://localhost/settings/payroll/callback",
      products: expect.arrayContaining(["directory", "pay_statement"]),
    });
    expect(location).toMatch(/\/authorize\?session=/);
    expect(state).toMatch(/^__payroll_connect=.{20,}/);

    const back = await throughFinch(location);
    expect(back.pathname).toBe("/settings/payroll/callback");
    const res = await callback(owner, back, state);
    expect(res.headers.get("Location")).toBe("/settings/payroll");
    expect((await toastOf(res))?.type).toBe("success");
    // The state cookie is cleared.
    expect(cookiePairs(res)).toContain("__payroll_connect=");

    const exchange = finch().callsTo("/auth/token")[0];
    expect(exchange.body).toMatchObject({
      code: back.searchParams.get("code"),
      redirect_uri: "http://localhost/settings/payroll/callback",
    });
    const issued = [...finch().tokens.keys()].at(-1)!;
    const row = await connectionRow(owner.companyId!);
    expect(row).toMatchObject({ providerId: "gusto", providerName: "Gusto" });
    expect(row!.products).toContain("pay_statement");
    expect(row!.accessTokenSealed).not.toContain(issued);
    expect(await payrollAccessToken(owner.companyId!)).toBe(issued);

    const page = await call(
      payrollLoader,
      await requestAs(owner, "/settings/payroll"),
    );
    const data = (await page.json()) as {
      enabled: boolean;
      connection: { title: string; products: string[] };
    };
    expect(data.enabled).toBe(true);
    expect(data.connection.title).toBe("Connected to Gusto");
    expect(data.connection.products).toContain("Pay statements");

    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "payroll_connection.connected"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].details)).not.toContain(issued);
  });

  it("refuses a callback whose state is not the browser's, and exchanges nothing", async () => {
    const owner = await createEmployer();
    const { location } = await startConnect(owner);
    const back = await throughFinch(location);
    const forged = `__payroll_connect=${crypto.randomBytes(32).toString("base64url")}`;
    for (const state of [forged, null]) {
      const res = await callback(owner, back, state);
      expect((await toastOf(res))?.description).toBe(
        "This payroll connection link is not valid any more. Start the connection again from Settings.",
      );
    }
    expect(finch().callsTo("/auth/token")).toHaveLength(0);
    expect(await connectionRow(owner.companyId!)).toBeNull();
  });

  it("spends the state once: the same callback opened again is refused", async () => {
    const owner = await createEmployer();
    const { location, state } = await startConnect(owner);
    const back = await throughFinch(location);
    await callback(owner, back, state);
    expect(await connectionRow(owner.companyId!)).not.toBeNull();
    const again = await callback(owner, back, state);
    expect((await toastOf(again))?.type).toBe("error");
    expect(finch().callsTo("/auth/token")).toHaveLength(1);
  });

  it("refuses another owner's state and another company's token", async () => {
    const owner = await createEmployer();
    const stranger = await createEmployer();
    const { location, state } = await startConnect(owner);
    const back = await throughFinch(location);
    const res = await callback(stranger, back, state);
    expect((await toastOf(res))?.type).toBe("error");
    expect(await connectionRow(stranger.companyId!)).toBeNull();

    // A token Finch issued for another customer is given back, not kept.
    finch().grantCustomerId = "someone-else";
    const second = await startConnect(stranger);
    const res2 = await callback(
      stranger,
      await throughFinch(second.location),
      second.state,
    );
    expect((await toastOf(res2))?.description).toBe(
      "Finch refused the connection. Nothing was changed: start the connection again.",
    );
    expect(finch().callsTo("/disconnect")).toHaveLength(1);
    expect(await connectionRow(stranger.companyId!)).toBeNull();
  });

  it("says so when the employer closed Connect, or when Finch is down", async () => {
    const owner = await createEmployer();
    finch().connectOutcome = "cancel";
    const first = await startConnect(owner);
    const res = await callback(
      owner,
      await throughFinch(first.location),
      first.state,
    );
    expect((await toastOf(res))?.description).toBe(
      "The payroll connection was not finished: nothing was connected.",
    );

    finch().connectOutcome = "grant";
    const second = await startConnect(owner);
    const back = await throughFinch(second.location);
    finch().fail("/auth/token", 503, 3);
    const down = await callback(owner, back, second.state);
    expect((await toastOf(down))?.description).toBe(
      "Finch did not answer. Nothing was changed: try again in a few minutes.",
    );
    // The SDK tried three times (its two retries), then gave up; nothing was stored.
    expect(finch().callsTo("/auth/token")).toHaveLength(3);
    expect(await connectionRow(owner.companyId!)).toBeNull();
  });

  it("is connected by owners only (admins see the page, without Connect)", async () => {
    const owner = await createEmployer();
    const [admin] = await db()
      .update(users)
      .set({ companyId: owner.companyId, companyRole: "ADMIN" })
      .where(eq(users.id, (await createEmployer()).id))
      .returning();
    const page = await call(
      payrollLoader,
      await requestAs(admin, "/settings/payroll"),
    );
    expect(page.status).toBe(200);
    expect(((await page.json()) as { isOwner: boolean }).isOwner).toBe(false);
    const post = await call(
      payrollAction,
      await requestAs(admin, "/settings/payroll", {
        form: { intent: "connect" },
      }),
    );
    expect(post.status).toBe(403);
    expect(finch().callsTo("/connect/sessions")).toHaveLength(0);
  });
});

describe("disconnecting", () => {
  const disconnect = async (owner: typeof users.$inferSelect) =>
    call(
      payrollAction,
      await requestAs(owner, "/settings/payroll", {
        form: { intent: "disconnect" },
      }),
    );

  it("revokes the token at Finch and deletes it", async () => {
    const owner = await createEmployer();
    await connect(owner);
    const token = (await payrollAccessToken(owner.companyId!))!;
    const res = await disconnect(owner);
    expect((await toastOf(res))?.type).toBe("success");
    const revoke = finch().callsTo("/disconnect")[0];
    expect(revoke.authorization).toBe(`Bearer ${token}`);
    expect(finch().tokens.get(token)?.revoked).toBe(true);
    expect(await connectionRow(owner.companyId!)).toBeNull();
    const view = await getPayrollConnection(owner);
    expect(view.connection).toBeNull();
  });

  it("deletes a token the employer already revoked at Finch; keeps it while Finch is down", async () => {
    const owner = await createEmployer();
    await connect(owner);
    finch().fail("/disconnect", 500, 3);
    const down = await disconnect(owner);
    expect((await toastOf(down))?.type).toBe("error");
    expect(await connectionRow(owner.companyId!)).not.toBeNull();

    finch().revokeAtFinch((await payrollAccessToken(owner.companyId!))!);
    const res = await disconnect(owner);
    expect((await toastOf(res))?.type).toBe("success");
    expect(await connectionRow(owner.companyId!)).toBeNull();
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "payroll_connection.disconnected"),
          eq(auditEvents.companyId, owner.companyId!),
        ),
      );
    expect(event.details).toMatchObject({ alreadyRevokedAtFinch: true });
  });
});

describe("without the Finch variables", () => {
  afterEach(() => enableFinch(finch()));

  it("is off, says how to turn it on, and calls nothing", async () => {
    disableFinch();
    const owner = await createEmployer();
    const page = await call(
      payrollLoader,
      await requestAs(owner, "/settings/payroll"),
    );
    expect(await page.json()).toMatchObject({
      enabled: false,
      connection: null,
    });
    const post = await call(
      payrollAction,
      await requestAs(owner, "/settings/payroll", {
        form: { intent: "connect" },
      }),
    );
    expect((await toastOf(post))?.description).toBe(
      "The payroll connection is not turned on for this server.",
    );
    expect(finch().requests).toHaveLength(0);
  });
});

describe("sealing keys", () => {
  it("opens with any configured key, seals with the first, and binds the company", () => {
    const old = parseKeys(TOKEN_KEY);
    const sealed = seal(old, "token-1", "payroll-connection:1");
    const rotated = parseKeys(
      `${crypto.randomBytes(32).toString("base64")},${TOKEN_KEY}`,
    );
    expect(unseal(rotated, sealed, "payroll-connection:1")).toBe("token-1");
    expect(needsReseal(rotated, sealed)).toBe(true);
    expect(needsReseal(old, sealed)).toBe(false);
    expect(() => unseal(old, sealed, "payroll-connection:2")).toThrow();
    expect(() =>
      unseal(
        parseKeys(crypto.randomBytes(32).toString("base64")),
        sealed,
        "payroll-connection:1",
      ),
    ).toThrow(/not configured/);
  });
});
